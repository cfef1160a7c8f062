// @vitest-environment jsdom
// The picker of upload cells with attachmentConfig.pickFrom, against a fake RuntimeEnv: it asks the named
// family's operation (nothing in the body: the server decides whose files), lists name, size and upload date,
// and a tick writes the ids and the files' names and sizes; one pick only without `multiple`; a value the
// server no longer offers is dropped with the next tick; a failed list says so. The upload cell shows the
// row's displayKey text when it has files.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, RuntimeEnvContext, type RuntimeEnv } from '../../../runtime/env.js';
import { FilePickList, describePicked, pickOf, type PickFrom } from '../../../runtime/attachments/FilePickList.js';
import { uploadCellType } from '../../../runtime/attachments/registration.js';
import type { EntityDefinition } from '../../../runtime/definitions.js';
import type { ColumnModel } from '../../../runtime/grid/columns.js';
import { fakeEnv, fakeT } from './helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
if (!window.matchMedia) {
  window.matchMedia = ((q: string) => ({
    matches: false,
    media: q,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    onchange: null,
    dispatchEvent: () => false,
  })) as never;
}
if (!(globalThis as { ResizeObserver?: unknown }).ResizeObserver) {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const FAMILY = { name: 'srmDemoDoc', area: 'srmServer', key: 'docId', fields: {} } as unknown as EntityDefinition;
const OFFERED = [
  { id: 11, originalFileName: 'manual.pdf', fileSize: 2048, creationDate: '2026-11-20T08:30:00' },
  { id: 12, originalFileName: 'photo.png', fileSize: 208, creationDate: '2026-11-21 09:15:00' },
];

let root: Root | null = null;
let host: HTMLDivElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = null;
});

async function render(env: RuntimeEnv, value: unknown, pickFrom: PickFrom = { entity: FAMILY.name, operation: 'listOwnFiles' }) {
  // One picker at a time: a second render in a test replaces the first.
  act(() => root?.unmount());
  host?.remove();
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const onChange = vi.fn();
  await act(async () => {
    root!.render(
      <RuntimeEnvContext.Provider value={env}>
        <FilePickList name="p" value={value} pickFrom={pickFrom} entity={FAMILY} onChange={onChange} />
      </RuntimeEnvContext.Provider>,
    );
  });
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  return { onChange };
}

const q = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;
const tick = async (i: number) => {
  const box = q(`file-pick-p-${i}`)!.querySelector('input') as HTMLInputElement;
  await act(async () => box.click());
};

function envOffering(answer: () => Promise<unknown>) {
  const calls: { path: string; body: unknown }[] = [];
  const notes: [string, string][] = [];
  const env = fakeEnv({
    t: fakeT('EN'),
    api: (async (path: string, body?: unknown) => {
      calls.push({ path, body });
      return { status: 'S', msg: '', data: await answer() };
    }) as RuntimeEnv['api'],
    notify: (kind, message) => void notes.push([kind, message]),
  });
  return { env, calls, notes };
}

describe('FilePickList', () => {
  it("asks the family's operation with nothing that names whose files, and lists name, size and upload date", async () => {
    const { env, calls } = envOffering(async () => OFFERED);
    await render(env, '12');
    expect(calls).toEqual([{ path: 'srmServer/v1/srmDemoDocRestful/listOwnFiles', body: {} }]);
    const text = q('file-pick-p')!.textContent!;
    expect(text).toContain('manual.pdf');
    expect(text).toContain('2.00 KB');
    expect(text).toContain('2026-11-20 08:30:00');
    expect(text).toContain('Tick the files to use');
    expect((q('file-pick-p-1')!.querySelector('input') as HTMLInputElement).checked).toBe(true);
    expect((q('file-pick-p-0')!.querySelector('input') as HTMLInputElement).checked).toBe(false);
  });

  it('a tick writes the ids in the offered order and the names and sizes; an untick removes one', async () => {
    const { env } = envOffering(async () => OFFERED);
    const { onChange } = await render(env, '12');
    await tick(0);
    expect(onChange).toHaveBeenLastCalledWith('11,12', 'manual.pdf (2.00 KB); photo.png (208 B)');
    const again = await render(env, '12');
    await tick(1);
    expect(again.onChange).toHaveBeenLastCalledWith(undefined, null);
  });

  it('picks one file only without multiple, and drops a value the server no longer offers', async () => {
    const { env } = envOffering(async () => OFFERED);
    const single = await render(env, '11', {
      entity: FAMILY.name,
      operation: 'listOwnFiles',
      multiple: false,
      hint: { CN: '选择要替换的文件', EN: 'Pick the file to replace', TH: 'เลือกไฟล์ที่จะแทนที่', VN: 'Chọn tệp cần thay thế' },
    });
    expect(q('file-pick-p')!.textContent).toContain('Pick the file to replace');
    await tick(1);
    expect(single.onChange).toHaveBeenLastCalledWith('12', 'photo.png (208 B)');
    const stale = await render(env, '99');
    await tick(0);
    expect(stale.onChange).toHaveBeenLastCalledWith('11', 'manual.pdf (2.00 KB)');
  });

  it("a refused list shows the server's message and nothing to pick", async () => {
    const { env, notes } = envOffering(async () => {
      throw new ApiError('Only the supplier itself asks', 200);
    });
    await render(env, '');
    expect(notes).toEqual([['error', 'Only the supplier itself asks']]);
    expect(q('file-pick-p')!.textContent).toContain('The file list could not be loaded');
  });
});

describe('upload cells that pick', () => {
  it('find the family of pickFrom among the loaded definitions', () => {
    const config = { pickFrom: { entity: FAMILY.name, operation: 'listOwnFiles' } };
    expect(pickOf(config, { [FAMILY.name]: FAMILY })?.entity).toBe(FAMILY);
    expect(pickOf(config, {})).toBeUndefined();
    expect(pickOf({}, { [FAMILY.name]: FAMILY })).toBeUndefined();
  });

  it("show the row's displayKey text when the cell has files, else the count", () => {
    const col = { displayKey: 'oldFiles' } as ColumnModel;
    const ctx = (row: Record<string, unknown>) => ({ row, lookups: {} });
    expect(uploadCellType.format('11', col, ctx({ oldFiles: 'manual.pdf (2 KB)' }))).toBe('manual.pdf (2 KB)');
    expect(uploadCellType.format('', col, ctx({ oldFiles: 'stale.pdf (1 B)' }))).toBe('0');
    expect(uploadCellType.format('11,12', { displayKey: undefined } as ColumnModel, ctx({}))).toBe('2');
    expect(describePicked([])).toBeNull();
  });
});

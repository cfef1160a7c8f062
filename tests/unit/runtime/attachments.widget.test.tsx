// @vitest-environment jsdom
// The attachment widget against a fake RuntimeEnv: permissions and per-record switches, the count cap,
// checks before sending, upload (FormData, context, id string), failure, delete with confirmation and
// an RSA-OAEP encrypted id list, then the reminder.
import { generateKeyPairSync, privateDecrypt, constants } from 'node:crypto';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, RuntimeEnvContext, type Envelope, type RuntimeEnv } from '../../../runtime/env.js';
import { AttachmentWidget, type AttachmentWidgetProps } from '../../../runtime/attachments/AttachmentWidget.js';
import type { Attachment } from '../../../runtime/attachments/rules.js';
import { registerClientModule } from '../../../runtime/registry/clientModule.js';
import files from '../../../modules/files/client/index.js';
import { fakeEnv, fakeT } from './helpers.js';

// The file endpoints as the files module provides them to the runtime (service slot `attachments`).
const FILE = files.services.attachments;
beforeAll(() => registerClientModule(files));

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

const FILES: Record<string, Attachment> = {
  '1': { id: 1, originalFileName: 'a.pdf', fileSize: 100, suffixName: 'pdf' },
  '2': { id: 2, originalFileName: 'b.png', fileSize: 200, suffixName: 'png' },
};
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

let root: Root | null = null;
let host: HTMLDivElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = null;
});

function envWith(overrides: Partial<RuntimeEnv> = {}) {
  const calls: { path: string; body: unknown }[] = [];
  const notes: [string, string][] = [];
  const env = fakeEnv({
    t: fakeT('CN'),
    language: 'CN',
    api: (async (path: string, body?: unknown) => {
      calls.push({ path, body });
      if (path.endsWith('listBaseFile')) {
        const ids = String((body as { ids: string }).ids).split(',');
        return { status: 'S', msg: '', data: ids.map((i) => FILES[i]).filter(Boolean) };
      }
      if (path.endsWith('getPublicKey')) return { status: 'S', msg: '', data: keys.publicKey };
      return { status: 'S', msg: '', data: null };
    }) as RuntimeEnv['api'],
    notify: (kind, message) => void notes.push([kind, message]),
    ...overrides,
  });
  return { env, calls, notes };
}

async function render(env: RuntimeEnv, props: Partial<AttachmentWidgetProps> & { value?: unknown }) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const onChange = vi.fn();
  await act(async () => {
    root!.render(
      <RuntimeEnvContext.Provider value={env}>
        <AttachmentWidget name="att" onChange={onChange} functionId="srmPoRequisition" businessId={7} {...props} value={props.value} />
      </RuntimeEnvContext.Provider>,
    );
  });
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  return { onChange };
}

const q = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;
const button = (id: string) => q(id) as HTMLButtonElement | null;

async function hover() {
  await act(async () => {
    q('attachment-trigger-att')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 300));
  });
}

async function pick(files: File[]) {
  const input = q('attachment-input-att') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 20));
  });
}

describe('AttachmentWidget', () => {
  it('loads the files of the id string and shows the count', async () => {
    const { env, calls } = envWith();
    await render(env, { value: '2,1' });
    expect(calls[0]).toEqual({ path: FILE.list, body: { ids: '2,1' } });
    expect(q('attachment-att')!.getAttribute('data-count')).toBe('2');
    expect(q('attachment-att')!.textContent).toContain('2');
    await hover();
    expect(q('attachment-name-att-0')!.textContent).toBe('b.png');
    expect(q('attachment-list-att')!.style.maxHeight).toBe('240px');
  });

  it('buttons follow env.can: without upload/delete resources only preview and download remain', async () => {
    const { env } = envWith({ can: (code) => code === 'btnPreviewAttachment' || code === 'btnDownloadAttachment' });
    await render(env, { value: '1' });
    expect(q('attachment-input-att')).toBeNull();
    expect(q('attachment-upload-att')!.textContent).toBe('附件 1');
    await hover();
    expect(q('attachment-preview-att-0')).not.toBeNull();
    expect(q('attachment-download-att-0')).not.toBeNull();
    expect(q('attachment-delete-att-0')).toBeNull();
  });

  it('checkPermission false turns the resource check off', async () => {
    const { env } = envWith({ can: () => false });
    await render(env, { value: '1', config: { checkPermission: false } });
    expect(q('attachment-input-att')).not.toBeNull();
  });

  it('per record: config conditions and props disable or hide buttons; read-only takes upload and delete away', async () => {
    const { env } = envWith();
    const draftOnly = { not: { field: 'status', operator: 'in' as const, value: ['DRAFT'] } };
    await render(env, { value: '1', record: { status: 'SUBMITTED' }, config: { disabled: { upload: draftOnly } }, hidden: { download: true } });
    // No upload: the button turns into the enabled count of files (their list stays reachable).
    expect(q('attachment-input-att')).toBeNull();
    expect(q('attachment-upload-att')!.textContent).toBe('附件 1');
    expect(button('attachment-upload-att')!.disabled).toBe(false);
    await hover();
    expect(q('attachment-download-att-0')).toBeNull();
    expect(button('attachment-delete-att-0')!.disabled).toBe(false);
    act(() => root!.unmount());
    await render(env, { value: '1', readOnly: true });
    expect(q('attachment-upload-att')!.textContent).toBe('附件 1');
    expect(button('attachment-upload-att')!.disabled).toBe(false);
    await hover();
    expect(button('attachment-delete-att-0')!.disabled).toBe(true);
    expect(button('attachment-preview-att-0')!.disabled).toBe(false);
  });

  it('the upload button is disabled once the count cap is reached', async () => {
    const { env } = envWith();
    await render(env, { value: '1,2', config: { maxCount: 2 } });
    expect(button('attachment-upload-att')!.disabled).toBe(true);
  });

  it('refuses files before sending, with the §5 message', async () => {
    const upload = vi.fn();
    const { env, notes } = envWith({ upload });
    await render(env, { value: '', config: { extensions: ['pdf'] } });
    await pick([new File(['x'], 'run.exe')]);
    expect(upload).not.toHaveBeenCalled();
    expect(notes).toEqual([['error', '不能上传扩展名为 exe 的附件，只允许：pdf']]);
  });

  it('uploads with the context, appends the answer and rebuilds the id string', async () => {
    let sent: FormData | undefined;
    const upload = vi.fn(async (_path: string, form: FormData, o?: { onProgress?(l: number, t: number): void }) => {
      sent = form;
      o?.onProgress?.(1, 2);
      return { status: 'S', msg: '', data: [{ id: 3, originalFileName: 'c.txt', fileSize: 1 }] } as Envelope<never>;
    });
    const { env, notes } = envWith({ upload: upload as RuntimeEnv['upload'] });
    const { onChange } = await render(env, { value: '1,2', config: { path: 'order/requisition' } });
    await pick([new File(['hello'], 'c.txt')]);
    expect(upload.mock.calls[0][0]).toBe(FILE.upload);
    expect(sent!.get('functionId')).toBe('srmPoRequisition');
    expect(sent!.get('businessId')).toBe('7');
    expect(sent!.get('path')).toBe('order/requisition');
    expect((sent!.get('files') as File).name).toBe('c.txt');
    expect(onChange).toHaveBeenLastCalledWith('1,2,3');
    expect(notes.at(-1)).toEqual(['success', '上传成功']);
    expect(q('attachment-progress-att')).toBeNull();
  });

  it('image upload refuses other types and sends images to the images route', async () => {
    const upload = vi.fn(
      async (_path: string, _form: FormData) => ({ status: 'S', msg: '', data: [{ id: 5, originalFileName: 'p.PNG', fileSize: 1 }] }) as Envelope<never>,
    );
    const { env, notes } = envWith({ upload: upload as RuntimeEnv['upload'] });
    const { onChange } = await render(env, { value: '', config: { imageOnly: true } });
    expect(q('attachment-upload-att')!.textContent).toBe('上传图片');
    expect((q('attachment-input-att') as HTMLInputElement).accept).toBe('.gif,.jpg,.jpeg,.png,.bmp');
    await pick([new File(['<svg/>'], 'x.svg')]);
    expect(notes).toEqual([['error', '图片类型必须是 gif, jpg, jpeg, png, bmp 中的一种']]);
    await pick([new File(['x'], 'p.PNG')]);
    expect(upload.mock.calls[0][0]).toBe(FILE.imageUpload);
    expect(onChange).toHaveBeenLastCalledWith('5');
  });

  it('an upload failure shows msg and resets the progress', async () => {
    const upload = vi.fn(async () => {
      throw new ApiError('文件类型与内容不符', 200);
    });
    const { env, notes } = envWith({ upload: upload as RuntimeEnv['upload'] });
    const { onChange } = await render(env, { value: '' });
    await pick([new File(['x'], 'fake.jpg')]);
    expect(notes).toEqual([['error', '文件类型与内容不符']]);
    expect(onChange).not.toHaveBeenCalled();
    expect(q('attachment-progress-att')).toBeNull();
    expect(button('attachment-upload-att')!.disabled).toBe(false);
  });

  it('deletes after confirmation with RSA-OAEP encrypted ids, then reminds to save', async () => {
    const confirm = vi.fn(async () => true);
    const { env, calls, notes } = envWith({ confirm });
    const { onChange } = await render(env, { value: '1,2' });
    await hover();
    await act(async () => {
      button('attachment-delete-att-0')!.click();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(confirm).toHaveBeenCalledWith('此操作将删除该附件，是否继续？');
    const del = calls.find((c) => c.path === FILE.batchDelete)!;
    const cipher = (del.body as { fileIds: string }).fileIds;
    const plain = privateDecrypt(
      { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(cipher, 'base64'),
    ).toString();
    expect(plain).toBe('1');
    expect(onChange).toHaveBeenLastCalledWith('2');
    expect(notes.at(-1)).toEqual(['warning', '附件已删除，由于附件ID已变更，请保存业务单据']);
  });

  it('a declined confirmation deletes nothing', async () => {
    const { env, calls } = envWith({ confirm: async () => false });
    const { onChange } = await render(env, { value: '1' });
    await hover();
    await act(async () => {
      button('attachment-delete-att-0')!.click();
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(calls.some((c) => c.path.endsWith('batchDelete'))).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('preview of a type outside §5 says to download instead', async () => {
    FILES['9'] = { id: 9, originalFileName: 'model.step', fileSize: 10, suffixName: 'step' };
    const download = vi.fn();
    const { env, notes } = envWith({ download });
    await render(env, { value: '9' });
    await hover();
    await act(async () => {
      button('attachment-preview-att-0')!.click();
    });
    expect(download).not.toHaveBeenCalled();
    expect(notes).toEqual([['warning', '该格式不支持在线预览，请下载后查看']]);
  });
});

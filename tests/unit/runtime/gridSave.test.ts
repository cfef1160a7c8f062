// @vitest-environment jsdom
// Saving an editable list grid (isEdit): only edited rows, checked with the grid's cell rules first,
// the server's refusal of one record told as the grid row it came from; nothing sent when unchanged.
import { describe, expect, it, vi } from 'vitest';
import showcase from '../../../modules/samples/pages/gridShowcaseList.page.json';
import sample from '../../../modules/samples/entities/srmBaseGridSample.entity.json';
import type { Action, EntityDefinition, PageDefinition } from '../../../runtime/definitions.js';
import { ApiError, type RuntimeEnv } from '../../../runtime/env.js';
import { createDataProvider } from '../../../runtime/data/dataProvider.js';
import { registerBuiltIns } from '../../../runtime/index.js';
import { rowNumber } from '../../../runtime/grid/format.js';
import { changedRows, editProblems } from '../../../runtime/grid/rowEdits.js';
import { builtInActions, runAction } from '../../../runtime/pages/actions.js';
import type { ActionContext } from '../../../runtime/registry/types.js';
import { def, fakeEnv, fakeT } from './helpers.js';

registerBuiltIns();
const page = def<PageDefinition>(showcase);
const entity = def<EntityDefinition>(sample);
const grid = page.grid!;
const action: Action = { name: 'saveRows', type: 'saveRows', operation: 'doBatchSaveOrUpdate', resource: 'btnSave' };
const loaded = [
  { sampleId: 1, sampleCode: 'GS-0021', sampleName: 'A', quantity: 1, phone: '021-55500001', versionNum: 1, sampleNameDisplay: 'x' },
  { sampleId: 2, sampleCode: 'GS-0022', sampleName: 'B', quantity: 2, phone: '021-55500002', versionNum: 1 },
  { sampleId: 3, sampleCode: 'GS-0023', sampleName: 'C', quantity: 3, phone: '021-55500003', versionNum: 1 },
];

function ctxFor(env: RuntimeEnv, current: typeof loaded, pageIndex = 2): ActionContext {
  return {
    env,
    action,
    page,
    entity,
    provider: createDataProvider(env, entity),
    query: {},
    reload: vi.fn(async () => undefined),
    edits: { grid, rows: changedRows(loaded, current), rowNumberOf: (i) => rowNumber(i, pageIndex, 20) },
  };
}

describe('editable list save', () => {
  it('finds the changed rows only', () => {
    const current = loaded.map((r) => ({ ...r }));
    expect(changedRows(loaded, current)).toEqual([]);
    current[2] = { ...current[2], sampleName: 'C2' };
    expect(changedRows(loaded, current)).toEqual([{ index: 2, row: current[2] }]);
  });

  it('checks the edited cells with the grid rules and names the row as numbered across pages', () => {
    const env = fakeEnv({ t: fakeT('CN'), language: 'CN' });
    const current = loaded.map((r) => ({ ...r }));
    current[1] = { ...current[1], sampleName: '', quantity: 200000 };
    const problems = editProblems(grid, entity, changedRows(loaded, current), (i) => rowNumber(i, 2, 20), env);
    expect(problems).toEqual(['第 22 行 示例名称：必填', expect.stringMatching(/^第 22 行 数量：/)]);
  });

  it('sends only the edited rows without display values, tells and reloads', async () => {
    const api = vi.fn(async () => ({ status: 'S' as const, msg: '', data: [] as never }));
    const notify = vi.fn();
    const current = loaded.map((r) => ({ ...r }));
    current[0] = { ...current[0], sampleName: 'A2' };
    const c = ctxFor(fakeEnv({ api, notify }), current);
    await runAction(builtInActions.saveRows, c);
    expect(api).toHaveBeenCalledWith('srmServer/v1/srmBaseGridSampleRestful/doBatchSaveOrUpdate', {
      data: [{ sampleId: 1, sampleCode: 'GS-0021', sampleName: 'A2', quantity: 1, phone: '021-55500001', versionNum: 1 }],
    });
    expect(notify).toHaveBeenCalledWith('success', 'Saved');
    expect(c.reload).toHaveBeenCalled();
  });

  it('nothing edited: says so and sends nothing', async () => {
    const api = vi.fn();
    const notify = vi.fn();
    await runAction(builtInActions.saveRows, ctxFor(fakeEnv({ api, notify }), loaded));
    expect(api).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('warning', 'There are no changes to save');
  });

  it('a bad cell stops the save before any request', async () => {
    const api = vi.fn();
    const notify = vi.fn();
    const current = loaded.map((r) => ({ ...r }));
    current[0] = { ...current[0], sampleName: '' };
    await runAction(builtInActions.saveRows, ctxFor(fakeEnv({ api, notify }), current));
    expect(api).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('error', expect.stringMatching(/^Row 21 /));
  });

  it('a refused record is told as its grid row; nothing reloads', async () => {
    const envelope = {
      status: 'E' as const,
      msg: 'Record 2: stale',
      data: { rowIndex: 1, rowMessage: 'The record was changed by someone else', errors: null },
    };
    const api = vi.fn(async () => {
      throw new ApiError(envelope.msg, 200, envelope);
    });
    const notify = vi.fn();
    const current = loaded.map((r) => ({ ...r, sampleName: `${String(r.sampleName)}!` }));
    const c = ctxFor(fakeEnv({ api, notify }), current, 3);
    await runAction(builtInActions.saveRows, c);
    expect(notify).toHaveBeenCalledWith('error', 'Row 42: The record was changed by someone else');
    expect(c.reload).not.toHaveBeenCalled();
  });
});

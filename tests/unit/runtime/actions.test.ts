// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import bankList from '../../../modules/base/pages/bankList.page.json';
import bank from '../../../modules/base/entities/srmBaseBank.entity.json';
import reqEdit from '../../../modules/requisition/pages/requisitionEdit.page.json';
import req from '../../../modules/requisition/entities/srmPoRequisition.entity.json';
import type { Action, EntityDefinition, PageDefinition } from '../../../runtime/definitions.js';
import { ApiError, type RuntimeEnv } from '../../../runtime/env.js';
import { createDataProvider } from '../../../runtime/data/dataProvider.js';
import { builtInActions, runAction } from '../../../runtime/pages/actions.js';
import type { ActionContext } from '../../../runtime/registry/types.js';
import { fakeEnv, def } from './helpers.js';
import { toolbarActions } from '../../../runtime/grid/config.js';

const list = def<PageDefinition>(bankList);
const edit = def<PageDefinition>(reqEdit);
const query = { menuId: '5', respId: '2' };

function ctx(env: RuntimeEnv, page: PageDefinition, entity: EntityDefinition, action: Action, extra: Partial<ActionContext> = {}): ActionContext {
  return { env, action, page, entity, provider: createDataProvider(env, entity), query, reload: vi.fn(async () => undefined), ...extra };
}

const rowAction = (name: string) => list.grid!.rowActions!.find((a) => a.name === name)!;
const toolbar = (name: string) => toolbarActions(list.grid).find((a) => a.name === name)!;
const pageAction = (name: string) => edit.actions!.find((a) => a.name === name)!;

describe('actions', () => {
  it('openEdit keeps menuId/respId of the route', async () => {
    const navigate = vi.fn();
    const env = fakeEnv({ navigate });
    await runAction(builtInActions.openEdit, ctx(env, list, def<EntityDefinition>(bank), rowAction('edit'), { record: { bankId: 9 } }));
    expect(navigate).toHaveBeenCalledWith('/main/base/bankEdit?id=9&mode=edit&menuId=5&respId=2');
    await runAction(builtInActions.openEdit, ctx(env, list, def<EntityDefinition>(bank), toolbar('add')));
    expect(navigate).toHaveBeenLastCalledWith('/main/base/bankEdit?mode=create&menuId=5&respId=2');
  });
  it('delete confirms, deletes, tells and reloads; a cancelled confirm does nothing', async () => {
    const api = vi.fn(async () => ({ status: 'S' as const, msg: '', data: null as never }));
    const notify = vi.fn();
    const confirm = vi.fn(async () => true);
    const c = ctx(fakeEnv({ api, notify, confirm }), list, def<EntityDefinition>(bank), rowAction('delete'), { record: { bankId: 3 } });
    await runAction(builtInActions.operation, c);
    expect(confirm).toHaveBeenCalledWith('Delete this record? Do you want to continue?');
    expect(api).toHaveBeenCalledWith('srmServer/v1/srmBaseBankRestful/delete', { id: 3 });
    expect(notify).toHaveBeenCalledWith('success', 'Deleted');
    expect(c.reload).toHaveBeenCalled();
    confirm.mockResolvedValueOnce(false);
    api.mockClear();
    await runAction(builtInActions.operation, c);
    expect(api).not.toHaveBeenCalled();
  });
  it('batch delete sends the selected keys', async () => {
    const api = vi.fn(async () => ({ status: 'S' as const, msg: '', data: null as never }));
    const confirm = vi.fn(async () => true);
    const c = ctx(fakeEnv({ api, confirm }), list, def<EntityDefinition>(bank), toolbar('batchDelete'), { selection: [{ bankId: 1 }, { bankId: 4 }] });
    await runAction(builtInActions.operation, c);
    expect(confirm).toHaveBeenCalledWith('Delete the 2 selected records? Do you want to continue?');
    expect(api).toHaveBeenCalledWith('srmServer/v1/srmBaseBankRestful/doBatchDelete', { ids: [1, 4] });
  });
  it('a transition sends id and versionNum, then takes the answer and reloads', async () => {
    const api = vi.fn(async () => ({ status: 'S' as const, msg: '', data: { requisitionId: 7, status: 'SUBMITTED', versionNum: 4 } as never }));
    const applyRecord = vi.fn();
    const c = ctx(fakeEnv({ api }), edit, def<EntityDefinition>(req), pageAction('submit'), { record: { requisitionId: 7, versionNum: 3 }, applyRecord });
    await runAction(builtInActions.operation, c);
    expect(api).toHaveBeenCalledWith('srmServer/v1/srmPoRequisitionRestful/doSubmit', { id: 7, versionNum: 3 });
    expect(applyRecord).toHaveBeenCalledWith({ requisitionId: 7, status: 'SUBMITTED', versionNum: 4 });
    expect(c.reload).toHaveBeenCalled();
  });
  it('save refused with status E shows the message and keeps the edits', async () => {
    const api = vi.fn(async () => {
      throw new ApiError('The record was changed by someone else', 200);
    });
    const notify = vi.fn();
    const applyRecord = vi.fn();
    const record = { requisitionId: 7, versionNum: 1, title: 'edited', lines: [{ materialId: 1, materialIdDisplay: 'M1' }] };
    const c = ctx(fakeEnv({ api, notify }), edit, def<EntityDefinition>(req), pageAction('save'), { record, applyRecord, validate: () => true });
    await runAction(builtInActions.save, c);
    expect(api).toHaveBeenCalledWith('srmServer/v1/srmPoRequisitionRestful/saveOrUpdate', {
      requisitionId: 7,
      versionNum: 1,
      title: 'edited',
      lines: [{ materialId: 1 }],
    });
    expect(notify).toHaveBeenCalledWith('error', 'The record was changed by someone else');
    expect(applyRecord).not.toHaveBeenCalled();
    expect(c.reload).not.toHaveBeenCalled();
  });
  it('save of a new record opens it by its new key', async () => {
    const api = vi.fn(async () => ({ status: 'S' as const, msg: '', data: { requisitionId: 12, versionNum: 1 } as never }));
    const navigate = vi.fn();
    const c = ctx(fakeEnv({ api, navigate }), edit, def<EntityDefinition>(req), pageAction('save'), { record: { title: 'x' }, validate: () => true });
    await runAction(builtInActions.save, c);
    expect(navigate).toHaveBeenCalledWith('/main/order/requisitionEdit?id=12&mode=edit&menuId=5&respId=2', { replace: true });
  });
  it('save does not call the server when validation fails', async () => {
    const api = vi.fn();
    const c = ctx(fakeEnv({ api }), edit, def<EntityDefinition>(req), pageAction('save'), { record: {}, validate: () => false });
    await runAction(builtInActions.save, c);
    expect(api).not.toHaveBeenCalled();
  });
  it('back returns to the list page', async () => {
    const navigate = vi.fn();
    await runAction(builtInActions.back, ctx(fakeEnv({ navigate }), edit, def<EntityDefinition>(req), pageAction('back')));
    expect(navigate).toHaveBeenCalledWith('/main/order/requisitionList?menuId=5&respId=2');
  });
});

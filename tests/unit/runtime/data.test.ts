// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import bank from '../../../modules/base/entities/srmBaseBank.entity.json';
import reqLine from '../../../modules/requisition/entities/srmPoRequisitionLine.entity.json';
import type { EntityDefinition } from '../../../runtime/definitions.js';
import { clearLookupCache, createDataProvider, loadLookup, LOOKUP_STORAGE_KEY, peekLookup } from '../../../runtime/data/index.js';
import { registerClientModule } from '../../../runtime/registry/clientModule.js';
import lookups, { FIND_DIC } from '../../../modules/lookups/client/index.js';
import { fakeEnv, def } from './helpers.js';

describe('data provider', () => {
  it('calls the family paths with the contract bodies', async () => {
    const api = vi.fn(async (path: string) => ({
      status: 'S' as const,
      msg: '',
      data: (path.endsWith('listByPage') ? [{ bankId: 1 }] : { bankId: 1 }) as never,
      page: { count: 41, curIndex: 3, pageRows: 20 },
    }));
    const p = createDataProvider(fakeEnv({ api }), def<EntityDefinition>(bank));
    const res = await p.list({
      params: { bankCode: 'B', bankName: '', enabledFlag: null },
      pageIndex: 3,
      pageRows: 20,
      sort: [{ field: 'bankCode', order: 'desc' }],
    });
    expect(api).toHaveBeenLastCalledWith('srmServer/v1/srmBaseBankRestful/listByPage', {
      params: { bankCode: 'B' },
      pageIndex: 3,
      pageRows: 20,
      sort: [{ field: 'bankCode', order: 'desc' }],
    });
    expect(res).toMatchObject({ total: 41, pageIndex: 3, rows: [{ bankId: 1 }] });
    await p.findById(1);
    expect(api).toHaveBeenLastCalledWith('srmServer/v1/srmBaseBankRestful/findById', { id: 1 });
    await p.saveOrUpdate({ bankId: 1, versionNum: 2 });
    expect(api).toHaveBeenLastCalledWith('srmServer/v1/srmBaseBankRestful/saveOrUpdate', { bankId: 1, versionNum: 2 });
    await p.remove(1);
    expect(api).toHaveBeenLastCalledWith('srmServer/v1/srmBaseBankRestful/delete', { id: 1 });
    await p.batchRemove([1, 2]);
    expect(api).toHaveBeenLastCalledWith('srmServer/v1/srmBaseBankRestful/doBatchDelete', { ids: [1, 2] });
    await p.transition('doSubmit', 1, 4);
    expect(api).toHaveBeenLastCalledWith('srmServer/v1/srmBaseBankRestful/doSubmit', { id: 1, versionNum: 4 });
  });
  it("sends a cursor as after and answers the next page's cursor", async () => {
    const api = vi.fn(async () => ({
      status: 'S' as const,
      msg: '',
      data: [{ bankId: 2 }] as never,
      page: { count: 41, curIndex: 4, pageRows: 1, after: 'c4' },
    }));
    const p = createDataProvider(fakeEnv({ api }), def<EntityDefinition>(bank));
    const res = await p.list({ params: {}, pageIndex: 4, pageRows: 1, after: 'c3' });
    expect(api).toHaveBeenLastCalledWith('srmServer/v1/srmBaseBankRestful/listByPage', { params: {}, pageIndex: 4, pageRows: 1, after: 'c3' });
    expect(res.after).toBe('c4');
  });

  it('refuses entities without a family', () => {
    expect(() => createDataProvider(fakeEnv(), def<EntityDefinition>(reqLine))).toThrow(/no REST family/);
  });
});

describe('lookup cache', () => {
  // The values come from the lookups module's provider (service slot `lookupValues`).
  beforeAll(() => registerClientModule(lookups));
  beforeEach(() => clearLookupCache());
  it('caches per type and language, in memory and localStorage, and clears', async () => {
    const api = vi.fn(async () => ({
      status: 'S' as const,
      msg: '',
      data: [
        { lookupCode: 'B', meaning: 'b', enabledFlag: 'Y', seqNum: 2 },
        { lookupCode: 'A', meaning: 'a', enabledFlag: 'N', seqNum: 1 },
      ] as never,
    }));
    const env = fakeEnv({ api, language: 'CN' });
    const values = await loadLookup(env, 'T1');
    expect(values.map((v) => v.lookupCode)).toEqual(['A', 'B']);
    await loadLookup(env, 'T1');
    expect(api).toHaveBeenCalledTimes(1);
    expect(api).toHaveBeenCalledWith(FIND_DIC, { lookupType: 'T1' });
    expect(JSON.parse(localStorage.getItem(LOOKUP_STORAGE_KEY)!)['CN:T1']).toHaveLength(2);
    expect(peekLookup('EN', 'T1')).toBeUndefined();
    await loadLookup({ ...env, language: 'EN' }, 'T1');
    expect(api).toHaveBeenCalledTimes(2);
    clearLookupCache();
    expect(peekLookup('CN', 'T1')).toBeUndefined();
    expect(localStorage.getItem(LOOKUP_STORAGE_KEY)).toBeNull();
  });
});

// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import bank from '../../../schemas/entities/base/srmBaseBank.entity.json';
import reqLine from '../../../schemas/entities/order/srmPoRequisitionLine.entity.json';
import type { EntityDefinition } from '../../../runtime/definitions.js';
import { clearLookupCache, createDataProvider, loadLookup, LOOKUP_STORAGE_KEY, peekLookup } from '../../../runtime/data/index.js';
import { fakeEnv , def } from './helpers.js';

describe('data provider', () => {
  it('calls the family paths with the contract bodies', async () => {
    const api = vi.fn(async (path: string) => ({
      status: 'S' as const,
      msg: '',
      data: (path.endsWith('listByPage') ? [{ bankId: 1 }] : { bankId: 1 }) as never,
      page: { count: 41, curIndex: 3, pageRows: 20 },
    }));
    const p = createDataProvider(fakeEnv({ api }), def<EntityDefinition>(bank));
    const res = await p.list({ params: { bankCode: 'B', bankName: '', enabledFlag: null }, pageIndex: 3, pageRows: 20, sort: [{ field: 'bankCode', order: 'desc' }] });
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
  it('refuses entities without a family', () => {
    expect(() => createDataProvider(fakeEnv(), def<EntityDefinition>(reqLine))).toThrow(/no REST family/);
  });
});

describe('lookup cache', () => {
  beforeEach(() => clearLookupCache());
  it('caches per type and language, in memory and localStorage, and clears', async () => {
    const api = vi.fn(async () => ({ status: 'S' as const, msg: '', data: [{ lookupCode: 'B', meaning: 'b', enabledFlag: 'Y', seqNum: 2 }, { lookupCode: 'A', meaning: 'a', enabledFlag: 'N', seqNum: 1 }] as never }));
    const env = fakeEnv({ api, language: 'CN' });
    const values = await loadLookup(env, 'T1');
    expect(values.map((v) => v.lookupCode)).toEqual(['A', 'B']);
    await loadLookup(env, 'T1');
    expect(api).toHaveBeenCalledTimes(1);
    expect(api).toHaveBeenCalledWith('baseServer/v1/baseLookupValuesRestful/findDic', { lookupType: 'T1' });
    expect(JSON.parse(localStorage.getItem(LOOKUP_STORAGE_KEY)!)['CN:T1']).toHaveLength(2);
    expect(peekLookup('EN', 'T1')).toBeUndefined();
    await loadLookup({ ...env, language: 'EN' }, 'T1');
    expect(api).toHaveBeenCalledTimes(2);
    clearLookupCache();
    expect(peekLookup('CN', 'T1')).toBeUndefined();
    expect(localStorage.getItem(LOOKUP_STORAGE_KEY)).toBeNull();
  });
});

// The designer's "differences between versions": readable paths, named items matched by name.
import { describe, expect, it } from 'vitest';
import { deepEqual, diffDefinitions } from '../../../meta/definitionDiff.js';

const page = () => ({
  name: 'base/bankList',
  title: { CN: '银行', EN: 'Banks', TH: 'ธนาคาร', VN: 'Ngân hàng' },
  grid: {
    columns: [
      { key: 'bankCode', width: 160 },
      { key: 'bankName', width: 240 },
      { key: 'swiftCode', width: 140 },
    ],
    toolbar: [{ name: 'add', type: 'openEdit', resource: 'btnAdd' }],
  },
  search: [{ field: 'bankCode' }],
});

describe('diffDefinitions', () => {
  it('is empty for equal definitions, whatever the key order', () => {
    const a = page();
    const b = { grid: a.grid, search: a.search, title: a.title, name: a.name };
    expect(diffDefinitions(a, b)).toEqual([]);
    expect(deepEqual(a, b)).toBe(true);
  });

  it('reports a changed value with its path', () => {
    const b = page();
    b.grid.columns[2].width = 200;
    b.title.EN = 'All banks';
    expect(diffDefinitions(page(), b)).toEqual([
      { path: 'title.EN', op: 'change', before: 'Banks', after: 'All banks' },
      { path: 'grid.columns[2].width', op: 'change', before: 140, after: 200 },
    ]);
  });

  it('reports added and removed properties and array items', () => {
    const b = page() as ReturnType<typeof page> & { editPage?: string };
    b.editPage = 'base/bankEdit';
    b.grid.columns.push({ key: 'remark', width: 100 });
    b.search = [];
    expect(diffDefinitions(page(), b)).toEqual([
      { path: 'grid.columns[3]', op: 'add', after: { key: 'remark', width: 100 } },
      { path: 'search[0]', op: 'remove', before: { field: 'bankCode' } },
      { path: 'editPage', op: 'add', after: 'base/bankEdit' },
    ]);
  });

  it('matches columns by key: a move is one order change, not a change of every column', () => {
    const b = page();
    b.grid.columns = [b.grid.columns[2], b.grid.columns[0], b.grid.columns[1]];
    expect(diffDefinitions(page(), b)).toEqual([
      { path: 'grid.columns.order', op: 'change', before: ['bankCode', 'bankName', 'swiftCode'], after: ['swiftCode', 'bankCode', 'bankName'] },
    ]);
    b.grid.columns[0].width = 1;
    expect(diffDefinitions(page(), b)[0]).toEqual({ path: 'grid.columns[0].width', op: 'change', before: 140, after: 1 });
  });

  it('compares arrays without names position by position, and a missing side as empty', () => {
    expect(diffDefinitions({ a: [1, 2] }, { a: [1, 3, 4] })).toEqual([
      { path: 'a[1]', op: 'change', before: 2, after: 3 },
      { path: 'a[2]', op: 'add', after: 4 },
    ]);
    expect(diffDefinitions(null, { x: 1 })).toEqual([{ path: 'x', op: 'add', after: 1 }]);
    expect(diffDefinitions({ 'odd key': 1 }, { 'odd key': 2 })).toEqual([{ path: '["odd key"]', op: 'change', before: 1, after: 2 }]);
  });
});

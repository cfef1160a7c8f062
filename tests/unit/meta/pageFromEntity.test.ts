// "New screen from an entity": the generated list/edit pair passes the meta-schema and the cross-checks.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../../meta/load.js';
import { metaAjv } from '../../../meta/ajv.js';
import { crossCheck } from '../../../meta/crossCheck.js';
import { editPageOf, listPageOf, pairOf } from '../../../meta/pageFromEntity.js';

const root = join(import.meta.dirname, '../../..');
const schemas = join(root, 'schemas');
const defs = loadDefinitions(root);
const ajv = metaAjv(join(schemas, 'meta'));

describe('pages from an entity', () => {
  it('pairs names', () => {
    expect(pairOf('custom/widgetList')).toEqual({ list: 'custom/widgetList', edit: 'custom/widgetEdit' });
    expect(pairOf('custom/widgetEdit')).toEqual({ list: 'custom/widgetList', edit: 'custom/widgetEdit' });
  });

  for (const entity of [...defs.entities.values()].filter((e) => (e.kind ?? 'family') === 'family')) {
    it(`builds a valid list/edit pair for ${entity.name}`, () => {
      const list = listPageOf(entity, 'gen/thingList');
      const edit = editPageOf(entity, 'gen/thingEdit', defs.entities);
      const validate = ajv.getSchema('srm:meta/page')!;
      expect(validate(list), JSON.stringify(validate.errors)).toBe(true);
      expect(validate(edit), JSON.stringify(validate.errors)).toBe(true);
      const pages = new Map(defs.pages);
      pages.set(list.name, list);
      pages.set(edit.name, edit);
      expect(crossCheck({ ...defs, pages }).filter((p) => p.includes('gen/thing'))).toEqual([]);
      expect(list).toMatchObject({ kind: 'list', entity: entity.name, editPage: 'gen/thingEdit', title: entity.label });
      expect(edit).toMatchObject({ kind: 'edit', entity: entity.name, listPage: 'gen/thingList' });
    });
  }

  it('takes search fields from declared filters, columns and widgets from field types, lines from the entity', () => {
    const pr = defs.entities.get('srmPoRequisition')!;
    const list = listPageOf(pr, 'gen/prList');
    const declaredFilters = Object.entries(pr.fields)
      .filter(([, f]) => f?.filter && f.filter !== 'none')
      .map(([n]) => n);
    expect(list.search!.map((s) => s.field)).toEqual(declaredFilters.slice(0, 6));
    // Sortable only where an index serves the sort (docs/decisions.md "Keyset paging"): banks list lastUpdateDate, requisitions do not.
    expect(list.grid!.columns.at(-1)).toEqual({ key: 'lastUpdateDate', width: 170, cellType: 'datetime' });
    expect(listPageOf(defs.entities.get('srmBaseBank')!, 'gen/bankList').grid!.columns.at(-1)).toEqual({
      key: 'lastUpdateDate',
      width: 170,
      cellType: 'datetime',
      sortable: true,
    });
    const ops = [...(list.grid!.toolbar as { name: string }[]), ...list.grid!.rowActions!].map((a) => a.name);
    expect(ops).toEqual(['add', 'refresh', 'edit', 'view', 'delete']);
    const edit = editPageOf(pr, 'gen/prEdit', defs.entities);
    expect(edit.lines!.map((l) => l.name)).toEqual(pr.lines!.map((l) => l.name));
    const material = edit.lines![0].grid.columns.find((c) => c.key === 'materialId');
    expect(material).toMatchObject({ cellType: 'lookup', displayKey: 'materialIdDisplay' });
    expect(edit.actions!.map((a) => a.name)).toEqual(['save', 'back']);
    expect(edit.form!.fields.find((f) => f.field === pr.key)).toBeUndefined();
    // Excel: a document with lines and a workflow exports but does not import; a plain record does both.
    expect(list.grid).toMatchObject({ isShowExport: true });
    expect(list.grid!.isShowImport).toBeUndefined();
    expect(listPageOf(defs.entities.get('srmBaseBank')!, 'gen/bankList').grid).toMatchObject({ isShowExport: true, isShowImport: true });
  });
});

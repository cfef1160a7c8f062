// Every column a page offers for sorting or filtering is backed by an index generated from the entity
// (docs/decisions.md "Keyset paging"): the shipped definitions pass, and taking an index away makes the
// definition check refuse the page that offers the column, in the implementer's language.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkProblems } from '../../../meta/crossCheck.js';
import { formatCheck } from '../../../meta/checkMessages.js';
import { loadDefinitions } from '../../../meta/load.js';
import { tableShape } from '../../../meta/tableShape.js';
import { filterIndexed, sortIndexed } from '../../../meta/indexCoverage.js';
import type { EntityDefinition, PageDefinition } from '../../../meta/generated/definitions.js';

const defs = loadDefinitions(join(import.meta.dirname, '../../..'));
const material = defs.entities.get('srmBaseMaterial')!;
const problemsWith = (e: EntityDefinition, page?: PageDefinition) =>
  checkProblems({
    ...defs,
    entities: new Map(defs.entities).set(e.name, e),
    pages: page ? new Map(defs.pages).set(page.name, page) : defs.pages,
  }).filter((p) => p.key === 'sortNotIndexed' || p.key === 'filterNotIndexed');

describe('index coverage of sortable and filterable columns', () => {
  it('the shipped definitions offer no unindexed sort or filter', () => {
    expect(problemsWith(material)).toEqual([]);
  });

  it('a sortable field gets an index (column, key); the key and a unique required field need none', () => {
    expect(tableShape(material).indexes.srm_base_material_unit_price_ix).toEqual({ columns: ['unit_price', 'material_id'], unique: false });
    expect(sortIndexed(material, 'unitPrice')).toBe(true);
    expect(sortIndexed(material, 'materialId')).toBe(true);
    expect(sortIndexed(material, 'materialCode')).toBe(true);
    expect(sortIndexed(material, 'specification')).toBe(false);
  });

  it('a page offering a sort on a field without that index is refused, naming the page, column and cure', () => {
    const unsorted = { ...material, sortable: material.sortable!.filter((f) => f !== 'unitPrice') };
    const problems = problemsWith(unsorted);
    expect(problems.map((p) => `${p.where} ${p.key} ${p.params.field}`)).toEqual([
      'page base/materialList sortNotIndexed unitPrice',
      'page base/materialPermitList sortNotIndexed unitPrice',
    ]);
    expect(formatCheck(problems[0], 'EN')).toMatch(
      /unitPrice is offered as sortable but srmBaseMaterial has no index for it: list it in the entity's "sortable"/,
    );
    expect(formatCheck(problems[0], 'CN')).toMatch(/unitPrice 可排序，但 srmBaseMaterial 没有对应索引/);
  });

  it('a search field without an index is refused; a contains-filter needs its trigram index', () => {
    const fields = { ...material.fields, uomCode: { ...material.fields.uomCode!, index: undefined } };
    const problems = problemsWith({ ...material, fields });
    expect(problems.map((p) => `${p.where} ${p.key} ${p.params.field}`)).toContain('page base/materialList filterNotIndexed uomCode');
    expect(filterIndexed(material, 'materialName')).toBe(true);
    expect(filterIndexed(material, 'enabledFlag')).toBe(false);
    const page = structuredClone(defs.pages.get('base/materialList')!) as PageDefinition;
    page.search!.push({ field: 'enabledFlag' });
    expect(problemsWith(material, page).map((p) => `${p.key} ${p.params.field}`)).toEqual(['filterNotIndexed enabledFlag']);
  });

  it("an entity's several-field index is generated under its columns' name; a field it names must exist", () => {
    const log = defs.entities.get('srmSrcAuctionLog')!;
    expect(tableShape(log).indexes.srm_src_auction_log_auction_id_entry_seq_uk).toEqual({ columns: ['auction_id', 'entry_seq'], unique: true });
    const broken: EntityDefinition = { ...log, indexes: [{ fields: ['auctionId', 'entryNo'], why: 'test' }] };
    const problems = checkProblems({ ...defs, entities: new Map(defs.entities).set(log.name, broken) }).filter((p) => p.where === `entity ${log.name}`);
    expect(problems.map((p) => formatCheck(p, 'EN'))).toEqual([expect.stringContaining('/indexes/0/fields/1 entryNo is not a field')]);
  });
});

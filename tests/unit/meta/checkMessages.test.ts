// The cross-check words: every message in all four languages with the same placeholders, and the
// English lines the command line prints are the ones implementers know.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_MESSAGES, formatCheck } from '../../../meta/checkMessages.js';
import { checkProblems, crossCheck } from '../../../meta/crossCheck.js';
import { loadDefinitions } from '../../../meta/load.js';
import type { PageDefinition } from '../../../meta/generated/definitions.js';

const placeholders = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('cross-check messages', () => {
  it('has every message in CN, EN, TH and VN with the same placeholders', () => {
    for (const [key, texts] of Object.entries(CHECK_MESSAGES)) {
      for (const lang of ['CN', 'TH', 'VN'] as const) {
        expect(texts[lang].trim(), `${key} ${lang}`).not.toBe('');
        expect(placeholders(texts[lang]), `${key} ${lang}`).toEqual(placeholders(texts.EN));
      }
    }
  });

  it('tells a broken page in each language; the command line keeps English lines', () => {
    const defs = loadDefinitions(join(import.meta.dirname, '../../..'));
    const bank = structuredClone(defs.pages.get('base/bankList')!) as PageDefinition;
    bank.grid!.columns.push({ key: 'nope', width: 80 });
    bank.grid!.api = 'listEverything';
    const pages = new Map(defs.pages).set(bank.name, bank);
    const mine = checkProblems({ ...defs, pages }).filter((p) => p.where === 'page base/bankList');
    expect(mine.map((p) => p.key)).toEqual(['notAField', 'notAListAction']);
    expect(formatCheck(mine[0], 'CN')).toBe(`/grid/columns/${bank.grid!.columns.length - 1}/key nope 不是 srmBaseBank 的字段`);
    expect(formatCheck(mine[1], 'TH')).toBe('/grid/api listEverything ไม่ใช่การค้นหารายการของ srmBaseBank');
    expect(crossCheck({ ...defs, pages })).toContain('page base/bankList: /grid/api listEverything is not a list action of srmBaseBank');
  });

  it('tells an upload cell whose picker names an unknown family or an operation it does not declare for reading', () => {
    const defs = loadDefinitions(join(import.meta.dirname, '../../..'));
    const page = structuredClone(defs.pages.get('supplier/myChangeEdit')!) as PageDefinition;
    const columns = page.lines!.find((l) => l.name === 'fileChanges')!.grid.columns;
    const i = columns.findIndex((c) => c.key === 'oldFileIds');
    const check = (pickFrom: { entity: string; operation: string }) => {
      columns[i] = { ...columns[i], attachmentConfig: { ...columns[i].attachmentConfig, pickFrom } };
      return checkProblems({ ...defs, pages: new Map(defs.pages).set(page.name, page) }).filter((p) => p.where === `page ${page.name}`);
    };
    expect(check({ entity: 'srmPosSupplierChange', operation: 'listMasterFiles' })).toEqual([]);
    const [unknown] = check({ entity: 'srmNoSuchThing', operation: 'listMasterFiles' });
    expect(unknown.key).toBe('unknownEntity');
    // doSubmit is the family's, but a transition, not a read operation.
    const [notRead] = check({ entity: 'srmPosSupplierChange', operation: 'doSubmit' });
    expect(formatCheck(notRead, 'EN')).toBe(
      `/lines/1/grid/columns/${i}/attachmentConfig/pickFrom/operation doSubmit is not a declared read operation of srmPosSupplierChange`,
    );
  });
});

// The pure parts of the pager, cross-page selection and table settings.
import { describe, expect, it } from 'vitest';
import type { Column } from '../../../runtime/definitions.js';
import { applySettings, defaultSettings, mergeSettings, moveSetting, sameAsDefaults } from '../../../runtime/grid/tableSettings.js';
import { checkCustomPageSize, sizerOptions } from '../../../runtime/grid/customPageSize.js';
import { pageSelectionChange, rowKeyOf } from '../../../runtime/grid/selectionEvents.js';
import { runtimeLocales } from '../../../runtime/locales/index.js';

const COLUMNS: Column[] = [
  { key: 'code', width: 160, fixed: 'left' },
  { key: 'name', width: 240 },
  { key: 'swift' },
  { key: 'hidden', isShow: false },
  { key: 'internal', columnsDisplay: 'N' },
];

describe('table settings merged over the definition', () => {
  it('defaults mirror the definition, leaving out columnsDisplay N', () => {
    expect(defaultSettings(COLUMNS)).toEqual([
      { key: 'code', isShow: true, width: 160, fixed: 'left' },
      { key: 'name', isShow: true, width: 240, fixed: 'none' },
      { key: 'swift', isShow: true, fixed: 'none' },
      { key: 'hidden', isShow: false, fixed: 'none' },
    ]);
    expect(sameAsDefaults(COLUMNS, defaultSettings(COLUMNS))).toBe(true);
  });

  it('no, empty or unusable saved settings give the defaults', () => {
    for (const saved of [null, undefined, [], 'x', [{ key: 'gone' }], [null, 3, { nokey: 1 }]]) {
      expect(mergeSettings(COLUMNS, saved)).toEqual(defaultSettings(COLUMNS));
    }
  });

  it('saved order, visibility, width and freeze win; unknown columns are dropped; new columns keep their definition place', () => {
    const saved = [
      { key: 'swift', isShow: false, width: 90, fixed: 'right' },
      { key: 'gone', isShow: true },
      { key: 'code', isShow: true, fixed: 'none' },
      { key: 'hidden', isShow: true, width: 5000, fixed: 'top' },
    ];
    const merged = mergeSettings(COLUMNS, saved);
    expect(merged).toEqual([
      { key: 'swift', isShow: false, width: 90, fixed: 'right' },
      { key: 'code', isShow: true, width: 160, fixed: 'none' },
      // "name" was not saved (added later): right after "code", its predecessor in the definition.
      { key: 'name', isShow: true, width: 240, fixed: 'none' },
      // A width out of range or an unknown side falls back to the definition's.
      { key: 'hidden', isShow: true, fixed: 'none' },
    ]);
    const applied = applySettings(COLUMNS, merged);
    expect(applied.map((c) => c.key)).toEqual(['swift', 'code', 'name', 'hidden', 'internal']);
    expect(applied[0]).toEqual({ key: 'swift', isShow: false, width: 90, fixed: 'right' });
    expect(applied[1]).toEqual({ key: 'code', width: 160, isShow: true });
    expect(applied[4]).toEqual({ key: 'internal', columnsDisplay: 'N' });
    // The definition itself is not changed.
    expect(COLUMNS[0]).toEqual({ key: 'code', width: 160, fixed: 'left' });
  });

  it('a new first column goes first', () => {
    expect(mergeSettings(COLUMNS, [{ key: 'name', isShow: true }]).map((s) => s.key)).toEqual(['code', 'name', 'swift', 'hidden']);
  });

  it('moves a setting up and down, ignoring moves out of range', () => {
    const d = defaultSettings(COLUMNS);
    expect(moveSetting(d, 2, 0).map((s) => s.key)).toEqual(['swift', 'code', 'name', 'hidden']);
    expect(moveSetting(d, 0, 3).map((s) => s.key)).toEqual(['name', 'swift', 'hidden', 'code']);
    expect(moveSetting(d, 0, 9).map((s) => s.key)).toEqual(['code', 'name', 'swift', 'hidden']);
  });
});

describe('custom page size (SPEC §5)', () => {
  it('accepts 10 to 1000', () => {
    expect(checkCustomPageSize('10')).toEqual({ ok: true, size: 10 });
    expect(checkCustomPageSize(' 1000 ')).toEqual({ ok: true, size: 1000 });
    expect(checkCustomPageSize('35')).toEqual({ ok: true, size: 35 });
  });
  it('refuses below 0, below 10, above the server limit, fractions and text with their own messages', () => {
    expect(checkCustomPageSize('-1')).toEqual({ ok: false, key: 'gridPager.customBelowZero' });
    expect(checkCustomPageSize('-0.5')).toEqual({ ok: false, key: 'gridPager.customBelowZero' });
    expect(checkCustomPageSize('0')).toEqual({ ok: false, key: 'gridPager.customMin', params: { min: 10 } });
    expect(checkCustomPageSize('9')).toEqual({ ok: false, key: 'gridPager.customMin', params: { min: 10 } });
    expect(checkCustomPageSize('1001')).toEqual({ ok: false, key: 'gridPager.customMax', params: { max: 1000 } });
    expect(checkCustomPageSize('12.5')).toEqual({ ok: false, key: 'gridPager.customNotInteger' });
    expect(checkCustomPageSize('abc')).toEqual({ ok: false, key: 'gridPager.customNotNumber' });
    expect(checkCustomPageSize('')).toEqual({ ok: false, key: 'gridPager.customNotNumber' });
  });
  it('every message exists in all four languages', () => {
    for (const lang of ['CN', 'EN', 'TH', 'VN'] as const) {
      const pager = (runtimeLocales[lang] as { gridPager: Record<string, string> }).gridPager;
      for (const k of ['customBelowZero', 'customMin', 'customMax', 'customNotInteger', 'customNotNumber', 'totalEstimated'])
        expect(pager[k], `${lang} ${k}`).toBeTruthy();
    }
    expect((runtimeLocales.CN as { gridPager: Record<string, string> }).gridPager.customBelowZero).toBe('自定义页码不能小于0');
  });
  it('the sizer lists a custom size in order', () => {
    expect(sizerOptions([20, 50, 100], 35)).toEqual([20, 35, 50, 100]);
    expect(sizerOptions([20, 50, 100], 50)).toEqual([20, 50, 100]);
  });
});

describe('cross-page selection events', () => {
  const page = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it('keys rows by their key fields; a row without a key has none', () => {
    expect(rowKeyOf({ a: 1, b: 'x' }, ['a', 'b'])).toBe('[1,"x"]');
    expect(rowKeyOf({ a: 1 }, ['a', 'b'])).toBeUndefined();
    expect(rowKeyOf({ a: 1, b: '' }, ['a', 'b'])).toBeUndefined();
  });
  it('one row checked or unchecked: select / selectCancel with that row', () => {
    const c = pageSelectionChange(page, ['id'], new Set(['[9]']), [1]);
    expect(c.added).toEqual([{ id: 2 }]);
    expect(c.events).toEqual([{ name: 'select', rows: [{ id: 2 }] }]);
    const d = pageSelectionChange(page, ['id'], new Set(['[2]', '[9]']), []);
    expect(d.removed).toEqual([{ id: 2 }]);
    expect(d.events).toEqual([{ name: 'selectCancel', rows: [{ id: 2 }] }]);
  });
  it('the whole page at once: selectAll / selectAllCancel', () => {
    expect(pageSelectionChange(page, ['id'], new Set(['[1]']), [0, 1, 2]).events).toEqual([{ name: 'selectAll', rows: page }]);
    expect(pageSelectionChange(page, ['id'], new Set(['[1]', '[2]', '[3]', '[7]']), []).events).toEqual([{ name: 'selectAllCancel', rows: page }]);
  });
  it('rows selected on other pages are neither added nor removed', () => {
    const c = pageSelectionChange(page, ['id'], new Set(['[7]', '[8]']), [0]);
    expect(c.removed).toEqual([]);
    expect(c.added).toEqual([{ id: 1 }]);
  });
  it('no change, no event', () => {
    expect(pageSelectionChange(page, ['id'], new Set(['[1]']), [0]).events).toEqual([]);
  });
});

// @vitest-environment jsdom
// The grid's pure parts: computed columns, row merges, named formatters, §8 config errors, §9 heights,
// the config shapes SPEC §3 allows, and the cells of the newer cell types.
import { describe, expect, it } from 'vitest';
import type { TextCell } from '@glideapps/glide-data-grid';
import showcase from '../../../modules/samples/pages/gridShowcaseList.page.json';
import misconfigured from '../../../modules/samples/pages/gridMisconfiguredList.page.json';
import sample from '../../../modules/samples/entities/srmBaseGridSample.entity.json';
import type { EntityDefinition, Grid, PageDefinition } from '../../../runtime/definitions.js';
import { cellTypes, formatters, registerBuiltIns } from '../../../runtime/index.js';
import { getCell, type CellSource } from '../../../runtime/grid/cells.js';
import { fittedWidths, MAX_AUTO_WIDTH } from '../../../runtime/grid/autoWidth.js';
import { buildColumnModels, showsSummary } from '../../../runtime/grid/columns.js';
import { applyComputed, evaluateExpression, type Expression } from '../../../runtime/grid/compute.js';
import { leafColumns, operateActions, selectionOf, toolbarActions } from '../../../runtime/grid/config.js';
import { configErrors, resolveHandler } from '../../../runtime/grid/configErrors.js';
import { gridHeight } from '../../../runtime/grid/height.js';
import { mergeList, mergeSpans } from '../../../runtime/grid/merge.js';
import { buttonBoxes, isButtonsCell, isCheckCell, isEditCell, isFooterLabelCell, isIconCell, isLinkCell } from '../../../runtime/grid/renderers.js';
import { iconPath } from '../../../runtime/grid/icons.js';
import { notifyAction } from '../../../runtime/grid/notifyAction.js';
import { def, fakeEnv, fakeT } from './helpers.js';

registerBuiltIns();
const env = fakeEnv();
const entity = def<EntityDefinition>(sample);
const grid = def<PageDefinition>(showcase).grid as Grid;

describe('computedEvent', () => {
  const expr: Expression = { op: '*', args: [{ field: 'quantity' }, { op: '+', args: [{ field: 'unitPrice' }, 1] }] };
  it('evaluates arithmetic over fields as data', () => {
    expect(evaluateExpression(expr, { quantity: '2', unitPrice: 3 })).toBe(8);
    expect(evaluateExpression({ op: '/', args: [{ field: 'a' }, 0] }, { a: 1 })).toBeUndefined();
    expect(evaluateExpression(expr, { quantity: null, unitPrice: 3 })).toBeUndefined();
  });
  it('writes computed columns into an edited row, rounded to their precision', () => {
    const cols = leafColumns(grid.columns).filter((c) => c.computedEvent);
    expect(applyComputed(cols, { quantity: 0.1, unitPrice: 3 })).toMatchObject({ amount: 0.3 });
    expect(applyComputed(cols, { quantity: null, unitPrice: 3 })).toMatchObject({ amount: null });
  });
});

describe('row merge', () => {
  it('merges runs of equal values, the second field inside the first', () => {
    const rows = [
      { a: 1, b: 'x' },
      { a: 1, b: 'x' },
      { a: 2, b: 'x' },
      { a: 2, b: 'y' },
    ];
    const spans = mergeSpans(rows, ['a', 'b']);
    expect([...spans.get('a')!]).toEqual([2, 0, 2, 0]);
    expect([...spans.get('b')!]).toEqual([2, 0, 1, 1]);
    expect(mergeList(spans)).toEqual([
      { key: 'a', row: 0, rowSpan: 2 },
      { key: 'a', row: 2, rowSpan: 2 },
      { key: 'b', row: 0, rowSpan: 2 },
    ]);
    expect(mergeSpans(rows, undefined).size).toBe(0);
  });
});

describe('formatters', () => {
  const ctx = { row: {}, lookups: {}, language: 'TH' };
  it('formats by name with arguments', () => {
    expect(formatters.get('percent').format(0.125, { precision: 1 }, ctx)).toBe('12.5%');
    expect(formatters.get('currency').format(-1234.5, { symbol: '$' }, ctx)).toBe('-$1,234.50');
    expect(formatters.get('affix').format('A1', { prefix: '# ', suffix: { CN: '号', EN: '', TH: ' ที่', VN: '' } }, ctx)).toBe('# A1 ที่');
    expect(formatters.get('mask').format('13812345678', {}, ctx)).toBe('138****5678');
    expect(formatters.get('map').format('H', { map: { H: { CN: '高', EN: 'High', TH: 'สูง', VN: 'Cao' } } }, ctx)).toBe('สูง');
    expect(formatters.get('date').format('2026-11-22 10:11:12', { kind: 'month' }, ctx)).toBe('2026-11');
    expect(() => formatters.get('eval')).toThrow(/Unknown formatter "eval"/);
  });
});

describe('§8 configuration errors', () => {
  it('names every misconfigured column of the sample page, and none of the showcase', () => {
    const bad = def<PageDefinition>(misconfigured).grid as Grid;
    expect(configErrors(bad, buildColumnModels(bad, entity, env))).toEqual([
      { key: 'grid.errors.missingApi' },
      { key: 'grid.errors.attachmentConfig', column: 'attachmentIds' },
      { key: 'grid.errors.linkHandler', column: 'sampleName' },
      { key: 'grid.errors.changeHandler', column: 'materialId' },
    ]);
    expect(configErrors(grid, buildColumnModels(grid, entity, env))).toEqual([]);
  });
  it('has the spec wording in all four languages', () => {
    const cn = (key: string) => fakeEnvT('CN', key);
    expect(cn('grid.errors.missingApi')).toBe('请配置API属性');
    expect(cn('grid.errors.linkHandler')).toBe('未配置单元格链接方法');
    expect(fakeEnvT('EN', 'grid.errors.changeHandler')).toBe('Not declare Button click function');
    expect(fakeEnvT('TH', 'grid.errors.missingApi')).not.toBe('grid.errors.missingApi');
    expect(fakeEnvT('VN', 'grid.errors.missingApi')).not.toBe('grid.errors.missingApi');
  });
  it('resolves handlers from events first, then row actions', () => {
    expect(resolveHandler(grid, 'openSample')?.type).toBe('openEdit');
    expect(resolveHandler(grid, 'view')?.name).toBe('view');
    expect(resolveHandler(grid, 'nope')).toBeUndefined();
  });
});

function fakeEnvT(lang: 'CN' | 'EN' | 'TH' | 'VN', key: string): string {
  return fakeT(lang)(key);
}

describe('§9 heights', () => {
  const base = { bodyRows: 5, paged: true, summary: false, fullscreen: false, groupHeader: false };
  it('takes numbers, starts auto at 500 and then fills the page', () => {
    expect(gridHeight({ ...base, grid: { height: 320 } })).toBe(320);
    expect(gridHeight({ ...base, grid: { height: 'auto' } })).toBe(500);
    expect(gridHeight({ ...base, grid: { height: 'auto' }, viewport: { windowHeight: 900, top: 300 } })).toBe(558);
    expect(gridHeight({ ...base, paged: false, grid: { height: 'auto' }, viewport: { windowHeight: 900, top: 300 } })).toBe(596);
    expect(gridHeight({ ...base, summary: true, fullscreen: true, grid: { height: 'auto' }, viewport: { windowHeight: 900, top: 300 } })).toBe(518);
    expect(gridHeight({ ...base, grid: { height: 'auto' }, viewport: { windowHeight: 400, top: 300 } })).toBe(200);
    expect(gridHeight({ ...base, grid: {} })).toBe(36 + 5 * 34);
    // the room a classic horizontal scroll bar takes is added; overlay scroll bars take none
    expect(gridHeight({ ...base, grid: {}, scrollbar: 15 })).toBe(36 + 5 * 34 + 15);
    // SPEC §9 default 200 without a height: few rows get 200 rounded up to whole rows (a part-row gap
    // above glide's frozen footer row cut the footer), more rows grow the grid up to 560.
    expect(gridHeight({ ...base, bodyRows: 0, grid: {} })).toBe(36 + 5 * 34);
    expect(gridHeight({ ...base, bodyRows: 4, grid: {} })).toBe(36 + 5 * 34);
    expect(gridHeight({ ...base, bodyRows: 6, grid: {} })).toBe(36 + 6 * 34);
    expect(gridHeight({ ...base, bodyRows: 6, groupHeader: true, grid: {} })).toBe(72 + 6 * 34);
    expect(gridHeight({ ...base, bodyRows: 100, grid: {} })).toBe(560);
    expect(gridHeight({ ...base, bodyRows: 100, grid: { height: 200 } })).toBe(200);
  });
});

describe('config shapes', () => {
  it('reads toolbar, selection and operate in both shapes', () => {
    const action = { name: 'r', type: 'refresh' as const };
    expect(toolbarActions({ columns: grid.columns, toolbar: [action] })).toEqual([action]);
    expect(toolbarActions({ columns: grid.columns, toolbar: { functionList: [action] } })).toEqual([action]);
    expect(toolbarActions({ columns: grid.columns, toolbar: { showToolbar: false, functionList: [action] } })).toEqual([]);
    expect(selectionOf({ columns: grid.columns, selection: true })).toEqual({ show: true, fixed: true });
    expect(selectionOf({ columns: grid.columns, selection: { show: true, fixed: false } })).toEqual({ show: true, fixed: false });
    expect(selectionOf({ columns: grid.columns })).toEqual({ show: false, fixed: false });
    expect(operateActions(grid).map((a) => a.name)).toEqual(['view']);
    expect(operateActions({ ...grid, operateSlot: { isShow: false } })).toEqual([]);
  });
  it('flattens column groups, drops hidden ones and the operate column, moves fixed-left first', () => {
    const models = buildColumnModels(grid, entity, env);
    const keys = models.map((m) => m.key);
    expect(keys[0]).toBe('sampleCode');
    expect(keys).toContain('quantity');
    expect(keys).not.toContain('amountGroup');
    expect(keys).not.toContain('operate');
    expect(keys).not.toContain('endDate');
    expect(keys).not.toContain('planEnd');
    expect(models.find((m) => m.key === 'quantity')!.group).toBe('Quantity and amount');
    expect(models.find((m) => m.key === 'lastUpdateDate')!.fixedRight).toBe(true);
    expect(models.find((m) => m.key === 'unitPrice')!.summary).toBe('avg');
    expect(showsSummary(grid)).toBe(true);
  });
});

describe('cells of the newer types', () => {
  const models = buildColumnModels(grid, entity, env);
  const rows = [
    {
      sampleCode: 'A',
      sampleName: 'n',
      groupName: 'G1',
      quantity: 2,
      unitPrice: 10,
      amount: 20,
      enabledFlag: 'Y',
      urgentFlag: 'X',
      priority: 'H',
      lineCount: 3,
      email: 'bad',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      taxRate: 0.13,
    },
    { sampleCode: 'B', sampleName: '', groupName: 'G1', quantity: 4, unitPrice: 20, amount: 80, enabledFlag: 'N', urgentFlag: 'Y', priority: 'L' },
  ];
  const src: CellSource = {
    grid,
    models,
    types: models.map((m) => cellTypes.get(m.cellType)),
    showIndex: true,
    leading: ['-expand', '-index'],
    rows,
    lookups: {},
    page: 1,
    pageSize: 20,
    readOnly: false,
    summary: true,
    totalLabel: 'Total',
    activeRow: 0,
    merges: mergeSpans(rows, grid.mergeFields),
    text: (t) => (typeof t === 'object' && t ? (t as Record<string, string>).EN : String(t)),
  };
  const at = (key: string, row: number) => getCell(src, 2 + models.findIndex((m) => m.key === key), row);
  it('draws links, buttons, icons, options, ranges, formatters and computed values', () => {
    const link = at('sampleCode', 0);
    expect(isLinkCell(link) && link.data.text).toBe('A');
    const buttons = at('detailButtons', 0);
    expect(isButtonsCell(buttons) && buttons.data.buttons).toEqual([
      { label: 'Details(3)', disabled: false },
      { label: 'Disabled', disabled: false },
    ]);
    // The single button: showInput puts the displayKey field before it, iconClass draws an icon.
    const single = at('lineButton', 0);
    expect(isButtonsCell(single) && single.data).toEqual({
      kind: 'srm-buttons',
      prefix: '3',
      buttons: [{ label: 'View', disabled: false, icon: iconPath('view') }],
    });
    expect(iconPath('el-icon-view')).toBe(iconPath('view'));
    expect(iconPath('icon-eye')).toBe(iconPath('view'));
    expect(iconPath('no-such-icon')).toMatch(/^M7 7H20/); // a neutral outline rather than nothing
    expect(iconPath(undefined)).toBeUndefined();
    // Boxes make room for the icon (14) and its gap (4) before the label.
    const measure = (t: string) => t.length * 7;
    const [withIcon] = buttonBoxes(measure, { kind: 'srm-buttons', prefix: '', buttons: [{ label: 'View', disabled: false, icon: 'M0 0' }] }, 200);
    const [plainBox] = buttonBoxes(measure, { kind: 'srm-buttons', prefix: '', buttons: [{ label: 'View', disabled: false }] }, 200);
    expect(withIcon.width - plainBox.width).toBe(18);
    const disabled = at('detailButtons', 1);
    expect(isButtonsCell(disabled) && disabled.data.buttons[1].disabled).toBe(true);
    const icon = at('enabledFlag', 1);
    expect(isIconCell(icon) && icon.data.state).toBe('false');
    const type = at('priority', 0);
    expect(isEditCell(type) && type.data.display).toBe('High');
    const range = at('startDate', 0);
    expect(isEditCell(range) && range.data.display).toBe('2026-01-01 ~ 2026-01-31');
    expect((at('amount', 0) as TextCell).displayData).toBe('20.00');
    const tax = at('taxRate', 0);
    expect(isEditCell(tax) && tax.data.display).toBe('13.0%');
  });
  it('sizes columns by content: a long value widens its column up to the cap, an empty column of a read-only grid narrows', () => {
    const email = models.find((m) => m.key === 'email')!;
    const wide = [{ ...rows[0], email: 'procurement.department.head@example-supplier.co.th' }, rows[1]];
    const input = { models, types: src.types, rows: wide, lookups: {}, language: 'EN', editable: true };
    const fitted = fittedWidths(input);
    expect(fitted.get('email')).toBeGreaterThan(email.width);
    expect(fitted.get('email')).toBeLessThanOrEqual(MAX_AUTO_WIDTH);
    // Editable grids keep empty columns as wide as defined (they are about to be filled); read-only ones narrow them.
    const blank = rows.map((r) => ({ ...r, remark: '' }));
    const remark = models.find((m) => m.key === 'remark')!;
    expect(remark.resizable).toBe(true);
    expect(fittedWidths({ ...input, rows: blank }).get('remark')).toBeUndefined();
    expect(fittedWidths({ ...input, rows: blank, editable: false }).get('remark')).toBeLessThan(remark.width);
    // No rows: the definition's widths.
    expect(fittedWidths({ ...input, rows: [] }).size).toBe(0);
  });
  it('marks an empty required cell only once it was touched or a save was tried; a bad value always', () => {
    const untouched = { ...src, problemShown: () => false };
    const name1 = getCell(untouched, src.leading!.length + src.models.findIndex((m) => m.key === 'sampleName'), 1);
    expect(isEditCell(name1) && name1.data.invalid).toBe(false);
    const email = getCell(untouched, src.leading!.length + src.models.findIndex((m) => m.key === 'email'), 0);
    expect(isEditCell(email) && email.data.invalid).toBe(true);
    const touched = { ...src, problemShown: (row: unknown, key: string) => row === src.rows[1] && key === 'sampleName' };
    const again = getCell(touched, src.leading!.length + src.models.findIndex((m) => m.key === 'sampleName'), 1);
    expect(isEditCell(again) && again.data.invalid).toBe(true);
  });
  it('marks the clicked row, invalid values and the wrong checkbox value; merges and footer', () => {
    const name0 = at('sampleName', 0);
    expect(isEditCell(name0) && name0.data.active).toBe(true);
    const name1 = at('sampleName', 1);
    expect(isEditCell(name1) && [name1.data.active, name1.data.invalid]).toEqual([false, true]); // required
    const email = at('email', 0);
    expect(isEditCell(email) && email.data.invalid).toBe(true);
    const wrong = at('urgentFlag', 0);
    expect(isCheckCell(wrong) && wrong.data.invalid).toBe(true);
    expect((at('groupName', 1) as TextCell).displayData).toBe('');
    expect((getCell(src, 0, 1) as TextCell).displayData).toBe('▸');
    // SPEC §9 footer merge {row 0, col 1, colspan 3}: one label over the index column and the next two,
    // each covered cell drawing its slice (offset from the label's left edge, centred in the whole span).
    const label = getCell(src, 1, 2);
    expect(isFooterLabelCell(label) && label.data).toEqual({ kind: 'srm-footer-label', text: 'Total', offset: 0, centreWidth: 70 + 120 + 150 });
    const third = getCell(src, 3, 2);
    expect(isFooterLabelCell(third) && [third.data.offset, third.copyData]).toEqual([190, '']);
    expect(isFooterLabelCell(getCell(src, 4, 2))).toBe(false);
    // Across the frozen edge (expand, index and the fixed-left code frozen) the label is centred in the frozen part.
    const frozen = getCell({ ...src, freezeColumns: 3 }, 1, 2);
    expect(isFooterLabelCell(frozen) && frozen.data.centreWidth).toBe(70 + 120);
    expect((at('quantity', 2) as TextCell).displayData).toBe('6.00');
    expect((at('unitPrice', 2) as TextCell).displayData).toBe('15.0000'); // mean
  });
});

describe('notify action (grid events)', () => {
  it('shows its label in the user language with {count} = the selected rows', async () => {
    const said: [string, string][] = [];
    const label = { CN: '已选中一行，共选 {count} 项', EN: 'One row selected, {count} in all', TH: 'x', VN: 'y' };
    await notifyAction.run({
      env: fakeEnv({ language: 'EN', notify: (kind, message) => void said.push([kind, message]) }),
      action: { name: 'selectEvent', type: 'notify', label },
      selection: [{}, {}, {}],
    } as unknown as Parameters<typeof notifyAction.run>[0]);
    expect(said).toEqual([['info', 'One row selected, 3 in all']]);
  });
});

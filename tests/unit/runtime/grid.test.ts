// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { GridCellKind, type TextCell } from '@glideapps/glide-data-grid';
import bankList from '../../../modules/base/pages/bankList.page.json';
import bank from '../../../modules/base/entities/srmBaseBank.entity.json';
import reqEdit from '../../../modules/requisition/pages/requisitionEdit.page.json';
import reqLine from '../../../modules/requisition/entities/srmPoRequisitionLine.entity.json';
import type { EntityDefinition, Grid, PageDefinition } from '../../../runtime/definitions.js';
import { cellTypes, registerBuiltIns } from '../../../runtime/index.js';
import { getCell, type CellSource } from '../../../runtime/grid/cells.js';
import { buildColumnModels, pageSizeOptions, showsSummary } from '../../../runtime/grid/columns.js';
import { formatDate, formatNumber, rowNumber, sumValues } from '../../../runtime/grid/format.js';
import { buildLayout, cellCenter } from '../../../runtime/grid/layout.js';
import { nextSort } from '../../../runtime/grid/sort.js';
import { isCheckCell, isEditCell, isFooterLabelCell } from '../../../runtime/grid/renderers.js';
import { fakeEnv, def } from './helpers.js';

registerBuiltIns();
const env = fakeEnv();
const bankGrid = def<PageDefinition>(bankList).grid as Grid;
const lineGrid = def<PageDefinition>(reqEdit).lines![0].grid;

describe('formatting', () => {
  it('groups thousands and applies precision', () => {
    expect(formatNumber(1234567.891, { precision: 2 })).toBe('1,234,567.89');
    expect(formatNumber(-1234.5, { precision: 2 })).toBe('-1,234.50');
    expect(formatNumber(1.005, { precision: 2 })).toBe('1.01');
    expect(formatNumber('9999', {})).toBe('9,999');
    expect(formatNumber(1234.5, { thousands: false })).toBe('1234.5');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber('abc')).toBe('abc');
  });
  it('formats dates', () => {
    expect(formatDate('2026-01-02T10:11:12.000Z', 'datetime')).toBe('2026-01-02 10:11:12');
    expect(formatDate('2026-01-02 10:11:12', 'date')).toBe('2026-01-02');
    expect(formatDate(null, 'date')).toBe('');
  });
  it('numbers rows across pages and sums without float noise', () => {
    expect(rowNumber(0, 1, 20)).toBe(1);
    expect(rowNumber(4, 3, 50)).toBe(105);
    expect(sumValues([0.1, 0.2, null, '1'])).toBe(1.3);
  });
});

describe('column mapping', () => {
  it('takes titles from entity labels and audit fields from the runtime locale', () => {
    const models = buildColumnModels(bankGrid, def<EntityDefinition>(bank), env);
    expect(models.map((m) => m.title)).toEqual(['Bank code', 'Bank name', 'SWIFT code', 'Country', 'Enabled', 'Remark', 'Last updated at']);
    const country = models.find((m) => m.key === 'countryCode')!;
    expect(country.lookupType).toBe('COUNTRY');
    expect(models.find((m) => m.key === 'enabledFlag')!.cellType).toBe('checkbox');
    expect(models.find((m) => m.key === 'bankCode')!.sortable).toBe(true);
  });
  it('puts fixed-left columns first and hides isShow false', () => {
    const grid: Grid = { columns: [{ key: 'bankName' }, { key: 'bankCode', fixed: 'left' }, { key: 'remark', isShow: false }] };
    expect(buildColumnModels(grid, def<EntityDefinition>(bank), env).map((m) => m.key)).toEqual(['bankCode', 'bankName']);
  });
  it('derives reference display keys, precision and summaries', () => {
    const models = buildColumnModels(lineGrid, def<EntityDefinition>(reqLine), env);
    const material = models.find((m) => m.key === 'materialId')!;
    expect(material.references).toBe('srmBaseMaterial');
    expect(material.displayKey).toBe('materialIdDisplay');
    expect(models.find((m) => m.key === 'quantity')!.precision).toBe(4);
    expect(showsSummary(lineGrid)).toBe(true);
    expect(showsSummary(bankGrid)).toBe(false);
  });
  it('offers 1000 rows a page only when configured', () => {
    expect(pageSizeOptions(20)).toEqual([20, 50, 100, 200, 500]);
    expect(pageSizeOptions(1000)).toEqual([20, 50, 100, 200, 500, 1000]);
  });
  it('cycles sort asc → desc → none', () => {
    expect(nextSort([], 'a')).toEqual([{ field: 'a', order: 'asc' }]);
    expect(nextSort([{ field: 'a', order: 'asc' }], 'a')).toEqual([{ field: 'a', order: 'desc' }]);
    expect(nextSort([{ field: 'a', order: 'desc' }], 'a')).toEqual([]);
    expect(nextSort([{ field: 'a', order: 'desc' }], 'b')).toEqual([{ field: 'b', order: 'asc' }]);
  });
  it('exposes a layout for coordinate clicks', () => {
    const layout = buildLayout(
      [
        { key: '-index', width: 70 },
        { key: 'a', width: 100 },
      ],
      1,
      true,
    );
    expect(cellCenter(layout, 'a', 2)).toEqual({ x: 40 + 70 + 50, y: 36 + 2 * 34 + 17 });
    expect(() => cellCenter(layout, 'zz', 0)).toThrow(/No grid column/);
  });
});

describe('cells', () => {
  function source(grid: Grid, entity: EntityDefinition, rows: Record<string, unknown>[], extra: Partial<CellSource> = {}): CellSource {
    const models = buildColumnModels(grid, entity, env);
    return {
      grid,
      models,
      types: models.map((m) => cellTypes.get(m.cellType)),
      showIndex: true,
      rows,
      lookups: { COUNTRY: [{ lookupCode: 'CN', meaning: 'China', enabledFlag: 'Y' }], UOM: [{ lookupCode: 'KG', meaning: 'Kilogram', enabledFlag: 'Y' }] },
      page: 2,
      pageSize: 20,
      readOnly: false,
      summary: showsSummary(grid),
      totalLabel: 'Total',
      ...extra,
    };
  }
  it('shows index across pages, lookup meanings and Y/N checks', () => {
    const src = source(bankGrid, def<EntityDefinition>(bank), [
      { bankCode: 'B1', countryCode: 'CN', enabledFlag: 'Y' },
      { countryCode: 'XX', enabledFlag: 'N' },
    ]);
    expect((getCell(src, 0, 1) as TextCell).displayData).toBe('22');
    expect((getCell(src, 4, 0) as TextCell).displayData).toBe('China');
    expect((getCell(src, 4, 1) as TextCell).displayData).toBe('XX');
    const y = getCell(src, 5, 0);
    const n = getCell(src, 5, 1);
    expect(isCheckCell(y) && y.data.checked).toBe(true);
    expect(isCheckCell(n) && n.data.checked).toBe(false);
  });
  it('edits only editable columns of an isEdit grid, shows reference display and sums', () => {
    const rows = [
      { lineNumber: 1, materialId: 11, materialIdDisplay: 'M-11 Steel', quantity: 1234.5, uomCode: 'KG' },
      { lineNumber: 2, materialId: 12, quantity: 0.25 },
    ];
    const src = source(lineGrid, def<EntityDefinition>(reqLine), rows);
    const lineNo = getCell(src, 1, 0);
    expect(lineNo.kind).toBe(GridCellKind.Text);
    const material = getCell(src, 2, 0);
    expect(isEditCell(material) && material.data.display).toBe('M-11 Steel');
    const qty = getCell(src, 3, 0);
    expect(isEditCell(qty) && qty.data.display).toBe('1,234.5000');
    // SPEC §9 footer merge: the label spans the index column and the next two (quantity carries a sum).
    const label = getCell(src, 0, 2);
    expect(isFooterLabelCell(label) && label.data.text).toBe('Total');
    expect(isFooterLabelCell(getCell(src, 2, 2))).toBe(true);
    expect(isFooterLabelCell(getCell(src, 3, 2))).toBe(false);
    expect((getCell(src, 3, 2) as TextCell).displayData).toBe('1,234.7500');
    const viewOnly = source(lineGrid, def<EntityDefinition>(reqLine), rows, { readOnly: true });
    expect(getCell(viewOnly, 3, 0).kind).toBe(GridCellKind.Text);
  });
});

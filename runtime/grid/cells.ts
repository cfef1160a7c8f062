// Row data → glide cells. Data stays outside the grid: these are computed on demand from `rows`.
import { GridCellKind, type GridCell } from '@glideapps/glide-data-grid';
import type { Grid } from '../definitions.js';
import type { Row } from '../data/dataProvider.js';
import type { LookupMap } from '../data/useLookups.js';
import type { CellTypeDef } from '../registry/types.js';
import type { ColumnModel } from './columns.js';
import { isCellEditable, editorFor } from './editable.js';
import { formatNumber, rowNumber, sumValues } from './format.js';
import type { CheckCell, EditCell } from './renderers.js';

export interface CellSource {
  grid: Grid;
  /** Canvas columns after the selection marker: index column (key `-index`) then data columns. */
  models: readonly ColumnModel[];
  types: readonly CellTypeDef[];
  showIndex: boolean;
  rows: readonly Row[];
  lookups: LookupMap;
  page: number;
  pageSize: number;
  readOnly: boolean;
  summary: boolean;
  totalLabel: string;
}

const summaryTheme = { baseFontStyle: '600 13px', bgCell: '#f7f8fa' };

function text(displayData: string, align: 'left' | 'right' | 'center', extra: Partial<GridCell> = {}): GridCell {
  return { kind: GridCellKind.Text, data: displayData, displayData, allowOverlay: false, contentAlign: align, ...extra } as GridCell;
}

export function getCell(src: CellSource, col: number, row: number): GridCell {
  const indexOffset = src.showIndex ? 1 : 0;
  const isSummaryRow = src.summary && row === src.rows.length;
  if (src.showIndex && col === 0) {
    if (isSummaryRow) return text(src.totalLabel, 'center', { themeOverride: summaryTheme });
    return text(String(rowNumber(row, src.page, src.pageSize)), 'center');
  }
  const model = src.models[col - indexOffset];
  const type = src.types[col - indexOffset];
  if (!model || !type) return text('', 'left');
  if (isSummaryRow) {
    if (!model.isSummary) {
      const label = !src.showIndex && col === 0 ? src.totalLabel : '';
      return text(label, 'left', { themeOverride: summaryTheme });
    }
    const sum = sumValues(src.rows.map((r) => r[model.key]), model.precision);
    return text(formatNumber(sum, { precision: model.precision, thousands: model.thousands }), 'right', { themeOverride: summaryTheme });
  }
  const record = src.rows[row] ?? {};
  const value = record[model.key];
  const editable = isCellEditable(src.grid, model, record, src.readOnly, editorFor(model, type.editor));
  if (type.display === 'check') {
    const cell: CheckCell = {
      kind: GridCellKind.Custom,
      allowOverlay: false,
      readonly: !editable,
      copyData: value === 'Y' ? 'Y' : 'N',
      data: { kind: 'srm-check', checked: value === 'Y' || value === true, editable },
    };
    return cell;
  }
  const display = type.format(value, model, { row: record, lookups: src.lookups });
  if (!editable) return text(display, model.align);
  const cell: EditCell = {
    kind: GridCellKind.Custom,
    allowOverlay: true,
    copyData: display,
    contentAlign: model.align,
    data: { kind: 'srm-edit', key: model.key, row, value, display },
  };
  return cell;
}

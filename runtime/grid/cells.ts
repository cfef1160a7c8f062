// Row data → glide cells. Data stays outside the grid: these are computed on demand from `rows`.
import { GridCellKind, type GridCell } from '@glideapps/glide-data-grid';
import type { Grid } from '../definitions.js';
import type { Row } from '../data/dataProvider.js';
import type { LookupMap } from '../data/useLookups.js';
import { evaluateCondition } from '../../meta/conditions.js';
import { formatters } from '../registry/index.js';
import type { CellTypeDef } from '../registry/types.js';
import { EXPAND_WIDTH, INDEX_WIDTH, type ColumnModel } from './columns.js';
import { isCellEditable, editorFor, isClickEditor } from './editable.js';
import { fitText } from './ellipsis.js';
import { formatNumber, roundTo, rowNumber, toNumber } from './format.js';
import type { MergeSpans } from './merge.js';
import type { ButtonsCell, CheckCell, EditCell, FooterLabelCell, IconCell, LinkCell } from './renderers.js';
import { footerLabelSpan, type FooterLabelSpan } from './footerMerge.js';
import { cellButtons } from './buttons.js';
import { columnValue } from './compute.js';
import { summaryTheme } from './theme.js';
import type { ProblemGate } from './touchedCells.js';

/** Canvas columns before the data columns (after glide's selection markers). */
export type LeadingColumn = '-expand' | '-index';

export interface CellSource {
  grid: Grid;
  /** Data columns on canvas (fixed-right columns live in the DOM strip instead). */
  models: readonly ColumnModel[];
  types: readonly CellTypeDef[];
  /** Kept for callers that only know the index column; `leading` wins when given. */
  showIndex: boolean;
  leading?: readonly LeadingColumn[];
  rows: readonly Row[];
  lookups: LookupMap;
  page: number;
  pageSize: number;
  readOnly: boolean;
  summary: boolean;
  totalLabel: string;
  language?: string;
  /** The clicked row of an editable grid: its editable cells draw as input boxes. */
  activeRow?: number;
  merges?: MergeSpans;
  expanded?: ReadonlySet<number>;
  /** Resized widths by key (ellipsis fits the text to these). */
  widths?: ReadonlyMap<string, number>;
  /** Footer values by column key, computed once per rows (the footer is redrawn on every frame). */
  summaries?: ReadonlyMap<string, number>;
  /** Frozen canvas columns (leading + fixed left): the footer label's span is drawn in their part. */
  freezeColumns?: number;
  /** The footer label's span, computed once per layout (the footer is redrawn on every frame). */
  footerSpan?: FooterLabelSpan;
  /** Resolves a buttonType title (a Text) in the user's language. */
  text?(t: unknown): string;
  /** Whether an empty required cell is marked yet (touchedCells.ts); all are when absent. */
  problemShown?: ProblemGate;
}

const invalidTheme = { bgCell: '#ffece8' };

function text(data: string, align: 'left' | 'right' | 'center', extra: Partial<GridCell> = {}, displayData = data): GridCell {
  return { kind: GridCellKind.Text, data, displayData, allowOverlay: false, contentAlign: align, ...extra } as GridCell;
}

export function leadingOf(src: Pick<CellSource, 'leading' | 'showIndex'>): readonly LeadingColumn[] {
  return src.leading ?? (src.showIndex ? ['-index'] : []);
}

/**
 * Footer value: sum or mean of the column over the rows (empty cells count as nothing for the mean).
 * One pass without an array of values: it runs before the grid's first paint, over every loaded row.
 */
export function summaryValue(model: ColumnModel, rows: readonly Row[]): number {
  // A computed column sums what it shows: loaded rows do not carry its value.
  const computed = model.column.computedEvent !== undefined;
  let total = 0;
  let filled = 0;
  for (let i = 0; i < rows.length; i++) {
    const n = toNumber(computed ? columnValue(model.column, model.key, rows[i]) : rows[i][model.key]);
    if (n === undefined) continue;
    total += n;
    filled++;
  }
  if (model.summary === 'avg') return filled === 0 ? 0 : roundTo(total, 12) / filled;
  return roundTo(total, model.precision ?? 8);
}

/** The footer cell's text: the summary with the column's precision (means: 2 by default) and separators. */
export function footerText(model: ColumnModel, value: number): string {
  return formatNumber(value, { precision: model.precision ?? (model.summary === 'avg' ? 2 : undefined), thousands: model.thousands });
}

/** The text a data cell shows (before ellipsis): the cell type's format, then the column's showFormatter. */
export function displayText(model: ColumnModel, type: CellTypeDef, record: Row, lookups: LookupMap, language = 'CN'): string {
  const value = record[model.key];
  const f = model.column.showFormatter;
  if (f) return formatters.get(f.name).format(value, f.args ?? {}, { row: record, lookups, language });
  return type.format(value, model, { row: record, lookups });
}

/** A locale key when the cell's value breaks the column's validate rules or its type's check. */
export function cellProblem(model: ColumnModel, type: CellTypeDef, record: Row): string | undefined {
  const value = record[model.key];
  const empty = value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  const v = model.column.validate;
  if (empty) return model.required && type.editor !== 'none' ? 'grid.invalid.required' : undefined;
  if (v?.pattern && !new RegExp(v.pattern).test(String(value))) return 'grid.invalid.pattern';
  return type.check?.(value, model);
}

/** The cell's problem as the user should see it now: an empty required cell only once touched (touchedCells.ts). */
export function visibleProblem(model: ColumnModel, type: CellTypeDef, record: Row, shown: ProblemGate | undefined): string | undefined {
  const problem = cellProblem(model, type, record);
  if (problem === 'grid.invalid.required' && shown && !shown(record, model.key)) return undefined;
  return problem;
}

/** The canvas columns the footer's total label covers (SPEC §9 footer merge), from the source's widths. */
export function footerSpanOf(src: CellSource) {
  const leading = leadingOf(src);
  const columns = [
    ...leading.map((l) => ({ width: l === '-index' ? INDEX_WIDTH : (src.grid.expand?.width ?? EXPAND_WIDTH), summary: false })),
    ...src.models.map((m) => ({ width: src.widths?.get(m.key) ?? m.width, summary: m.isSummary })),
  ];
  const index = leading.indexOf('-index');
  return footerLabelSpan(columns, index >= 0 ? index : undefined, src.freezeColumns ?? 0);
}

function footerCell(src: CellSource, col: number): GridCell | undefined {
  const span = src.footerSpan ?? footerSpanOf(src);
  if (!span || col < span.start || col > span.end) return undefined;
  const cell: FooterLabelCell = {
    kind: GridCellKind.Custom,
    allowOverlay: false,
    readonly: true,
    copyData: col === span.start ? src.totalLabel : '',
    themeOverride: summaryTheme,
    data: { kind: 'srm-footer-label', text: src.totalLabel, offset: span.offsets[col - span.start], centreWidth: span.centreWidth },
  };
  return cell;
}

export function getCell(src: CellSource, col: number, row: number): GridCell {
  const leading = leadingOf(src);
  const isSummaryRow = src.summary && row === src.rows.length;
  if (isSummaryRow) {
    const label = footerCell(src, col);
    if (label) return label;
  }
  const lead = leading[col];
  if (lead === '-index') {
    if (isSummaryRow) return text('', 'center', { themeOverride: summaryTheme });
    return text(String(rowNumber(row, src.page, src.pageSize)), 'center');
  }
  if (lead === '-expand') {
    if (isSummaryRow) return text('', 'center', { themeOverride: summaryTheme });
    return text(src.expanded?.has(row) ? '▾' : '▸', 'center');
  }
  const index = col - leading.length;
  const model = src.models[index];
  const type = src.types[index];
  if (!model || !type) return text('', 'left');
  if (isSummaryRow) {
    if (!model.isSummary) return text('', 'left', { themeOverride: summaryTheme });
    const value = src.summaries?.get(model.key) ?? summaryValue(model, src.rows);
    return text(footerText(model, value), 'right', { themeOverride: summaryTheme });
  }
  const record = src.rows[row] ?? {};
  const value = record[model.key];
  // A row covered by the merged cell above shows nothing (the first row of the run carries the value).
  const span = src.merges?.get(model.key)?.[row];
  if (span === 0) return text('', model.align, { copyData: '' });
  const editor = editorFor(model, type.editor);
  const editable = isCellEditable(src.grid, model, record, src.readOnly, editor);
  const problem = src.grid.isEdit && !src.readOnly ? visibleProblem(model, type, record, src.problemShown) : undefined;
  switch (type.display) {
    case 'check': {
      const cell: CheckCell = {
        kind: GridCellKind.Custom,
        allowOverlay: false,
        readonly: !editable,
        copyData: type.format(value, model, { row: record, lookups: src.lookups }),
        data: { kind: 'srm-check', checked: value === true || String(value) === model.trueValue, editable, invalid: type.check?.(value, model) !== undefined },
      };
      return cell;
    }
    case 'icon': {
      const on = model.column.showIcon?.value !== 'N';
      const s = value === null || value === undefined ? '' : String(value);
      const state = !on ? 'none' : s === model.trueValue ? 'true' : s === model.falseValue && model.column.showIcon?.falseShow ? 'false' : 'none';
      const cell: IconCell = { kind: GridCellKind.Custom, allowOverlay: false, readonly: true, copyData: s, data: { kind: 'srm-icon', state } };
      return cell;
    }
    case 'buttons': {
      const buttons = cellButtons(model, record, src.text ?? String);
      // buttonType.showInput: the cell's value (or its displayKey field, for a button column of its own) before the button.
      const showInput = model.column.buttonType && !Array.isArray(model.column.buttonType) && model.column.buttonType.showInput;
      const shownValue = model.column.displayKey !== undefined ? record[model.column.displayKey] : undefined;
      const prefix = !showInput
        ? ''
        : model.column.displayKey !== undefined
          ? shownValue === null || shownValue === undefined
            ? ''
            : String(shownValue)
          : displayText(model, type, record, src.lookups, src.language);
      const cell: ButtonsCell = {
        kind: GridCellKind.Custom,
        allowOverlay: false,
        readonly: true,
        copyData: [prefix, ...buttons.map((b) => b.label)].filter(Boolean).join(' '),
        data: { kind: 'srm-buttons', prefix, buttons: buttons.map((b) => ({ label: b.label, disabled: b.disabled, ...(b.icon ? { icon: b.icon } : {}) })) },
      };
      return cell;
    }
    default:
      break;
  }
  const full = displayText(model, type, record, src.lookups, src.language);
  if (type.display === 'link' && !editable) {
    const width = src.widths?.get(model.key) ?? model.width;
    const shown = model.ellipsis ? fitText(full, width) : full;
    const cell: LinkCell = {
      kind: GridCellKind.Custom,
      allowOverlay: false,
      readonly: true,
      copyData: full,
      contentAlign: model.align,
      data: { kind: 'srm-link', text: shown },
    };
    return cell;
  }
  const width = src.widths?.get(model.key) ?? model.width;
  const shown = model.ellipsis ? fitText(full, width) : full;
  // type cells: the option's colour (column.options[].color).
  const color = model.cellType === 'type' ? model.options.find((o) => String(o.value) === String(value))?.color : undefined;
  if (!editable) return text(full, model.align, problem ? { themeOverride: invalidTheme } : color ? { themeOverride: { textDark: color } } : {}, shown);
  const cell: EditCell = {
    kind: GridCellKind.Custom,
    // Click editors (modal picker, attachment dialog) act on the click; the others open glide's overlay.
    allowOverlay: !isClickEditor(editor),
    copyData: full,
    contentAlign: model.align,
    data: { kind: 'srm-edit', key: model.key, row, value, display: shown, active: src.activeRow === row, invalid: problem !== undefined },
  };
  return cell;
}

/** Whether a row/column condition holds (buttons' show/disabled); exported for the DOM strip. */
export const holds = evaluateCondition;

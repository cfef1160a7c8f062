// The built-in cell types of SPEC §3, registered by name in the cell-type registry (amis' renderer
// registry, exact names). Each says how it draws (display), how its value reads (format), how it edits
// (editor) and what values it refuses (check → a runtime locale key). Column-level formatting that any
// type may use (showFormatter, ellipsis) is applied by cells.ts.
import type { CellContext, CellTypeDef, EditorKind } from '../registry/types.js';
import { lookupMeaning } from '../data/lookupCache.js';
import type { ColumnModel } from './columns.js';
import { computeColumn } from './compute.js';
import { formatDate, formatNumber, toNumber } from './format.js';

export const plain = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

// Deliberately simple patterns: they catch typos, the server's validator has the final word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_RE = /^(https?:\/\/)[^\s/$.?#].[^\s]*$/i;
const TEL = /^\+?[0-9][0-9 ()-]{4,}[0-9]$/;

function text(editor: EditorKind, extra: Partial<CellTypeDef> = {}): CellTypeDef {
  return { align: 'left', display: 'text', format: plain, editor, ...extra };
}

function pattern(re: RegExp, message: string) {
  return (v: unknown) => (isEmpty(v) || re.test(String(v)) ? undefined : message);
}

const numberFormat = (value: unknown, col: ColumnModel) => formatNumber(value, { precision: col.precision, thousands: col.thousands });

function numberCheck(value: unknown, col: ColumnModel): string | undefined {
  if (isEmpty(value)) return undefined;
  const n = toNumber(value);
  if (n === undefined) return 'grid.invalid.number';
  const min = col.column.min ?? col.column.validate?.min ?? col.field?.min;
  const max = col.column.max ?? col.column.validate?.max ?? col.field?.max;
  if (min !== undefined && n < min) return 'grid.invalid.min';
  if (max !== undefined && n > max) return 'grid.invalid.max';
  return undefined;
}

function number(): CellTypeDef {
  return { align: 'right', display: 'text', format: numberFormat, editor: 'number', check: numberCheck };
}

function date(kind: 'date' | 'datetime' | 'year' | 'month' | 'time', editor: EditorKind): CellTypeDef {
  return { align: 'center', display: 'text', format: (v) => formatDate(v, kind), editor };
}

/** Start and end of a range cell: the two rangeKeys fields, or the value as [start, end]. */
export function rangeOf(value: unknown, col: ColumnModel, row: Readonly<Record<string, unknown>>): [unknown, unknown] {
  const keys = col.column.rangeKeys;
  if (keys) return [row[keys[0]], row[keys[1]]];
  if (Array.isArray(value)) return [value[0], value[1]];
  return [undefined, undefined];
}

function range(kind: 'date' | 'datetime', editor: EditorKind): CellTypeDef {
  return {
    align: 'center',
    display: 'text',
    format: (v, col, ctx) => {
      const [a, b] = rangeOf(v, col, ctx.row);
      if (isEmpty(a) && isEmpty(b)) return '';
      return `${formatDate(a, kind)} ~ ${formatDate(b, kind)}`;
    },
    editor,
  };
}

/** Lookup: the meaning of the code; a reference field: its `{key}Display` (or the column's displayKey). */
export function formatLookup(value: unknown, col: ColumnModel, ctx: CellContext): string {
  if (col.displayKey) {
    const shown = ctx.row[col.displayKey];
    if (shown !== undefined && shown !== null && shown !== '') return String(shown);
  }
  if (col.lookupType) return lookupMeaning(ctx.lookups[col.lookupType], value) ?? plain(value);
  return plain(value);
}

/** type cells: the label of the matching column.options entry. */
function formatOption(value: unknown, col: ColumnModel): string {
  return col.options.find((o) => String(o.value) === String(value))?.label ?? plain(value);
}

/** A value is acceptable for a two-value cell only when it is the true or the false value (SPEC §4). */
export function twoValueCheck(value: unknown, col: ColumnModel): string | undefined {
  if (isEmpty(value)) return undefined;
  const s = value === true ? 'Y' : value === false ? 'N' : String(value);
  return s === col.trueValue || s === col.falseValue ? undefined : 'grid.errors.checkboxValue';
}

const buttons: CellTypeDef = {
  align: 'center',
  display: 'buttons',
  format: plain,
  editor: 'none',
};

export const builtInCellTypes: Record<string, CellTypeDef> = {
  text: text('input'),
  textarea: text('textarea'),
  url: text('input', { display: 'link', check: pattern(URL_RE, 'grid.invalid.url') }),
  email: text('input', { check: pattern(EMAIL, 'grid.invalid.email') }),
  tel: text('input', { check: pattern(TEL, 'grid.invalid.tel') }),
  password: text('password', { format: (v) => (plain(v) ? '******' : '') }),
  number: number(),
  price: number(),
  amount: number(),
  date: date('date', 'date'),
  datetime: date('datetime', 'datetime'),
  year: date('year', 'year'),
  month: date('month', 'month'),
  time: date('time', 'time'),
  daterange: range('date', 'daterange'),
  datetimerange: range('datetime', 'datetimerange'),
  lookup: { align: 'left', display: 'text', format: formatLookup, editor: 'select' },
  editlookup: { align: 'left', display: 'text', format: formatLookup, editor: 'editlookup' },
  checkbox: {
    align: 'center',
    display: 'check',
    format: (v, col) => (v === true || plain(v) === col.trueValue ? col.trueValue : col.falseValue),
    editor: 'check',
    check: twoValueCheck,
  },
  /** A formatter-drawn cell (column.showFormatter) that edits as text. */
  slot: text('input'),
  /** A formatter-drawn cell, display only. */
  viewSlot: text('none'),
  button: buttons,
  buttons,
  icon: {
    align: 'center',
    display: 'icon',
    format: (v, col) => (plain(v) === col.trueValue ? col.trueValue : plain(v)),
    editor: 'none',
  },
  compute: {
    align: 'right',
    display: 'text',
    format: (_v, col, ctx) => formatNumber(computeColumn(col.column, ctx.row), { precision: col.precision ?? 2, thousands: col.thousands }),
    editor: 'none',
  },
  linkTag: text('none', { display: 'link' }),
  /** Declares where the operate column's title/width come from; the buttons are DOM (OperateColumn). */
  tableOperate: text('none'),
  /** A group header (children carry the data); never drawn as a body cell. */
  colGroup: text('none'),
  type: {
    align: 'left',
    display: 'text',
    format: formatOption,
    editor: 'options',
  },
  modal: {
    align: 'left',
    display: 'text',
    format: formatLookup,
    editor: 'modal',
  },
};

// Built-in cell types. Formatting is pure so it is unit-tested without a canvas.
import type { CellContext, CellTypeDef, EditorKind } from '../registry/types.js';
import { lookupMeaning } from '../data/lookupCache.js';
import type { ColumnModel } from './columns.js';
import { formatDate, formatNumber } from './format.js';

const textSchema = { type: 'object', properties: { ellipsis: { type: 'boolean' }, tooltip: { type: 'boolean' } } };
const numberSchema = {
  type: 'object',
  properties: {
    precision: { type: 'integer', minimum: 0 },
    showThousandSeparator: { type: 'boolean' },
    min: { type: 'number' },
    max: { type: 'number' },
    isSummary: { type: 'boolean' },
  },
};
const lookupSchema = {
  type: 'object',
  properties: { lookup: { type: 'object', properties: { typeCode: { type: 'string' } } }, displayKey: { type: 'string' } },
};

const plain = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function text(editor: EditorKind, format: CellTypeDef['format'] = plain): CellTypeDef {
  return { align: 'left', display: 'text', format, editor, configSchema: textSchema };
}

const numberFormat = (value: unknown, col: ColumnModel) =>
  formatNumber(value, { precision: col.precision, thousands: col.thousands });

function number(): CellTypeDef {
  return { align: 'right', display: 'text', format: numberFormat, editor: 'number', configSchema: numberSchema };
}

function date(kind: 'date' | 'datetime' | 'year' | 'month' | 'time', editor: EditorKind): CellTypeDef {
  return { align: 'center', display: 'text', format: (v) => formatDate(v, kind), editor, configSchema: textSchema };
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

export const builtInCellTypes: Record<string, CellTypeDef> = {
  text: text('input'),
  textarea: text('input'),
  url: text('input'),
  email: text('input'),
  tel: text('input'),
  password: text('input', (v) => (plain(v) ? '••••••' : '')),
  number: number(),
  price: number(),
  amount: number(),
  date: date('date', 'date'),
  datetime: date('datetime', 'datetime'),
  year: date('year', 'input'),
  month: date('month', 'input'),
  time: date('time', 'input'),
  lookup: {
    align: 'left',
    display: 'text',
    format: formatLookup,
    editor: 'select',
    configSchema: lookupSchema,
  },
  editlookup: { align: 'left', display: 'text', format: formatLookup, editor: 'select', configSchema: lookupSchema },
  checkbox: {
    align: 'center',
    display: 'check',
    format: (v) => (v === 'Y' || v === true ? 'Y' : 'N'),
    editor: 'check',
    configSchema: { type: 'object', properties: {} },
  },
};

// computedEvent: arithmetic over a row's fields, given as data ({op, args} / {field} / number), never JS.
import type { Column } from '../definitions.js';
import type { Row } from '../data/dataProvider.js';
import { toNumber } from './format.js';

export type Expression = NonNullable<Column['computedEvent']>['expression'];

/** The value of an expression; undefined when a field is empty or a division by zero happens. */
export function evaluateExpression(expr: Expression, row: Readonly<Row>): number | undefined {
  if (typeof expr === 'number') return expr;
  if ('field' in expr) return toNumber(row[expr.field]);
  const values = expr.args.map((a) => evaluateExpression(a, row));
  if (values.some((v) => v === undefined)) return undefined;
  const [first, ...rest] = values as number[];
  let acc = first;
  for (const v of rest) {
    switch (expr.op) {
      case '+':
        acc += v;
        break;
      case '-':
        acc -= v;
        break;
      case '*':
        acc *= v;
        break;
      case '/':
        if (v === 0) return undefined;
        acc /= v;
        break;
    }
  }
  return acc;
}

/** Rounded to the column precision (default 2) so 0.1 * 3 does not show float noise. */
export function computeColumn(column: Column, row: Readonly<Row>): number | undefined {
  if (!column.computedEvent) return undefined;
  const v = evaluateExpression(column.computedEvent.expression, row);
  if (v === undefined) return undefined;
  const factor = 10 ** (column.computedEvent.precision ?? 2);
  return Math.round(v * factor) / factor;
}

/** What a column holds for a row: a computed column's value is computed (loaded rows do not carry it), others are read. */
export function columnValue(column: Column, key: string, row: Readonly<Row>): unknown {
  return column.computedEvent ? computeColumn(column, row) : row[key];
}

/** After an edit: every column with a computedEvent gets its value written into the row (so it is saved). */
export function applyComputed(columns: readonly Column[], row: Row): Row {
  let out = row;
  for (const c of columns) {
    if (!c.computedEvent) continue;
    const v = computeColumn(c, out);
    const next = v === undefined ? null : v;
    if (out[c.key] !== next) out = { ...out, [c.key]: next };
  }
  return out;
}

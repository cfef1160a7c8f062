// The condition builder's model: rows (field + operator + value) in AND/OR groups, nested, optionally
// negated. It converts to and from the condition data of schemas/meta/condition.schema.json — the
// designer never produces anything but that data.
import type { Condition } from '../../runtime/definitions';

export const OPERATORS = ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'gte', 'lt', 'lte'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface ConditionRow {
  type: 'row';
  field: string;
  operator: Operator;
  /** As typed; `in`/`notIn` take a comma-separated list. */
  value: string;
}

export interface ConditionGroup {
  type: 'group';
  mode: 'and' | 'or';
  negate: boolean;
  items: (ConditionRow | ConditionGroup)[];
}

export function operatorTakesValue(operator: Operator): boolean {
  return operator !== 'empty' && operator !== 'notEmpty';
}

export function emptyGroup(mode: 'and' | 'or' = 'and'): ConditionGroup {
  return { type: 'group', mode, negate: false, items: [] };
}

export function newRow(field = ''): ConditionRow {
  return { type: 'row', field, operator: 'eq', value: '' };
}

function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((v) => String(v)).join(',');
  return String(value);
}

/** Condition data → builder tree (a missing condition is an empty AND group). */
export function toGroup(condition: Condition | undefined): ConditionGroup {
  if (condition === undefined) return emptyGroup();
  if ('not' in condition) return { ...toGroup(condition.not), negate: true };
  if ('and' in condition) return { type: 'group', mode: 'and', negate: false, items: condition.and.map(toItem) };
  if ('or' in condition) return { type: 'group', mode: 'or', negate: false, items: condition.or.map(toItem) };
  return { type: 'group', mode: 'and', negate: false, items: [toItem(condition)] };
}

function toItem(condition: Condition): ConditionRow | ConditionGroup {
  if ('field' in condition) return { type: 'row', field: condition.field, operator: condition.operator, value: valueText(condition.value) };
  return toGroup(condition);
}

/** Numbers stay numbers ("10" → 10) so gt/lt compare numerically; other text stays text. */
function parseScalar(text: string): string | number {
  const trimmed = text.trim();
  return trimmed !== '' && /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function rowCondition(row: ConditionRow): Condition | undefined {
  if (!row.field) return undefined;
  if (!operatorTakesValue(row.operator)) return { field: row.field, operator: row.operator };
  if (row.operator === 'in' || row.operator === 'notIn') {
    const list = row.value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '')
      .map(parseScalar);
    return { field: row.field, operator: row.operator, value: list };
  }
  return { field: row.field, operator: row.operator, value: parseScalar(row.value) };
}

/** Builder tree → condition data; rows without a field are left out; an empty tree is no condition. */
export function fromGroup(group: ConditionGroup): Condition | undefined {
  const items = group.items.map((item) => (item.type === 'row' ? rowCondition(item) : fromGroup(item))).filter((c): c is Condition => c !== undefined);
  if (items.length === 0) return undefined;
  const [first, ...rest] = items;
  const combined: Condition = items.length === 1 ? first : group.mode === 'and' ? { and: [first, ...rest] } : { or: [first, ...rest] };
  return group.negate ? { not: combined } : combined;
}

/** One line for lists and tooltips, e.g. `symbol notEmpty AND (rate gt 1 OR rate lt 0)`. */
export function describeCondition(condition: Condition | undefined): string {
  if (condition === undefined) return '';
  if ('not' in condition) return `NOT (${describeCondition(condition.not)})`;
  if ('and' in condition) return condition.and.map((c) => wrap(c)).join(' AND ');
  if ('or' in condition) return condition.or.map((c) => wrap(c)).join(' OR ');
  const value = operatorTakesValue(condition.operator) ? ` ${JSON.stringify(condition.value ?? '')}` : '';
  return `${condition.field} ${condition.operator}${value}`;
}

function wrap(condition: Condition): string {
  return 'field' in condition || 'not' in condition ? describeCondition(condition) : `(${describeCondition(condition)})`;
}

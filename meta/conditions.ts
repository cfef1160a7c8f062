// Conditions are data, never code (no eval / new Function): ARCHITECTURE.md "Conditions". One evaluator for
// the runtime (forms, grids, buttons) and the server (workflow gateways and bindings).
import type { Condition } from './generated/definitions.js';

export type RecordLike = Readonly<Record<string, unknown>>;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

// Forms hold numbers typed as text and ids come back as strings from bigint columns: compare loosely
// between number and numeric string, strictly otherwise.
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'string') return b.trim() !== '' && Number(b) === a;
  if (typeof a === 'string' && typeof b === 'number') return a.trim() !== '' && Number(a) === b;
  return false;
}

function compare(a: unknown, b: unknown): number | undefined {
  if (isEmpty(a) || isEmpty(b)) return undefined;
  if (typeof a === 'number' || typeof b === 'number') {
    const x = Number(a);
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return undefined;
    return x - y;
  }
  // yyyy-MM-dd and yyyy-MM-dd HH:mm:ss compare correctly as strings.
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

export function evaluateCondition(condition: Condition | undefined, record: RecordLike): boolean {
  if (condition === undefined) return true;
  if ('and' in condition) return condition.and.every((c) => evaluateCondition(c, record));
  if ('or' in condition) return condition.or.some((c) => evaluateCondition(c, record));
  if ('not' in condition) return !evaluateCondition(condition.not, record);
  const actual = record[condition.field];
  const expected = condition.value;
  switch (condition.operator) {
    case 'eq':
      return same(actual, expected);
    case 'ne':
      return !same(actual, expected);
    case 'in':
      return asList(expected).some((v) => same(actual, v));
    case 'notIn':
      return !asList(expected).some((v) => same(actual, v));
    case 'empty':
      return isEmpty(actual);
    case 'notEmpty':
      return !isEmpty(actual);
    case 'gt': {
      const c = compare(actual, expected);
      return c !== undefined && c > 0;
    }
    case 'gte': {
      const c = compare(actual, expected);
      return c !== undefined && c >= 0;
    }
    case 'lt': {
      const c = compare(actual, expected);
      return c !== undefined && c < 0;
    }
    case 'lte': {
      const c = compare(actual, expected);
      return c !== undefined && c <= 0;
    }
    default: {
      const unknownOperator: never = condition.operator;
      throw new Error(`Unknown condition operator "${String(unknownOperator)}"`);
    }
  }
}

/** `isEdit`-style flags: a boolean or a condition; `undefined` takes the default. */
export function evaluateFlag(flag: boolean | Condition | undefined, record: RecordLike, fallback: boolean): boolean {
  if (flag === undefined) return fallback;
  if (typeof flag === 'boolean') return flag;
  return evaluateCondition(flag, record);
}

// Gateway and binding conditions: the pages' condition format (schemas/meta/condition.schema.json,
// `{field, operator, value}` with and/or/not), data and never script. Server code may not import the
// runtime, so both use the one evaluator in meta/conditions.ts; this file adds the structural check for
// publishing.
import { evaluateCondition as evaluateShared } from '../../../meta/conditions.js';
import type { Condition as SharedCondition } from '../../../meta/generated/definitions.js';

export type Operator = 'eq' | 'ne' | 'in' | 'notIn' | 'empty' | 'notEmpty' | 'gt' | 'gte' | 'lt' | 'lte';
export type Condition = { field: string; operator: Operator; value?: unknown } | { and: Condition[] } | { or: Condition[] } | { not: Condition };

const OPERATORS: readonly string[] = ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'gte', 'lt', 'lte'];
const FIELD = /^[A-Za-z][A-Za-z0-9_]*$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why `value` is not a condition (a JSON path and what is wrong), or null when it is one. */
export function conditionProblem(value: unknown, path = '$'): string | null {
  if (!isObject(value)) return `${path}: not an object`;
  const keys = Object.keys(value);
  for (const k of ['and', 'or'] as const) {
    if (k in value) {
      if (keys.length !== 1) return `${path}: "${k}" takes no other keys`;
      const list = value[k];
      if (!Array.isArray(list) || list.length === 0) return `${path}.${k}: not a non-empty list`;
      for (const [i, c] of list.entries()) {
        const p = conditionProblem(c, `${path}.${k}[${i}]`);
        if (p) return p;
      }
      return null;
    }
  }
  if ('not' in value) return keys.length !== 1 ? `${path}: "not" takes no other keys` : conditionProblem(value.not, `${path}.not`);
  const extra = keys.filter((k) => !['field', 'operator', 'value'].includes(k));
  if (extra.length) return `${path}: unknown key "${extra[0]}"`;
  if (typeof value.field !== 'string' || !FIELD.test(value.field)) return `${path}.field: not a field name`;
  if (typeof value.operator !== 'string' || !OPERATORS.includes(value.operator)) return `${path}.operator: not one of ${OPERATORS.join(', ')}`;
  return null;
}

/** Parses condition JSON text: the condition, or the problem. */
export function parseCondition(text: string): { condition: Condition } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'not JSON' };
  }
  const problem = conditionProblem(value);
  return problem ? { problem } : { condition: value as Condition };
}

/** The runtime's own evaluator (meta/conditions.ts), so a gateway decides exactly as a form would. */
export function evaluateCondition(condition: Condition | undefined, record: Readonly<Record<string, unknown>>): boolean {
  return evaluateShared(condition as SharedCondition | undefined, record);
}

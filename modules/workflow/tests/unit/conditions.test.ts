// The server's condition evaluator is the runtime's (runtime/conditions/evaluate.ts) for every operator:
// server code may not import the runtime, so the two are kept equal here.
import { describe, expect, it } from 'vitest';
import { evaluateCondition as runtimeEvaluate } from '../../../../meta/conditions.js';
import { conditionProblem, evaluateCondition, type Condition } from '../../server/conditions.js';

const record = { n: 5, s: '5', t: 'abc', d: '2026-11-22', empty: '', list: [], nil: null };
const values: unknown[] = [5, '5', 4, 6, 'abc', 'abd', '2026-11-21', '2026-11-23', [5, 6], ['abc'], null, ''];
const fields = Object.keys(record).concat('missing');
const operators = ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'gte', 'lt', 'lte'] as const;

describe('workflow conditions', () => {
  it('evaluate exactly like the runtime for every operator, field and value', () => {
    let n = 0;
    for (const field of fields)
      for (const operator of operators)
        for (const value of values) {
          const c = { field, operator, value } as Condition;
          expect(evaluateCondition(c, record), JSON.stringify(c)).toBe(runtimeEvaluate(c as never, record));
          n++;
        }
    const nested = { and: [{ field: 'n', operator: 'gt', value: 1 }, { not: { or: [{ field: 't', operator: 'eq', value: 'x' }] } }] } as Condition;
    expect(evaluateCondition(nested, record)).toBe(true);
    expect(runtimeEvaluate(nested as never, record)).toBe(true);
    expect(n).toBeGreaterThan(500);
  });

  it('name what is not a condition', () => {
    expect(conditionProblem({ field: 'a', operator: 'eq', value: 1 })).toBeNull();
    expect(conditionProblem({ and: [{ field: 'a', operator: 'empty' }] })).toBeNull();
    expect(conditionProblem('return true')).toBe('$: not an object');
    expect(conditionProblem({ field: 'a', operator: 'like' })).toMatch(/^\$\.operator: not one of/);
    expect(conditionProblem({ field: 'a b', operator: 'eq' })).toBe('$.field: not a field name');
    expect(conditionProblem({ and: [] })).toBe('$.and: not a non-empty list');
    expect(conditionProblem({ or: [{ field: 'a', operator: 'eq', script: 'x' }] })).toBe('$.or[0]: unknown key "script"');
    expect(conditionProblem({ not: { field: 'a', operator: 'eq' }, and: [] })).toBe('$: "and" takes no other keys');
  });
});

import { describe, expect, it } from 'vitest';
import { evaluateCondition, evaluateFlag } from '../../../runtime/conditions/index.js';

describe('evaluateCondition', () => {
  const rec = { status: 'DRAFT', qty: 5, empty: '', list: [], date: '2026-03-01', id: '12' };
  it('compares with every operator', () => {
    expect(evaluateCondition({ field: 'status', operator: 'eq', value: 'DRAFT' }, rec)).toBe(true);
    expect(evaluateCondition({ field: 'status', operator: 'ne', value: 'DRAFT' }, rec)).toBe(false);
    expect(evaluateCondition({ field: 'status', operator: 'in', value: ['DRAFT', 'REJECTED'] }, rec)).toBe(true);
    expect(evaluateCondition({ field: 'status', operator: 'notIn', value: ['DRAFT'] }, rec)).toBe(false);
    expect(evaluateCondition({ field: 'empty', operator: 'empty' }, rec)).toBe(true);
    expect(evaluateCondition({ field: 'list', operator: 'empty' }, rec)).toBe(true);
    expect(evaluateCondition({ field: 'missing', operator: 'notEmpty' }, rec)).toBe(false);
    expect(evaluateCondition({ field: 'qty', operator: 'gt', value: 4 }, rec)).toBe(true);
    expect(evaluateCondition({ field: 'qty', operator: 'gte', value: 5 }, rec)).toBe(true);
    expect(evaluateCondition({ field: 'qty', operator: 'lt', value: 5 }, rec)).toBe(false);
    expect(evaluateCondition({ field: 'qty', operator: 'lte', value: '5' }, rec)).toBe(true);
    expect(evaluateCondition({ field: 'date', operator: 'gt', value: '2026-02-28' }, rec)).toBe(true);
    expect(evaluateCondition({ field: 'missing', operator: 'gt', value: 1 }, rec)).toBe(false);
  });
  it('treats numeric strings and numbers as equal (bigint ids)', () => {
    expect(evaluateCondition({ field: 'id', operator: 'eq', value: 12 }, rec)).toBe(true);
    expect(evaluateCondition({ field: 'id', operator: 'in', value: [1, 12] }, rec)).toBe(true);
  });
  it('combines with and / or / not', () => {
    const c = { and: [{ field: 'status', operator: 'eq', value: 'DRAFT' }, { not: { field: 'qty', operator: 'lt', value: 1 } }] } as const;
    expect(evaluateCondition(c as never, rec)).toBe(true);
    expect(
      evaluateCondition(
        {
          or: [
            { field: 'status', operator: 'eq', value: 'X' },
            { field: 'qty', operator: 'eq', value: 5 },
          ],
        },
        rec,
      ),
    ).toBe(true);
    expect(evaluateCondition({ not: { field: 'status', operator: 'in', value: ['DRAFT', 'REJECTED'] } }, rec)).toBe(false);
  });
  it('passes when there is no condition and evaluates flags', () => {
    expect(evaluateCondition(undefined, rec)).toBe(true);
    expect(evaluateFlag(undefined, rec, true)).toBe(true);
    expect(evaluateFlag(false, rec, true)).toBe(false);
    expect(evaluateFlag({ field: 'status', operator: 'eq', value: 'X' }, rec, true)).toBe(false);
  });
  it('refuses an unknown operator', () => {
    expect(() => evaluateCondition({ field: 'a', operator: 'regex' as never }, rec)).toThrow(/Unknown condition operator/);
  });
  it('never uses eval or new Function', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
    const offenders = walk('runtime')
      .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.test.ts'))
      .filter((f) => /\beval\s*\(|new\s+Function\s*\(/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

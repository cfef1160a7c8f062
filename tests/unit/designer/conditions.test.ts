import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeCondition, emptyGroup, fromGroup, newRow, toGroup, type ConditionGroup } from '../../../designer/model/conditions';
import type { Condition } from '../../../runtime/definitions';
import { evaluateCondition } from '../../../meta/conditions';
import { metaAjv } from '../../../meta/ajv';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const valid = metaAjv(join(ROOT, 'schemas/meta')).getSchema('srm:meta/condition')!;

describe('condition builder model', () => {
  it('writes condition data the meta-schema accepts and the runtime evaluates', () => {
    const group: ConditionGroup = {
      type: 'group',
      mode: 'and',
      negate: false,
      items: [
        { type: 'row', field: 'symbol', operator: 'notEmpty', value: 'ignored' },
        {
          type: 'group',
          mode: 'or',
          negate: false,
          items: [
            { type: 'row', field: 'rate', operator: 'gt', value: '10' },
            { type: 'row', field: 'code', operator: 'in', value: 'USD, EUR' },
          ],
        },
      ],
    };
    const condition = fromGroup(group)!;
    expect(condition).toEqual({
      and: [
        { field: 'symbol', operator: 'notEmpty' },
        {
          or: [
            { field: 'rate', operator: 'gt', value: 10 },
            { field: 'code', operator: 'in', value: ['USD', 'EUR'] },
          ],
        },
      ],
    });
    expect(valid(condition)).toBe(true);
    expect(evaluateCondition(condition, { symbol: '$', rate: 5, code: 'EUR' })).toBe(true);
    expect(evaluateCondition(condition, { symbol: '', rate: 50, code: 'USD' })).toBe(false);
    expect(describeCondition(condition)).toBe('symbol notEmpty AND (rate gt 10 OR code in ["USD","EUR"])');
  });

  it('leaves out rows without a field; nothing left means no condition; one row is written bare', () => {
    expect(fromGroup(emptyGroup())).toBeUndefined();
    expect(fromGroup({ ...emptyGroup(), items: [newRow()] })).toBeUndefined();
    expect(fromGroup({ ...emptyGroup(), items: [{ ...newRow('status'), value: 'NEW' }] })).toEqual({ field: 'status', operator: 'eq', value: 'NEW' });
    expect(fromGroup({ ...emptyGroup(), negate: true, items: [{ ...newRow('status'), value: 'NEW' }] })).toEqual({
      not: { field: 'status', operator: 'eq', value: 'NEW' },
    });
  });

  it('reads existing conditions back into rows and groups (round trip)', () => {
    const samples: Condition[] = [
      { field: 'status', operator: 'eq', value: 'DRAFT' },
      {
        or: [
          { field: 'a', operator: 'empty' },
          { field: 'b', operator: 'notIn', value: [1, 2] },
        ],
      },
      {
        not: {
          and: [
            { field: 'a', operator: 'lte', value: 3 },
            { field: 'b', operator: 'ne', value: 'X' },
          ],
        },
      },
    ];
    for (const sample of samples) expect(fromGroup(toGroup(sample))).toEqual(sample);
    expect(toGroup(undefined)).toEqual(emptyGroup());
  });
});

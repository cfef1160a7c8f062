import { describe, expect, it } from 'vitest';
import { describeExpression, expressionFields, starterExpression, type Expression } from '../../../designer/model/expression';
import { lengthPattern, parseLengthPattern } from '../../../designer/model/length';

describe('computed column expressions (data)', () => {
  it('describes and lists the fields of an operand/operator tree', () => {
    const e: Expression = { op: '+', args: [{ op: '*', args: [{ field: 'price' }, { field: 'quantity' }] }, 10] };
    expect(describeExpression(e)).toBe('(price * quantity) + 10');
    expect(expressionFields(e)).toEqual(['price', 'quantity']);
  });

  it('starts a new computed column from the first two numeric fields', () => {
    expect(starterExpression(['rate', 'amount', 'x'])).toEqual({ op: '*', args: [{ field: 'rate' }, { field: 'amount' }] });
    expect(starterExpression([])).toEqual({ op: '*', args: [1, 1] });
  });
});

describe('length validation as a pattern', () => {
  it('writes a length range as a pattern the grid checks, and reads it back', () => {
    const p = lengthPattern({ min: 2, max: 10 })!;
    expect(new RegExp(p).test('a')).toBe(false);
    expect(new RegExp(p).test('ab')).toBe(true);
    expect(new RegExp(p).test('x'.repeat(11))).toBe(false);
    expect(parseLengthPattern(p)).toEqual({ min: 2, max: 10 });
    expect(parseLengthPattern(lengthPattern({ max: 5 }))).toEqual({ max: 5 });
    expect(lengthPattern({})).toBeUndefined();
    expect(parseLengthPattern(undefined)).toEqual({});
    expect(parseLengthPattern('^[A-Z]+$')).toBeUndefined();
  });
});

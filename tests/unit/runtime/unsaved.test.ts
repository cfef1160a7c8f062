import { describe, expect, it } from 'vitest';
import { dirtyAttribute, sameRecord } from '../../../runtime/pages/unsaved.js';

describe('sameRecord (what counts as an unsaved change)', () => {
  it('ignores key order and empty values (null, undefined, empty text)', () => {
    expect(sameRecord({ a: 1, b: 'x', c: null }, { b: 'x', a: 1 })).toBe(true);
    expect(sameRecord({ remark: '' }, { remark: null })).toBe(true);
    expect(sameRecord({ lines: [{ q: 1, note: undefined }] }, { lines: [{ q: 1 }] })).toBe(true);
  });

  it('sees a changed, added or removed value, and a changed line', () => {
    expect(sameRecord({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameRecord({ a: 1 }, { a: 1, b: 'new' })).toBe(false);
    expect(sameRecord({ lines: [{ q: 1 }] }, { lines: [{ q: 1 }, {}] })).toBe(false);
    expect(sameRecord({ lines: [{ q: 1 }] }, { lines: [{ q: 3 }] })).toBe(false);
  });

  it('takes a number and its text as the same value', () => {
    expect(sameRecord({ qty: 12.5 }, { qty: '12.5' })).toBe(true);
    expect(sameRecord({ qty: 12.5 }, { qty: '12.50x' })).toBe(false);
  });

  it('marks a page root only while it is dirty', () => {
    expect(dirtyAttribute(true)).toEqual({ 'data-dirty': 'true' });
    expect(dirtyAttribute(false)).toEqual({});
  });
});

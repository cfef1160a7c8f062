import { describe, expect, it } from 'vitest';
import { convertValue } from '../../../server/rest/values.js';

describe('convertValue', () => {
  it('keeps decimals to their scale and refuses too many integer digits', () => {
    expect(convertValue({ type: 'decimal', precision: 18, scale: 2 }, '12.345')).toEqual({ ok: true, value: 12.35 });
    expect(convertValue({ type: 'decimal', precision: 4, scale: 2 }, 123).ok).toBe(false);
  });
  it('accepts only real calendar dates', () => {
    expect(convertValue({ type: 'date' }, '2026-02-29').ok).toBe(false);
    expect(convertValue({ type: 'date' }, '2028-02-29')).toEqual({ ok: true, value: '2028-02-29' });
    expect(convertValue({ type: 'datetime' }, '2026-11-22T08:05')).toEqual({ ok: true, value: '2026-11-22 08:05:00' });
  });
  it('counts characters, not bytes, against the length', () => {
    expect(convertValue({ type: 'string', length: 4 }, '银行编码').ok).toBe(true);
    expect(convertValue({ type: 'string', length: 3 }, '银行编码')).toMatchObject({ ok: false, key: 'rest.tooLong' });
  });
  it('refuses NUL and non-Y/N flags', () => {
    expect(convertValue({ type: 'string' }, 'a\u0000b').ok).toBe(false);
    expect(convertValue({ type: 'yn' }, 'true').ok).toBe(false);
  });
});

import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appsign, parameterSignature } from '../../../server/auth/signing.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('request signing', () => {
  it('applies MD5 k times as the contract derives k from the digits', () => {
    // digits 1,7,0,0,…; d[len-2] = 4 → L = 1; k = (1 mod 4) + 1 = 2
    expect(appsign('1700000000040')).toBe(md5(md5('1700000000040')));
    // d[len-2] = 7 → L = 4; 1+7+6+3 = 17 → k = 2
    expect(appsign('1763000000070')).toBe(md5(md5('1763000000070')));
    // d[len-2] = 2 → L = 3; 1+7+2 = 10 → k = 3
    expect(appsign('1720000000020')).toBe(md5(md5(md5('1720000000020'))));
  });

  it('signs timestamp, random, path and body with HMAC-SHA256', () => {
    const expected = createHmac('sha256', 'k').update('1\nabc\n/api/x\n{"a":1}').digest('hex');
    expect(parameterSignature('k', '1', 'abc', '/api/x', '{"a":1}')).toBe(expected);
  });
});

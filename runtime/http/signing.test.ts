import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appSign, appSignRounds, parameterSignature, randomNum, signedPath } from './signing';

// Reference values come from node:crypto and hand-derived round counts, not from the code under test.
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const md5Times = (s: string, k: number) => {
  let v = s;
  for (let i = 0; i < k; i++) v = md5(v);
  return v;
};

describe('appsign', () => {
  it('derives the round count from the digits', () => {
    // 1700000000123: d[len-2]=2 → L=3; 1+7+0=8 → 8 mod 4 + 1 = 1
    expect(appSignRounds('1700000000123')).toBe(1);
    // 1712345678957: d[len-2]=5 → L=2; 1+7=8 → 1
    expect(appSignRounds('1712345678957')).toBe(1);
    // 1735689600071: d[len-2]=7 → L=4; 1+7+3+5=16 → 1
    expect(appSignRounds('1735689600071')).toBe(1);
    // 1912345678904: d[len-2]=0 → L=1; 1 → 2
    expect(appSignRounds('1912345678904')).toBe(2);
    // 1234567890161: d[len-2]=6 → L=3; 1+2+3=6 → 3
    expect(appSignRounds('1234567890161')).toBe(3);
    // 2999999999919: d[len-2]=1 → L=2; 2+9=11 → 4
    expect(appSignRounds('2999999999919')).toBe(4);
  });

  it('hashes the timestamp k times in lower-case hex', () => {
    expect(appSign('1700000000123')).toBe(md5Times('1700000000123', 1));
    expect(appSign('1912345678904')).toBe(md5Times('1912345678904', 2));
    expect(appSign('1234567890161')).toBe(md5Times('1234567890161', 3));
    expect(appSign('2999999999919')).toBe(md5Times('2999999999919', 4));
    expect(appSign('2999999999919')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a timestamp that is not a decimal string', () => {
    expect(() => appSign('17e12')).toThrow();
  });
});

describe('parameterSignature', () => {
  it('is HMAC-SHA256 over timestamp, randomNum, path and body joined by newlines', () => {
    const body = '{"params":{"bankName":"中国银行"},"pageIndex":1,"pageRows":20}';
    const path = '/api/srmServer/v1/srmBaseBankRestful/listByPage';
    const expected = createHmac('sha256', Buffer.from('k3y-签名', 'utf8')).update(`1700000000123\nabcdefghijklmnop\n${path}\n${body}`, 'utf8').digest('hex');
    expect(parameterSignature('k3y-签名', '1700000000123', 'abcdefghijklmnop', path, body)).toBe(expected);
  });

  it('signs an empty body as an empty string', () => {
    const expected = createHmac('sha256', 'key').update('1\nrrrrrrrrrrrrrrrr\n/api/x\n').digest('hex');
    expect(parameterSignature('key', '1', 'rrrrrrrrrrrrrrrr', '/api/x', '')).toBe(expected);
  });
});

describe('randomNum and signedPath', () => {
  it('makes fresh nonces of at least 16 characters', () => {
    const a = randomNum();
    expect(a.length).toBeGreaterThanOrEqual(16);
    expect(a).not.toBe(randomNum());
    expect(() => randomNum(8)).toThrow();
  });

  it('strips origin and query from the path', () => {
    expect(signedPath('/api/fileServer/v2/file/download?id=7')).toBe('/api/fileServer/v2/file/download');
    expect(signedPath('http://h:1/api/a/b?x=1#f')).toBe('/api/a/b');
  });
});

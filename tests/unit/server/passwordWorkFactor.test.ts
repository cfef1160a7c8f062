// The test servers' lower scrypt cost (BuildOptions.passwordWorkFactor) changes only new hashes and the
// unknown-user check: a stored hash is checked with the cost written in it, so hashes of either cost
// stay valid in either process.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WORK_FACTOR, hashPassword, setPasswordWorkFactor, verifyPassword } from '../../../server/auth/password.js';

describe('scrypt work factor', () => {
  afterEach(() => setPasswordWorkFactor(DEFAULT_WORK_FACTOR));

  it('writes the cost into the hash; each hash is checked with its own cost', async () => {
    const strong = await hashPassword('Srm#Demo2026');
    expect(strong.split('$').slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    setPasswordWorkFactor(1024);
    const cheap = await hashPassword('Srm#Demo2026');
    expect(cheap.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    expect(await verifyPassword('Srm#Demo2026', strong)).toBe(true);
    setPasswordWorkFactor(DEFAULT_WORK_FACTOR);
    expect(await verifyPassword('Srm#Demo2026', cheap)).toBe(true);
    expect(await verifyPassword('Srm#Demo2027', cheap)).toBe(false);
    expect(await verifyPassword('Srm#Demo2026', null)).toBe(false);
  });

  it('takes only a power of two', () => {
    for (const n of [0, 1, 1000, 1.5, -1024]) expect(() => setPasswordWorkFactor(n)).toThrow('power of two');
  });
});

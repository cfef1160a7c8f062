import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, classCount, ruleViolations } from '../../server/auth/passwordRules.js';

describe('password rules', () => {
  it('counts character classes', () => {
    expect(classCount('abc')).toBe(1);
    expect(classCount('abcDEF')).toBe(2);
    expect(classCount('abcDEF123')).toBe(3);
    expect(classCount('aB3#')).toBe(4);
    expect(classCount('密码Ab1')).toBe(4);
  });
  it("names every broken rule in the user's language", () => {
    expect(ruleViolations(DEFAULT_RULES, 'buyer01', 'Good#Pass1', 'EN')).toEqual([]);
    expect(ruleViolations(DEFAULT_RULES, 'buyer01', 'ab', 'EN')).toEqual([
      'The password must have at least 8 characters',
      'The password must mix at least 3 of: upper case, lower case, digits, symbols',
    ]);
    expect(ruleViolations(DEFAULT_RULES, 'buyer01', 'X#BUYER01x', 'EN')).toEqual(['The password must not contain the user name']);
    expect(ruleViolations({ ...DEFAULT_RULES, forbidUserName: false }, 'buyer01', 'X#BUYER01x', 'EN')).toEqual([]);
    expect(ruleViolations(DEFAULT_RULES, 'buyer01', 'ab', 'CN')[0]).toBe('密码至少需要 8 个字符');
    expect(ruleViolations(DEFAULT_RULES, 'u', 'A'.repeat(130) + 'a1', 'EN')).toEqual(['The password may have at most 128 characters']);
  });
});

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formValueSchema, generateValidators } from '../../../generators/validators.js';
import { loadDefinitions } from '../../../meta/load.js';
import type { Definitions } from '../../../meta/definitions.js';
import { validators } from '../../../src/generated/validators.js';

const root = join(__dirname, '..', '..', '..');
const golden = join(__dirname, 'golden', 'bank.validators.js.txt');

function fixture(names: string[]): Definitions {
  const all = loadDefinitions(root);
  return { ...all, entities: new Map([...all.entities].filter(([name]) => names.includes(name))) };
}

describe('precompiled validator generator', () => {
  it('matches the golden file (UPDATE_GOLDEN=1 rewrites it after an intended change)', () => {
    const out = generateValidators(fixture(['srmBaseBank']));
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(golden)) writeFileSync(golden, out);
    expect(out).toBe(readFileSync(golden, 'utf8'));
  });

  it('emits a browser module: no require, no eval, no new Function', () => {
    const out = readFileSync(join(root, 'src', 'generated', 'validators.js'), 'utf8');
    expect(out).not.toMatch(/\brequire\(/);
    expect(out).not.toMatch(/\beval\(|new Function|Function\(/);
  });

  it('covers every family and line entity, and no system table', () => {
    const defs = loadDefinitions(root);
    for (const e of defs.entities.values()) expect(e.name in validators, e.name).toBe((e.kind ?? 'family') !== 'system');
  });

  it('checks types, lengths, enums, ranges and date shapes; empty values pass', () => {
    const bank = validators.srmBaseBank;
    expect(bank({ bankCode: 'B1', bankName: null, enabledFlag: 'Y' })).toBe(true);
    expect(bank({ bankCode: 'x'.repeat(31), enabledFlag: 'X', versionNum: 1.5 })).toBe(false);
    expect((bank.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`).sort()).toEqual(['/bankCode maxLength', '/enabledFlag enum', '/versionNum type']);
    // Length counts characters (code points) as PostgreSQL's varchar(n) does: 30 emoji fit in 30.
    expect(bank({ bankCode: '😀'.repeat(30) })).toBe(true);
    expect(validators.srmPoRequisition({ requestDate: '2026-1-1' })).toBe(false);
    expect(validators.srmPoRequisition({ requestDate: '2026-01-01' })).toBe(true);
  });

  it('allows null for every field and keeps format out (patterns carry the shapes)', () => {
    const s = formValueSchema(fixture(['srmPoRequisition']).entities.get('srmPoRequisition')!);
    for (const p of Object.values(s.properties as Record<string, Record<string, unknown>>)) {
      expect(p.type).toContain('null');
      expect(p.format).toBeUndefined();
    }
  });
});

// The module registry refuses what would make a hook point ambiguous or wrong, and orders modules so
// that a dependency starts before its dependants.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../../meta/load.js';
import { ModuleRegistry } from '../../../server/modules/registry.js';
import { discoverModules } from '../../../server/modules/discover.js';
import { defineModule, type ServerModule } from '../../../server/modules/types.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';

const root = join(__dirname, '..', '..', '..');
const defs = loadDefinitions(root);
const shipped = await discoverModules(root);
const noop: FamilyAction = async () => ({ status: 'S', msg: '', data: null }) as never;

function problems(modules: ServerModule[]): string {
  try {
    new ModuleRegistry(modules, defs);
  } catch (e) {
    return (e as Error).message;
  }
  return '';
}

describe('module registry', () => {
  it('starts every shipped module, dependencies first, and finds every declared operation', () => {
    const r = new ModuleRegistry(shipped, defs);
    const names = r.modules.map((m) => m.name);
    expect(names.length).toBe(defs.modules!.length);
    for (const m of r.modules) for (const d of m.dependsOn ?? []) expect(names.indexOf(d)).toBeLessThan(names.indexOf(m.name));
    expect(r.operation('baseUsers', 'resetPassword')).toBeTypeOf('function');
    expect(r.rulesOf('basePositionAllot').length).toBe(1);
    expect(r.cacheEffectsOf('baseLookupValues').length).toBe(1);
  });

  it('refuses a module registered twice, an unknown dependency and a cycle', () => {
    const a = defineModule({ name: 'a', dependsOn: ['b'] });
    const b = defineModule({ name: 'b', dependsOn: ['a'] });
    const text = problems([...shipped, a, b, defineModule({ name: 'c', dependsOn: ['nowhere'] }), defineModule({ name: 'a' })]);
    expect(text).toMatch(/module a: registered twice/);
    expect(text).toMatch(/module c: depends on unknown module nowhere/);
    expect(text).toMatch(/dependency cycle/);
  });

  it('refuses rules or operations for an entity of another module', () => {
    const intruder = defineModule({ name: 'intruder', rules: { srmPoRequisition: {} }, operations: { baseUsers: { resetPassword: noop } } });
    const text = problems([...shipped, intruder]);
    expect(text).toMatch(/module intruder: rules for srmPoRequisition, an entity of module requisition/);
    expect(text).toMatch(/module intruder: operations for baseUsers, an entity of module admin/);
  });

  it('refuses an operation that an entity declares but no module registers', () => {
    const withoutAdminOps = shipped.map((m) => (m.name === 'admin' ? { ...m, operations: {} } : m));
    expect(problems(withoutAdminOps)).toMatch(/operation baseUsers\.resetPassword: declared but not registered by module admin/);
  });

  it('refuses a program registered twice and tells which APIs exist', () => {
    const p = { code: 'P1', run: async () => {} };
    expect(problems([...shipped, defineModule({ name: 'x', programs: [p] }), defineModule({ name: 'y', programs: [p] })])).toMatch(
      /module y: program P1 registered twice/,
    );
    const r = new ModuleRegistry(shipped, defs);
    expect(() => r.api('base')).toThrow(/declares no public API/);
  });
});

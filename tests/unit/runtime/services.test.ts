// Service slots (runtime/registry/services.ts): a module's client part provides what the runtime calls;
// an unprovided slot is a clear developer error, a slot provided twice is refused.
import { describe, expect, it, vi } from 'vitest';
import { hasService, provideService, registerClientServices, service } from '../../../runtime/registry/services.js';
import { createTableConfigProvider } from '../../../runtime/data/tableConfigProvider.js';
import { loadLookup } from '../../../runtime/data/lookupCache.js';
import system from '../../../modules/system/client/index.js';
import { fakeEnv } from './helpers.js';

describe('service slots', () => {
  it('an unprovided slot names itself and where it is provided, also through the runtime call that needs it', async () => {
    expect(hasService('lookupValues')).toBe(false);
    expect(() => service('lookupValues')).toThrow(/No module provides the service slot "lookupValues".*client\/index\.ts provides it under services/);
    expect(() => loadLookup(fakeEnv(), 'T1')).toThrow(/"lookupValues"/);
  });

  it('a module provides its slots once; the same module again does nothing, another module for the same slot is refused', async () => {
    registerClientServices(system);
    registerClientServices(system);
    expect(service('tableSettings')).toBe(system.services.tableSettings);
    expect(() => provideService('tableSettings', system.services.tableSettings, 'module other')).toThrow(
      'service slot "tableSettings" is provided twice (by module system and by module other)',
    );
  });

  it("the table settings go through the providing module's calls", async () => {
    // Provided here too: the tests of this file may run in any order (SRM_TEST_SHUFFLE=1).
    registerClientServices(system);
    const api = vi.fn(async () => ({ status: 'S' as const, msg: '', data: null as never }));
    const provider = createTableConfigProvider(fakeEnv({ api }));
    expect(await provider.get('bankList', ['bankCode'])).toBeNull();
    await provider.remove('bankList');
    expect(api.mock.calls.map((c) => (c as unknown[])[1])).toEqual([{ tableName: 'bankList', columns: ['bankCode'] }, { tableName: 'bankList' }]);
    expect(
      api.mock.calls.map((c) =>
        String((c as unknown[])[0])
          .split('/')
          .pop(),
      ),
    ).toEqual(['get', 'delete']);
  });
});

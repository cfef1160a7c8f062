// Every module's client part (modules/{area}/client/index.ts), each its own chunk. The runtime loads them
// with itself (runtimeModule.ts); a shell screen that needs only a module's service slot (the user centre:
// `account`) loads them without the runtime and registers just their services.
import type { ClientModule } from '../../runtime/registry/clientModule';
import { registerClientServices } from '../../runtime/registry/services';

const clientParts = import.meta.glob<ClientModule>('/modules/*/client/index.ts', { import: 'default' });

let pending: Promise<ClientModule[]> | null = null;

export function loadClientModules(): Promise<ClientModule[]> {
  if (!pending) {
    pending = Promise.all(Object.values(clientParts).map((load) => load()));
    // A failed chunk load (network) may be retried by the next caller.
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

/** The service slots every module provides, registered (idempotent). */
export async function loadClientServices(): Promise<void> {
  for (const client of await loadClientModules()) registerClientServices(client);
}

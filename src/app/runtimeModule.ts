// The page runtime (glide grid, rjsf forms, list/edit pages) is imported on demand: it is the heavy
// part of the bundle, and the login page and the homes do not need it.
import { useEffect, useState } from 'react';
// Every module's client part (modules/{area}/client/index.ts), loaded with the runtime.
import { loadClientModules } from './clientServices';

export type RuntimeModule = typeof import('../../runtime/index');

let loaded: RuntimeModule | null = null;
let pending: Promise<RuntimeModule> | null = null;

export function loadRuntime(): Promise<RuntimeModule> {
  if (!pending) {
    // The precompiled validators (every entity's form schema, over a megabyte) come with the runtime too: a
    // static import put them in the login page's first chunk.
    pending = Promise.all([import('../../runtime/index'), loadClientModules(), import('../generated/validators.js')]).then(
      ([module, clients, { validators }]) => {
        module.registerBuiltIns();
        for (const client of clients) module.registerClientModule(client);
        module.registerValidators(validators);
        loaded = module;
        return module;
      },
    );
    // A failed chunk load (network) may be retried by the next page that asks.
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

export type RuntimeState = { status: 'loading' } | { status: 'ready'; module: RuntimeModule } | { status: 'failed'; error: Error };

export function useRuntime(): RuntimeState {
  const [state, setState] = useState<RuntimeState>(() => (loaded ? { status: 'ready', module: loaded } : { status: 'loading' }));
  useEffect(() => {
    if (loaded) return;
    let alive = true;
    loadRuntime().then(
      (module) => alive && setState({ status: 'ready', module }),
      (error: unknown) => alive && setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      alive = false;
    };
  }, []);
  return state;
}

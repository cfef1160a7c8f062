// A page's data provider, the same object for as long as its entity, the transport and the language are. Page loads
// depend on the provider; if it followed the environment object, any re-render above the page that
// builds a new environment (a navigation elsewhere in the shell, a late permission list) would reload the
// page and throw away what the user had typed but not saved.
import { useMemo, useRef } from 'react';
import type { EntityDefinition } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { createDataProvider, type DataProvider } from './dataProvider.js';

export function useDataProvider(entity: EntityDefinition): DataProvider;
export function useDataProvider(entity: EntityDefinition | undefined): DataProvider | undefined;
export function useDataProvider(entity: EntityDefinition | undefined): DataProvider | undefined {
  const { api, language } = useRuntimeEnv();
  // A new language is a new provider on purpose: the server answers names and messages in it, so pages load again.
  return useMemo(() => (entity && language ? createDataProvider({ api }, entity) : undefined), [api, entity, language]);
}

/** The latest value, for callbacks that use it without re-running when it changes (the environment). */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

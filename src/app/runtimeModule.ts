// The page runtime (grid, form, list/edit pages) is loaded on demand: it is the heavy part of the
// bundle and the login page and homes do not need it. Globbed so the shell builds before it lands.
import { useEffect, useState, type ComponentType } from 'react';
import type { EntityDefinition, PageDefinition } from '../../runtime/definitions';

export interface PageRendererProps {
  page: PageDefinition;
  entity?: EntityDefinition;
  /** The route's query (id of an edit page, menuId, respId). */
  params: Record<string, string>;
}

export interface RuntimeModule {
  PageRenderer: ComponentType<PageRendererProps>;
  registerBuiltIns?: () => void;
  clearLookupCache?: () => void;
}

const loaders = import.meta.glob<RuntimeModule>('/runtime/index.ts');

let loaded: RuntimeModule | null = null;
let pending: Promise<RuntimeModule | null> | null = null;

export function loadRuntime(): Promise<RuntimeModule | null> {
  if (!pending) {
    const loader = loaders['/runtime/index.ts'];
    pending = loader
      ? loader().then((module) => {
          module.registerBuiltIns?.();
          loaded = module;
          return module;
        })
      : Promise.resolve(null);
  }
  return pending;
}

/** The already loaded runtime, or null; used where loading it just for a side effect would be wasteful. */
export function loadedRuntime(): RuntimeModule | null {
  return loaded;
}

export type RuntimeState = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; module: RuntimeModule } | { status: 'failed'; error: Error };

export function useRuntime(): RuntimeState {
  const [state, setState] = useState<RuntimeState>(() =>
    loaded ? { status: 'ready', module: loaded } : { status: 'loading' },
  );
  useEffect(() => {
    if (loaded) return;
    let alive = true;
    loadRuntime().then(
      (module) => alive && setState(module ? { status: 'ready', module } : { status: 'missing' }),
      (error: unknown) => alive && setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      alive = false;
    };
  }, []);
  return state;
}

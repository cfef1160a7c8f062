import { useEffect, useMemo, useRef, useState } from 'react';
import { useRuntimeEnv } from '../env.js';
import { loadLookup, peekLookup, type LookupValue } from './lookupCache.js';

export type LookupMap = Readonly<Record<string, readonly LookupValue[]>>;

/** Values of several lookup types; re-renders once each arrives. A failed type stays empty (codes show raw). */
export function useLookups(typeCodes: readonly string[]): LookupMap {
  const env = useRuntimeEnv();
  const codesKey = [...new Set(typeCodes)].sort().join('|');
  const initial = useMemo(() => {
    const out: Record<string, readonly LookupValue[]> = {};
    for (const code of codesKey ? codesKey.split('|') : []) {
      const hit = peekLookup(env.language, code);
      if (hit) out[code] = hit;
    }
    return out;
  }, [codesKey, env.language]);
  const [map, setMap] = useState<LookupMap>(initial);
  // The values depend on the codes and the language only (both in `initial`). env's identity also changes
  // with the page's resources and route; re-running then would reset the map and ask again, so the
  // effect reads the latest env from a ref.
  const envRef = useRef(env);
  envRef.current = env;
  useEffect(() => {
    setMap(initial);
    let alive = true;
    for (const code of codesKey ? codesKey.split('|') : []) {
      if (initial[code]) continue;
      loadLookup(envRef.current, code).then(
        (values) => alive && setMap((m) => ({ ...m, [code]: values })),
        () => undefined,
      );
    }
    return () => {
      alive = false;
    };
  }, [initial, codesKey]);
  return map;
}

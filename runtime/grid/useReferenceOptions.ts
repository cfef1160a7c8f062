import { useCallback, useEffect, useRef, useState } from 'react';
import type { EntityDefinition } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import type { Row } from '../data/dataProvider.js';
import { useDataProvider, useLatest } from '../data/useDataProvider.js';

export interface ReferenceOption {
  value: string | number;
  label: string;
  /** The candidate record: fields it fills into the row (field `fills`) come from here. */
  row?: Row;
}

/** The row fields a chosen reference fills (the field's `fills`: own field → the record's field). */
export function referenceFills(fills: Readonly<Record<string, string | undefined>> | undefined, chosen: Row | undefined): Row | undefined {
  if (!fills || !chosen) return undefined;
  const patch: Row = {};
  for (const [own, theirs] of Object.entries(fills)) {
    const v = theirs === undefined ? undefined : chosen[theirs];
    if (v !== undefined && v !== null && v !== '') patch[own] = v;
  }
  return Object.keys(patch).length ? patch : undefined;
}

/** Display text of a referenced record: its `display` fields joined by a space (decisions.md "References"). */
export function referenceLabel(target: EntityDefinition, row: Row): string {
  const fields = target.display ?? [target.key];
  return fields
    .map((f) => row[f])
    .filter((v) => v !== undefined && v !== null && v !== '')
    .join(' ');
}

/** Candidates of a reference field: the target family's listByPage with the documented `keyword` filter. */
export function useReferenceOptions(target: EntityDefinition | undefined) {
  const env = useRuntimeEnv();
  const provider = useDataProvider(target);
  const envNow = useLatest(env);
  const [options, setOptions] = useState<ReferenceOption[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  const run = useCallback(
    (keyword: string) => {
      if (!provider || !target) return;
      const mine = ++seq.current;
      setLoading(true);
      provider
        .list({ params: { keyword }, pageIndex: 1, pageRows: 20 })
        .then((res) => {
          // Answers can arrive out of order while typing; only the latest keyword wins.
          if (mine !== seq.current) return;
          setOptions(res.rows.map((r) => ({ value: r[target.key] as string | number, label: referenceLabel(target, r), row: r })));
        })
        .catch((e: unknown) => envNow.current.notify('error', e instanceof Error ? e.message : String(e)))
        .finally(() => mine === seq.current && setLoading(false));
    },
    [provider, target, envNow],
  );

  const search = useCallback(
    (keyword: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => run(keyword), 250);
    },
    [run],
  );

  useEffect(() => {
    run('');
    return () => clearTimeout(timer.current);
  }, [run]);

  return { options, search, loading };
}

// Form fields with `uniqueCheck` (a call of the family answering {exists, <key>} for {<field>: value}):
// a value another record already has is said to be taken under the field while typing, in the user's
// language, so the save is not the first to tell (the server still refuses a duplicate on save).
import { useEffect, useMemo, useState } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import type { DataProvider, Row } from '../data/dataProvider.js';
import type { EntityDefinition, PageDefinition } from '../definitions.js';
import type { RuntimeEnv } from '../env.js';
import { fieldLabel } from '../text/resolveText.js';

const WAIT_MS = 350;

interface CheckAnswer {
  exists?: unknown;
  [key: string]: unknown;
}

/** field → message, for the fields whose current value is taken by another record. */
export function useTakenValues(
  page: PageDefinition,
  entity: EntityDefinition,
  provider: DataProvider,
  record: Row,
  env: RuntimeEnv,
  enabled: boolean,
): Record<string, string> {
  const checks = useMemo(() => (page.form?.fields ?? []).filter((f) => f.uniqueCheck), [page]);
  const [taken, setTaken] = useState<Record<string, string>>({});
  const ownKey = record[entity.key];
  // The checked values as one string: the check re-runs when one of them changes, not on every other
  // edit of the record (which would restart the wait and ask again for the same values).
  const checkedValues = JSON.stringify(checks.map((f) => record[f.field] ?? null));

  useEffect(() => {
    if (!enabled || checks.length === 0) return;
    const values = JSON.parse(checkedValues) as unknown[];
    let live = true;
    const timer = setTimeout(() => {
      void Promise.all(
        checks.map(async (f, i): Promise<[string, string | undefined]> => {
          const value = values[i];
          if (typeof value !== 'string' || value.trim() === '') return [f.field, undefined];
          try {
            const answer = (await provider.call<CheckAnswer>(f.uniqueCheck!, { [f.field]: value })).data;
            const other = answer?.exists === true && answer[entity.key] !== ownKey;
            return [f.field, other ? env.t('validation.taken', { label: fieldLabel(entity, f.field, env, f.label), value: value.trim() }) : undefined];
          } catch {
            // The check is a courtesy: when it cannot answer, the save still decides.
            return [f.field, undefined];
          }
        }),
      ).then((results) => {
        if (live) setTaken(Object.fromEntries(results.filter((r): r is [string, string] => r[1] !== undefined)));
      });
    }, WAIT_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [checkedValues, ownKey, enabled, checks, provider, entity, env]);

  return enabled ? taken : {};
}

/** The taken messages as rjsf extra errors (shown under their fields). */
export function takenErrors(taken: Record<string, string>): ErrorSchema | undefined {
  const entries = Object.entries(taken);
  return entries.length ? (Object.fromEntries(entries.map(([f, msg]) => [f, { __errors: [msg] }])) as ErrorSchema) : undefined;
}

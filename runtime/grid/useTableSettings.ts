// Loads the user's table settings at start and applies them over the definition's columns. Loading
// failures are silent (SPEC §8: defaults used); saving and resetting are the user's own clicks, so their
// failures are shown.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Grid } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { createTableConfigProvider } from '../data/tableConfigProvider.js';
import { applySettings, defaultSettings, mergeSettings, type ColumnSetting } from './tableSettings.js';

export interface TableSettings {
  tableName: string;
  /** The grid with the user's columns. */
  grid: Grid;
  /** Effective settings (saved over defaults), in display order. */
  settings: ColumnSetting[];
  defaults: ColumnSetting[];
  /** Whether the user has saved settings for this table. */
  customised: boolean;
  loaded: boolean;
  save(settings: ColumnSetting[]): Promise<boolean>;
  reset(): Promise<boolean>;
}

export function useTableSettings(tableName: string, grid: Grid): TableSettings {
  const env = useRuntimeEnv();
  const provider = useMemo(() => createTableConfigProvider(env), [env]);
  const [saved, setSaved] = useState<ColumnSetting[] | null>(null);
  const [loaded, setLoaded] = useState(false);
  const keys = useMemo(() => grid.columns.map((c) => c.key), [grid.columns]);

  useEffect(() => {
    let live = true;
    setLoaded(false);
    provider
      .get(tableName, keys)
      .then((cfg) => live && setSaved(cfg?.columns ?? null))
      .catch(() => live && setSaved(null))
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [provider, tableName, keys]);

  const defaults = useMemo(() => defaultSettings(grid.columns), [grid.columns]);
  const settings = useMemo(() => mergeSettings(grid.columns, saved), [grid.columns, saved]);
  const effective = useMemo<Grid>(
    () => (saved ? { ...grid, columns: applySettings(grid.columns, settings) as Grid['columns'] } : grid),
    [grid, saved, settings],
  );

  const fail = useCallback((e: unknown) => env.notify('error', e instanceof Error ? e.message : String(e)), [env]);
  const save = useCallback(
    async (next: ColumnSetting[]) => {
      try {
        const cfg = await provider.save(tableName, next);
        setSaved(cfg.columns);
        return true;
      } catch (e) {
        fail(e);
        return false;
      }
    },
    [provider, tableName, fail],
  );
  const reset = useCallback(async () => {
    try {
      await provider.remove(tableName);
      setSaved(null);
      return true;
    } catch (e) {
      fail(e);
      return false;
    }
  }, [provider, tableName, fail]);

  return { tableName, grid: effective, settings, defaults, customised: saved !== null, loaded, save, reset };
}

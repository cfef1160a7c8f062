// A user's table settings (order, show/hide, width, freeze) merged over the definition's columns (pure).
// The saved settings come from the server and may be old: columns that no longer exist are dropped,
// columns added since are kept at their definition position, and anything malformed falls back to the
// definition (SPEC §8: a table-config failure is silent, defaults used).
import type { Column } from '../definitions.js';

import { isColumnWidth, isFixedSide, type ColumnSetting } from '../../meta/tableSettings.js';

export { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, type ColumnSetting, type FixedSide } from '../../meta/tableSettings.js';

/** Columns a user may arrange: `columnsDisplay: "N"` keeps a column out of the grid and the panel. */
export function arrangeableColumns(columns: readonly Column[]): Column[] {
  return columns.filter((c) => c.columnsDisplay !== 'N');
}

export function defaultSettings(columns: readonly Column[]): ColumnSetting[] {
  return arrangeableColumns(columns).map((c) => {
    const s: ColumnSetting = { key: c.key, isShow: c.isShow !== false, fixed: c.fixed ?? 'none' };
    if (c.width !== undefined) s.width = c.width;
    return s;
  });
}

function cleanSetting(raw: unknown, fallback: ColumnSetting): ColumnSetting {
  if (!raw || typeof raw !== 'object') return fallback;
  const r = raw as Partial<Record<keyof ColumnSetting, unknown>>;
  const s: ColumnSetting = {
    key: fallback.key,
    isShow: typeof r.isShow === 'boolean' ? r.isShow : fallback.isShow,
    fixed: isFixedSide(r.fixed) ? r.fixed : fallback.fixed,
  };
  const w = r.width;
  if (isColumnWidth(w)) s.width = Math.round(w);
  else if (fallback.width !== undefined) s.width = fallback.width;
  return s;
}

/** The effective settings: saved ones over the definition's defaults. */
export function mergeSettings(columns: readonly Column[], saved: unknown): ColumnSetting[] {
  const defaults = defaultSettings(columns);
  if (!Array.isArray(saved) || saved.length === 0) return defaults;
  const byKey = new Map(defaults.map((d) => [d.key, d]));
  const placed = new Map<string, ColumnSetting>();
  for (const raw of saved as unknown[]) {
    const key = raw && typeof raw === 'object' ? (raw as { key?: unknown }).key : undefined;
    const fallback = typeof key === 'string' ? byKey.get(key) : undefined;
    if (fallback && !placed.has(fallback.key)) placed.set(fallback.key, cleanSetting(raw, fallback));
  }
  if (placed.size === 0) return defaults;
  // Columns the saved settings do not know (added to the definition later) go right after the column
  // that precedes them in the definition, so a new column appears where its author put it.
  const result = [...placed.values()];
  defaults.forEach((d, i) => {
    if (placed.has(d.key)) return;
    const before = i > 0 ? defaults[i - 1].key : undefined;
    const at = before === undefined ? 0 : result.findIndex((s) => s.key === before) + 1;
    result.splice(at, 0, d);
  });
  return result;
}

/** The definition's columns re-ordered and re-configured by the settings. */
export function applySettings(columns: readonly Column[], settings: readonly ColumnSetting[]): Column[] {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const out: Column[] = [];
  for (const s of settings) {
    const c = byKey.get(s.key);
    if (!c) continue;
    const next: Column = { ...c, isShow: s.isShow };
    if (s.width !== undefined) next.width = s.width;
    if (s.fixed === 'none') delete next.fixed;
    else next.fixed = s.fixed;
    out.push(next);
  }
  // Not arrangeable (columnsDisplay N) or unknown to the settings: kept as defined, after the rest.
  const listed = new Set(settings.map((s) => s.key));
  for (const c of columns) if (!listed.has(c.key)) out.push(c);
  return out;
}

/** Whether the settings say the same as the definition (then there is nothing to save). */
export function sameAsDefaults(columns: readonly Column[], settings: readonly ColumnSetting[]): boolean {
  return JSON.stringify(defaultSettings(columns)) === JSON.stringify(settings);
}

export function moveSetting(settings: readonly ColumnSetting[], from: number, to: number): ColumnSetting[] {
  if (from === to || from < 0 || to < 0 || from >= settings.length || to >= settings.length) return [...settings];
  const next = [...settings];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

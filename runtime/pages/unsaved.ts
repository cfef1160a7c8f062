// Whether a page holds changes the user has not saved. Pages say so with `data-dirty="true"` on their
// root element; the shell asks before closing, refreshing or leaving such a tab (docs/shell.md).

/** Empty values are all the same to a user: a field cleared back to nothing is not a change. */
const empty = (v: unknown) => v === null || v === undefined || v === '';

/** Deep equality of two records as the user sees them: key order and null/undefined/'' do not count. */
/** The fields of `record` the user changed since `stored` (line arrays whole). */
export function unsavedFields(record: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([k, v]) => !sameRecord(v, stored[k])));
}

export function sameRecord(a: unknown, b: unknown): boolean {
  if (empty(a) && empty(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameRecord(x, b[i]));
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
    for (const k of keys) if (!sameRecord(ra[k], rb[k])) return false;
    return true;
  }
  // A number typed into a text box may come back as its text.
  return a === b || (typeof a !== typeof b && (typeof a === 'number' || typeof b === 'number') && String(a) === String(b));
}

/** The attribute a page root carries while it has unsaved changes. */
export const dirtyAttribute = (dirty: boolean) => (dirty ? { 'data-dirty': 'true' } : {});

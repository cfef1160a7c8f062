// Which cells the user has worked on. A required cell that is still empty is marked only once the user
// has edited it or tried to save (issue 18 item 5): a new line is not red before anyone touched it.
// Other problems (a malformed e-mail, a number out of range) come from a value and always show.
import { useCallback, useRef } from 'react';
import type { Row } from '../data/dataProvider.js';

/** Whether a cell's "required" problem may be shown. */
export type ProblemGate = (row: Row, key: string) => boolean;

/**
 * Marks are kept per row object: an edit replaces the row, and the new object inherits the old one's
 * marks plus the edited keys; rows loaded again from the server start clean.
 */
export function useTouchedCells(reveal: boolean) {
  const touched = useRef(new WeakMap<Row, ReadonlySet<string>>());
  const touch = useCallback((before: Row | undefined, after: Row, keys: readonly string[]) => {
    const had = before ? touched.current.get(before) : undefined;
    touched.current.set(after, new Set([...(had ?? []), ...keys]));
  }, []);
  const shown = useCallback<ProblemGate>((row, key) => reveal || touched.current.get(row)?.has(key) === true, [reveal]);
  return { touch, shown };
}

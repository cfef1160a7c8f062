// Undo/redo over the definition being edited: a pure value history (no React), so the editor, the
// keyboard shortcuts and the tests all use the same rules.

export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** Edits with the same key within `mergeWindowMs` are one undo step (typing a title letter by letter). */
  readonly lastKey?: string;
  readonly lastAt?: number;
}

export const HISTORY_LIMIT = 200;
export const MERGE_WINDOW_MS = 800;

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

export interface CommitOptions {
  /** Same key as the previous edit (and soon after it) → replaces that step instead of adding one. */
  mergeKey?: string;
  now?: number;
}

export function commit<T>(history: History<T>, next: T, options: CommitOptions = {}): History<T> {
  if (Object.is(next, history.present)) return history;
  const now = options.now ?? Date.now();
  const merge =
    options.mergeKey !== undefined &&
    options.mergeKey === history.lastKey &&
    history.lastAt !== undefined &&
    now - history.lastAt <= MERGE_WINDOW_MS &&
    history.past.length > 0;
  const past = merge ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], lastKey: options.mergeKey, lastAt: now };
}

export function canUndo<T>(history: History<T>): boolean {
  return history.past.length > 0;
}

export function canRedo<T>(history: History<T>): boolean {
  return history.future.length > 0;
}

export function undo<T>(history: History<T>): History<T> {
  if (!canUndo(history)) return history;
  const previous = history.past[history.past.length - 1];
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  if (!canRedo(history)) return history;
  const [next, ...rest] = history.future;
  return { past: [...history.past, history.present], present: next, future: rest };
}

/** A loaded or reloaded definition starts a new history (nothing to undo into another version). */
export function reset<T>(present: T): History<T> {
  return createHistory(present);
}

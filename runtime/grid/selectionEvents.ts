// Cross-page selection by key fields (SPEC §2, §4), the pure part: a row's key, and which of the
// events select / selectCancel / selectAll / selectAllCancel a change of the page's selection fires.
import type { Row } from '../data/dataProvider.js';

export type SelectionEventName = 'select' | 'selectCancel' | 'selectAll' | 'selectAllCancel';

export interface SelectionEvent {
  name: SelectionEventName;
  /** The rows the event is about: one for select/selectCancel, the page's rows for the *All events. */
  rows: Row[];
}

/** A stable key from the key fields; undefined when a key field is empty (such a row is not selectable across pages). */
export function rowKeyOf(row: Row, keyFields: readonly string[]): string | undefined {
  const parts: unknown[] = [];
  for (const f of keyFields) {
    const v = row[f];
    if (v === undefined || v === null || v === '') return undefined;
    parts.push(typeof v === 'bigint' ? v.toString() : v);
  }
  return JSON.stringify(parts);
}

export interface PageSelectionChange {
  added: Row[];
  removed: Row[];
  events: SelectionEvent[];
}

/**
 * `selectedKeys` is the selection before the change (all pages); `nextIndexes` the page's selected row
 * indexes after it. Selecting or clearing the whole page at once (the header box) is one *All event.
 */
export function pageSelectionChange(
  rows: readonly Row[],
  keyFields: readonly string[],
  selectedKeys: ReadonlySet<string>,
  nextIndexes: readonly number[],
): PageSelectionChange {
  const next = new Set(nextIndexes);
  const added: Row[] = [];
  const removed: Row[] = [];
  let selectable = 0;
  rows.forEach((row, i) => {
    const key = rowKeyOf(row, keyFields);
    if (key === undefined) return;
    selectable += 1;
    const was = selectedKeys.has(key);
    if (next.has(i) && !was) added.push(row);
    if (!next.has(i) && was) removed.push(row);
  });
  const events: SelectionEvent[] = [];
  const nowSelected = rows.filter((r, i) => next.has(i) && rowKeyOf(r, keyFields) !== undefined).length;
  if (added.length > 1 && nowSelected === selectable) events.push({ name: 'selectAll', rows: [...rows] });
  else if (removed.length > 1 && nowSelected === 0) events.push({ name: 'selectAllCancel', rows: [...rows] });
  else {
    for (const row of added) events.push({ name: 'select', rows: [row] });
    for (const row of removed) events.push({ name: 'selectCancel', rows: [row] });
  }
  return { added, removed, events };
}

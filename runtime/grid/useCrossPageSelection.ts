// Cross-page selection by key fields: the selection lives as key → row across pages, so going to
// another page and back keeps it; the page's checked rows are derived from the keys.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Row } from '../data/dataProvider.js';
import { pageSelectionChange, rowKeyOf, type SelectionEvent } from './selectionEvents.js';

export interface CrossPageSelection {
  /** Selected row indexes of the current page (for the grid's checkboxes). */
  pageIndexes: number[];
  /** Every selected row, across pages, in the order they were selected. */
  rows: Row[];
  count: number;
  /** The grid reports the current page's checked indexes. */
  onPageSelectionChange(indexes: number[]): void;
  clear(): void;
}

export function useCrossPageSelection(
  pageRows: readonly Row[],
  keyFields: readonly string[],
  onEvent?: (event: SelectionEvent, selection: Row[]) => void,
): CrossPageSelection {
  const [selected, setSelected] = useState<ReadonlyMap<string, Row>>(() => new Map());
  // The latest selection for the event handler, which runs after the state update is queued.
  const current = useRef(selected);
  current.current = selected;

  const pageIndexes = useMemo(() => {
    const out: number[] = [];
    pageRows.forEach((row, i) => {
      const key = rowKeyOf(row, keyFields);
      if (key !== undefined && selected.has(key)) out.push(i);
    });
    return out;
  }, [pageRows, keyFields, selected]);

  // A reloaded page brings fresh versions of selected rows (versionNum, status): keep those, not stale copies.
  useEffect(() => {
    let next: Map<string, Row> | undefined;
    for (const row of pageRows) {
      const key = rowKeyOf(row, keyFields);
      if (key === undefined || !current.current.has(key) || current.current.get(key) === row) continue;
      next ??= new Map(current.current);
      next.set(key, row);
    }
    if (next) {
      current.current = next;
      setSelected(next);
    }
  }, [pageRows, keyFields]);

  const onPageSelectionChange = useCallback(
    (indexes: number[]) => {
      const before = current.current;
      const change = pageSelectionChange(pageRows, keyFields, new Set(before.keys()), indexes);
      if (change.added.length === 0 && change.removed.length === 0) return;
      const next = new Map(before);
      for (const row of change.removed) next.delete(rowKeyOf(row, keyFields)!);
      for (const row of change.added) next.set(rowKeyOf(row, keyFields)!, row);
      current.current = next;
      setSelected(next);
      const rows = [...next.values()];
      for (const e of change.events) onEvent?.(e, rows);
    },
    [pageRows, keyFields, onEvent],
  );

  const clear = useCallback(() => {
    current.current = new Map();
    setSelected(new Map());
  }, []);

  const rows = useMemo(() => [...selected.values()], [selected]);
  return { pageIndexes, rows, count: selected.size, onPageSelectionChange, clear };
}

// Enter on a row of a read-only grid opens it as a click on its first open button would (issue 18 item 6:
// the keyboard user's way into a record); a picker's Enter picks the row. An editable grid's Enter edits
// the cell, as glide does by itself.
import { useCallback } from 'react';
import type { GridKeyEventArgs } from '@glideapps/glide-data-grid';
import type { Action } from '../definitions.js';
import type { Row } from '../data/dataProvider.js';
import { useRuntimeEnv } from '../env.js';
import { visibleRowActions } from './OperateColumn.js';

interface EnterOptions {
  editable: boolean;
  rows: readonly Row[];
  rowActions: readonly Action[];
  onRowAction?(action: Action, row: Row, rowIndex: number): void;
  onRowClick?(row: Row, rowIndex: number): void;
}

export function useEnterOpensRow({ editable, rows, rowActions, onRowAction, onRowClick }: EnterOptions) {
  const env = useRuntimeEnv();
  return useCallback(
    (e: GridKeyEventArgs) => {
      if (e.key !== 'Enter' || editable || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey) return;
      const row = e.location?.[1];
      if (row === undefined || row < 0 || row >= rows.length) return;
      const record = rows[row];
      if (onRowClick) {
        e.preventDefault();
        return onRowClick(record, row);
      }
      const open = onRowAction ? visibleRowActions(rowActions, record, env.can).find((a) => a.type === 'openEdit') : undefined;
      if (!open || !onRowAction) return;
      e.preventDefault();
      onRowAction(open, record, row);
    },
    [editable, rows, onRowClick, onRowAction, rowActions, env.can],
  );
}

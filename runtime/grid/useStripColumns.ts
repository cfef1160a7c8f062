// The fixed-right columns (SPEC §3 `fixed: "right"`) are DOM in the grid's right strip, not canvas: this
// turns their column models into what the strip draws and edits (text, overlay editor, invalid mark) and
// the strip's footer sums.
import { useMemo } from 'react';
import { GridCellKind } from '@glideapps/glide-data-grid';
import type { Grid } from '../definitions.js';
import type { Row } from '../data/dataProvider.js';
import type { LookupMap } from '../data/useLookups.js';
import { cellTypes } from '../registry/index.js';
import { displayText, visibleProblem, footerText, summaryValue } from './cells.js';
import type { ColumnModel } from './columns.js';
import { editorFor, isCellEditable, isClickEditor } from './editable.js';
import type { StripColumn } from './OperateColumn.js';
import type { EditCell } from './renderers.js';
import type { ProblemGate } from './touchedCells.js';

interface StripOptions {
  grid: Grid;
  rightModels: ColumnModel[];
  rows: readonly Row[];
  lookups: LookupMap;
  language: string;
  editable: boolean;
  /** Without a change handler the strip edits nothing. */
  canWrite: boolean;
  readOnly: boolean;
  summary: boolean;
  problemShown?: ProblemGate;
}

export function useStripColumns(o: StripOptions): { stripColumns: StripColumn[]; stripFooter: Record<string, string> | undefined } {
  const { grid, rightModels, rows, lookups, language, editable, canWrite, readOnly, summary, problemShown } = o;
  const stripColumns = useMemo<StripColumn[]>(
    () =>
      rightModels.map((m) => {
        const type = cellTypes.get(m.cellType);
        const editor = editorFor(m, type.editor);
        const text = (row: Row) => displayText(m, type, row, lookups, language);
        // Overlay editors only: click editors (check, modal, upload) stay on the canvas columns.
        const edit =
          editable && canWrite && !isClickEditor(editor)
            ? (row: Row, rowIndex: number): EditCell | undefined =>
                isCellEditable(grid, m, row, readOnly, editor)
                  ? {
                      kind: GridCellKind.Custom,
                      allowOverlay: true,
                      copyData: text(row),
                      data: { kind: 'srm-edit', key: m.key, row: rowIndex, value: row[m.key], display: text(row) },
                    }
                  : undefined
            : undefined;
        const invalid = editable ? (row: Row) => visibleProblem(m, type, row, problemShown) !== undefined : undefined;
        return { key: m.key, title: m.title, width: m.width, align: m.align, text, edit, invalid };
      }),
    [rightModels, lookups, language, editable, canWrite, grid, readOnly, problemShown],
  );
  const stripFooter = useMemo(
    () => (summary ? Object.fromEntries(rightModels.filter((m) => m.isSummary).map((m) => [m.key, footerText(m, summaryValue(m, rows))])) : undefined),
    [summary, rightModels, rows],
  );
  return { stripColumns, stripFooter };
}

// What a click on a grid cell does: toggles an expand row, flips a checkbox (SPEC §4/§8: a value that is
// neither the true nor the false value is an error), follows a link or url, runs the clicked button of
// a buttons cell, opens the attachment dialog of an upload cell or the record picker of a modal cell.
import { useCallback, useState } from 'react';
import type { CellClickedEventArgs, GridCell, Item } from '@glideapps/glide-data-grid';
import type { Action, Grid } from '../definitions.js';
import type { Row } from '../data/dataProvider.js';
import { useRuntimeEnv } from '../env.js';
import { cellTypes } from '../registry/index.js';
import { cellButtons } from './buttons.js';
import type { ColumnModel } from './columns.js';
import type { LeadingColumn } from './cells.js';
import { resolveHandler } from './configErrors.js';
import { editorFor, isCellEditable } from './editable.js';
import { buttonBoxes, isButtonsCell, isCheckCell, isLinkCell } from './renderers.js';
import { gridTheme } from './theme.js';

interface CellClickSource {
  grid: Grid;
  rows: readonly Row[];
  leading: readonly LeadingColumn[];
  modelAt(col: number): ColumnModel | undefined;
  readOnly: boolean;
  editable: boolean;
  getCellContent(item: Item): GridCell;
  writeRow(row: number, patch: Row): void;
  onRowAction?(action: Action, row: Row, index: number): void;
  onRowClick?(row: Row, index: number): void;
  text(t: unknown): string;
  /** Any click (the hover text goes). */
  onClick(): void;
  toggleExpanded(row: number): void;
  setActiveRow(row: number): void;
}

export function useCellClick({
  grid,
  rows,
  leading,
  modelAt,
  readOnly,
  editable,
  getCellContent,
  writeRow,
  onRowAction,
  onRowClick,
  text,
  onClick,
  toggleExpanded,
  setActiveRow,
}: CellClickSource) {
  const env = useRuntimeEnv();
  // Upload cells open the attachment widget in a dialog, modal cells the record picker.
  const [attachmentAt, setAttachmentAt] = useState<{ row: number; model: ColumnModel } | null>(null);
  const [modalAt, setModalAt] = useState<{ row: number; model: ColumnModel } | null>(null);
  const runHandler = useCallback(
    (fun: string | undefined, row: number) => {
      const action = resolveHandler(grid, fun);
      if (!action) return env.notify('error', env.t('grid.errors.changeHandler'));
      if (row < rows.length) onRowAction?.(action, rows[row], row);
    },
    [grid, env, rows, onRowAction],
  );
  const onCellClicked = useCallback(
    ([col, row]: Item, args: CellClickedEventArgs) => {
      onClick();
      if (row >= rows.length) return;
      if (leading[col] === '-expand') return toggleExpanded(row);
      onRowClick?.(rows[row], row);
      const model = modelAt(col);
      if (!model) return;
      const record = rows[row];
      const type = cellTypes.get(model.cellType);
      const canEdit = isCellEditable(grid, model, record, readOnly, editorFor(model, type.editor));
      if (editable) setActiveRow(row);
      const cell = getCellContent([col, row]);
      if (isCheckCell(cell)) {
        if (!cell.data.editable) return;
        // SPEC §4/§8: a value other than the true or false value is an error, not toggled.
        if (cell.data.invalid) return env.notify('error', env.t('grid.errors.checkboxValue', { trueValue: model.trueValue, falseValue: model.falseValue }));
        return writeRow(row, { [model.key]: cell.data.checked ? model.falseValue : model.trueValue });
      }
      if (isLinkCell(cell)) {
        if (model.cellType === 'url') {
          const url = String(record[model.key] ?? '');
          if (/^https?:\/\//i.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
          return;
        }
        const action = resolveHandler(grid, model.column.linkTag?.clickFun);
        if (!action) return env.notify('error', env.t('grid.errors.linkHandler'));
        return onRowAction?.(action, record, row);
      }
      if (isButtonsCell(cell)) {
        const ctx = document.createElement('canvas').getContext('2d');
        if (ctx) ctx.font = `${gridTheme.baseFontStyle} ${gridTheme.fontFamily}`;
        const boxes = buttonBoxes((s) => ctx?.measureText(s).width ?? s.length * 13, cell.data, args.bounds.width);
        const hit = boxes.findIndex((b) => args.localEventX >= b.x && args.localEventX <= b.x + b.width);
        const buttons = cellButtons(model, record, text);
        const button = hit >= 0 ? buttons[hit] : buttons.length === 1 ? buttons[0] : undefined;
        if (button && !button.disabled) runHandler(button.fun, row);
        return;
      }
      if (model.cellType === 'upload') return setAttachmentAt({ row, model });
      if (model.cellType === 'modal' && canEdit) {
        if (!model.column.modalConfig) return env.notify('error', env.t('grid.errors.changeHandler'));
        return setModalAt({ row, model });
      }
    },
    [
      rows,
      leading,
      modelAt,
      grid,
      readOnly,
      editable,
      getCellContent,
      env,
      writeRow,
      onRowAction,
      onRowClick,
      runHandler,
      text,
      onClick,
      toggleExpanded,
      setActiveRow,
    ],
  );
  return { onCellClicked, runHandler, attachmentAt, setAttachmentAt, modalAt, setModalAt };
}

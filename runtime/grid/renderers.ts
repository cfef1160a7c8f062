// Two custom canvas cells: the Y/N check mark and the editable cell (text drawn by glide's helper, edited
// through our Arco overlay editor).
import { GridCellKind, drawTextCell, type CustomCell, type CustomRenderer } from '@glideapps/glide-data-grid';

export const CHECK_GREEN = '#2eb52e';
export const CHECK_GREY = '#c8c8c8';

export interface CheckData {
  kind: 'srm-check';
  checked: boolean;
  editable: boolean;
}
export type CheckCell = CustomCell<CheckData>;

export interface EditData {
  kind: 'srm-edit';
  key: string;
  row: number;
  value: unknown;
  display: string;
  /** Display text set by a reference editor, written to the row's displayKey. */
  displayValue?: string;
}
export type EditCell = CustomCell<EditData>;

export function isCheckCell(cell: { kind: GridCellKind; data?: unknown }): cell is CheckCell {
  return cell.kind === GridCellKind.Custom && (cell.data as { kind?: string } | undefined)?.kind === 'srm-check';
}

export function isEditCell(cell: { kind: GridCellKind; data?: unknown }): cell is EditCell {
  return cell.kind === GridCellKind.Custom && (cell.data as { kind?: string } | undefined)?.kind === 'srm-edit';
}

export const checkRenderer: CustomRenderer<CheckCell> = {
  kind: GridCellKind.Custom,
  isMatch: (cell: CustomCell): cell is CheckCell => (cell.data as { kind?: string }).kind === 'srm-check',
  needsHover: false,
  draw: (args, cell) => {
    const { ctx, rect } = args;
    const size = 16;
    const x = rect.x + (rect.width - size) / 2;
    const y = rect.y + (rect.height - size) / 2;
    ctx.beginPath();
    ctx.roundRect(x, y, size, size, 3);
    if (cell.data.checked) {
      ctx.fillStyle = CHECK_GREEN;
      ctx.fill();
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(x + 4, y + 8.5);
      ctx.lineTo(x + 7, y + 11.5);
      ctx.lineTo(x + 12.5, y + 5);
      ctx.stroke();
    } else {
      ctx.strokeStyle = CHECK_GREY;
      ctx.lineWidth = 1.5;
      ctx.stroke();
    }
  },
};

export const editRenderer: CustomRenderer<EditCell> = {
  kind: GridCellKind.Custom,
  isMatch: (cell: CustomCell): cell is EditCell => (cell.data as { kind?: string }).kind === 'srm-edit',
  draw: (args, cell) => {
    drawTextCell(args, cell.data.display, cell.contentAlign);
  },
};

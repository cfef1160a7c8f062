// Custom canvas cells: the Y/N check mark, the editable cell (text drawn by glide's helper, edited through
// our Arco overlay editor; the clicked row draws its editable cells as input boxes), links, buttons and
// showIcon icons. Everything else is a plain glide Text cell.
import { GridCellKind, drawTextCell, type CustomCell, type CustomRenderer } from '@glideapps/glide-data-grid';
import { drawIcon } from './icons.js';

export const CHECK_GREEN = '#2eb52e';
export const CHECK_GREY = '#c8c8c8';
export const ERROR_RED = '#f53f3f';
export const LINK_BLUE = '#1a1aff';
export const INVALID_BG = '#ffece8';

export interface CheckData {
  kind: 'srm-check';
  checked: boolean;
  editable: boolean;
  /** A value that is neither the true nor the false value (SPEC §8): drawn with a red box. */
  invalid?: boolean;
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
  /** Extra fields an editor writes with the value (range cells: the two rangeKeys). */
  patch?: Record<string, unknown>;
  /** The clicked row: its editable cells draw as input boxes (SPEC §2 "only the clicked row shows editors"). */
  active?: boolean;
  invalid?: boolean;
}
export type EditCell = CustomCell<EditData>;

export interface LinkData {
  kind: 'srm-link';
  text: string;
}
export type LinkCell = CustomCell<LinkData>;

export interface ButtonsData {
  kind: 'srm-buttons';
  /** Text before the buttons (buttonType.showInput). */
  prefix: string;
  /** `icon`: the outline of buttonType.iconClass (icons.ts), drawn before the label. */
  buttons: { label: string; disabled: boolean; icon?: string }[];
}
export type ButtonsCell = CustomCell<ButtonsData>;

/** One footer cell under the total label that spans several columns (footerMerge.ts). */
export interface FooterLabelData {
  kind: 'srm-footer-label';
  text: string;
  /** This cell's left edge from the label's left edge, and the width the label is centred in. */
  offset: number;
  centreWidth: number;
}
export type FooterLabelCell = CustomCell<FooterLabelData>;

export interface IconData {
  kind: 'srm-icon';
  state: 'true' | 'false' | 'none';
}
export type IconCell = CustomCell<IconData>;

const kindOf = (cell: { kind: GridCellKind; data?: unknown }) =>
  cell.kind === GridCellKind.Custom ? (cell.data as { kind?: string } | undefined)?.kind : undefined;

export const isCheckCell = (cell: { kind: GridCellKind; data?: unknown }): cell is CheckCell => kindOf(cell) === 'srm-check';
export const isEditCell = (cell: { kind: GridCellKind; data?: unknown }): cell is EditCell => kindOf(cell) === 'srm-edit';
export const isLinkCell = (cell: { kind: GridCellKind; data?: unknown }): cell is LinkCell => kindOf(cell) === 'srm-link';
export const isButtonsCell = (cell: { kind: GridCellKind; data?: unknown }): cell is ButtonsCell => kindOf(cell) === 'srm-buttons';
export const isFooterLabelCell = (cell: { kind: GridCellKind; data?: unknown }): cell is FooterLabelCell => kindOf(cell) === 'srm-footer-label';
export const isIconCell = (cell: { kind: GridCellKind; data?: unknown }): cell is IconCell => kindOf(cell) === 'srm-icon';

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
      ctx.strokeStyle = cell.data.invalid ? ERROR_RED : CHECK_GREY;
      ctx.lineWidth = 1.5;
      ctx.stroke();
    }
  },
};

export const editRenderer: CustomRenderer<EditCell> = {
  kind: GridCellKind.Custom,
  isMatch: (cell: CustomCell): cell is EditCell => (cell.data as { kind?: string }).kind === 'srm-edit',
  draw: (args, cell) => {
    const { ctx, rect } = args;
    if (cell.data.invalid) {
      ctx.fillStyle = INVALID_BG;
      ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
    }
    if (cell.data.active) {
      // An input box like the Arco editor the click opens.
      ctx.beginPath();
      ctx.roundRect(rect.x + 3, rect.y + 4, rect.width - 6, rect.height - 8, 2);
      ctx.fillStyle = cell.data.invalid ? INVALID_BG : '#ffffff';
      ctx.fill();
      ctx.strokeStyle = cell.data.invalid ? ERROR_RED : '#c9cdd4';
      ctx.lineWidth = 1;
      ctx.stroke();
    }
    drawTextCell(args, cell.data.display, cell.contentAlign);
  },
};

export const linkRenderer: CustomRenderer<LinkCell> = {
  kind: GridCellKind.Custom,
  isMatch: (cell: CustomCell): cell is LinkCell => (cell.data as { kind?: string }).kind === 'srm-link',
  draw: (args, cell) => {
    drawTextCell({ ...args, theme: { ...args.theme, textDark: LINK_BLUE } }, cell.data.text, cell.contentAlign);
  },
};

export const BUTTON_GAP = 6;
export const BUTTON_PADDING = 8;
export const BUTTON_ICON_SIZE = 14;
/** Space between a button's icon and its label. */
export const BUTTON_ICON_GAP = 4;

const iconRoom = (b: { icon?: string; label: string }) => (b.icon ? BUTTON_ICON_SIZE + (b.label ? BUTTON_ICON_GAP : 0) : 0);

/** Left edges and widths of the buttons of a buttons cell, for drawing and for hit-testing clicks. */
export function buttonBoxes(measure: (s: string) => number, data: ButtonsData, cellWidth: number): { x: number; width: number }[] {
  const widths = data.buttons.map((b) => iconRoom(b) + (b.label ? measure(b.label) : 0) + BUTTON_PADDING * 2);
  const prefix = data.prefix ? measure(data.prefix) + BUTTON_GAP : 0;
  const total = prefix + widths.reduce((a, w) => a + w, 0) + BUTTON_GAP * Math.max(0, widths.length - 1);
  let x = Math.max(4, (cellWidth - total) / 2) + prefix;
  return widths.map((w) => {
    const box = { x, width: w };
    x += w + BUTTON_GAP;
    return box;
  });
}

export const buttonsRenderer: CustomRenderer<ButtonsCell> = {
  kind: GridCellKind.Custom,
  isMatch: (cell: CustomCell): cell is ButtonsCell => (cell.data as { kind?: string }).kind === 'srm-buttons',
  draw: (args, cell) => {
    const { ctx, rect, theme } = args;
    ctx.font = `${theme.baseFontStyle} ${theme.fontFamily}`;
    const boxes = buttonBoxes((s) => ctx.measureText(s).width, cell.data, rect.width);
    ctx.textBaseline = 'middle';
    const mid = rect.y + rect.height / 2;
    if (cell.data.prefix && boxes[0]) {
      ctx.fillStyle = theme.textDark;
      ctx.fillText(cell.data.prefix, rect.x + boxes[0].x - BUTTON_GAP - ctx.measureText(cell.data.prefix).width, mid);
    }
    cell.data.buttons.forEach((b, i) => {
      const box = boxes[i];
      ctx.beginPath();
      ctx.roundRect(rect.x + box.x, rect.y + 6, box.width, rect.height - 12, 2);
      ctx.strokeStyle = b.disabled ? '#e5e6eb' : '#165dff';
      ctx.lineWidth = 1;
      ctx.stroke();
      const color = b.disabled ? '#c9cdd4' : '#165dff';
      if (b.icon) drawIcon(ctx, b.icon, rect.x + box.x + BUTTON_PADDING, mid - BUTTON_ICON_SIZE / 2, BUTTON_ICON_SIZE, color);
      ctx.fillStyle = color;
      ctx.fillText(b.label, rect.x + box.x + BUTTON_PADDING + iconRoom(b), mid);
    });
  },
};

export const iconRenderer: CustomRenderer<IconCell> = {
  kind: GridCellKind.Custom,
  isMatch: (cell: CustomCell): cell is IconCell => (cell.data as { kind?: string }).kind === 'srm-icon',
  draw: (args, cell) => {
    const { ctx, rect } = args;
    if (cell.data.state === 'none') return;
    const cx = rect.x + rect.width / 2;
    const cy = rect.y + rect.height / 2;
    ctx.beginPath();
    ctx.arc(cx, cy, 8, 0, Math.PI * 2);
    ctx.fillStyle = cell.data.state === 'true' ? CHECK_GREEN : '#848484';
    ctx.fill();
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 2;
    ctx.beginPath();
    if (cell.data.state === 'true') {
      ctx.moveTo(cx - 4, cy);
      ctx.lineTo(cx - 1, cy + 3);
      ctx.lineTo(cx + 4, cy - 3);
    } else {
      ctx.moveTo(cx - 3, cy - 3);
      ctx.lineTo(cx + 3, cy + 3);
      ctx.moveTo(cx + 3, cy - 3);
      ctx.lineTo(cx - 3, cy + 3);
    }
    ctx.stroke();
  },
};

export const footerLabelRenderer: CustomRenderer<FooterLabelCell> = {
  kind: GridCellKind.Custom,
  isMatch: (cell: CustomCell): cell is FooterLabelCell => (cell.data as { kind?: string }).kind === 'srm-footer-label',
  draw: (args, cell) => {
    const { ctx, rect, theme } = args;
    // Each covered cell paints its slice of the one label: the text is placed for the whole span and
    // glide's clip to this cell keeps the slice.
    ctx.fillStyle = theme.bgCell;
    ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
    ctx.font = `${theme.baseFontStyle} ${theme.fontFamily}`;
    ctx.fillStyle = theme.textDark;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'center';
    ctx.fillText(cell.data.text, rect.x - cell.data.offset + cell.data.centreWidth / 2, rect.y + rect.height / 2);
    ctx.textAlign = 'start';
  },
};

export const customRenderers = [checkRenderer, editRenderer, linkRenderer, buttonsRenderer, iconRenderer, footerLabelRenderer];

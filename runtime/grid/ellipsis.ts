// column.ellipsis: glide clips long text at the cell edge; we cut it with "…" so the user sees it goes on
// (the full text is in the tooltip and the accessible table). Widths come from per-character widths
// measured once in the grid font: summing them ignores kerning (a pixel or two), but needs no canvas
// call per cell — this runs for every visible cell on every frame of a scroll.
import { gridTheme } from './theme.js';

let ctx: CanvasRenderingContext2D | null | undefined;
const charWidths = new Map<string, number>();

function charWidth(ch: string): number | undefined {
  const known = charWidths.get(ch);
  if (known !== undefined) return known;
  if (ctx === undefined) {
    ctx = typeof document === 'undefined' ? null : (document.createElement('canvas').getContext('2d') ?? null);
    if (ctx) ctx.font = `${gridTheme.baseFontStyle} ${gridTheme.fontFamily}`;
  }
  if (!ctx) return undefined;
  const w = ctx.measureText(ch).width;
  charWidths.set(ch, w);
  return w;
}

export function fitText(text: string, width: number, padding = 8): string {
  if (text.length < 4) return text;
  const room = width - padding * 2;
  const ellipsis = charWidth('…');
  if (ellipsis === undefined) return text;
  let used = 0;
  let cut = -1;
  for (let i = 0; i < text.length; i++) {
    used += charWidth(text[i]) ?? 0;
    if (cut < 0 && used + ellipsis > room) cut = i;
    if (used > room) return text.slice(0, Math.max(1, cut)) + '…';
  }
  return text;
}

/** The drawn width of a text in the grid font (a rough 7 px a character where no canvas exists, as in unit tests). */
export function textWidth(text: string): number {
  let used = 0;
  for (const ch of text) used += charWidth(ch) ?? (ch.charCodeAt(0) > 0x2e80 ? 13 : 7);
  return used;
}

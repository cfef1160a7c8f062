// buttonType.iconClass / action iconClass (SPEC §3): a named icon drawn before a button's label, on the
// canvas (button cells) and in the DOM (operate buttons) from ONE set of outlines. The outlines are
// Arco's icons (48 × 48 view box, stroked 4 wide), so canvas buttons look like the DOM ones.
// Names as older definitions wrote them also work: `el-icon-edit`, `icon-edit`, `arco-icon-edit` → edit.

export const ICON_VIEW_BOX = 48;
export const ICON_STROKE = 4;

const PATHS: Readonly<Record<string, string>> = {
  edit: 'm30.48 19.038 5.733-5.734a1 1 0 0 0 0-1.414l-5.586-5.586a1 1 0 0 0-1.414 0l-5.734 5.734m7 7L15.763 33.754a1 1 0 0 1-.59.286l-6.048.708a1 1 0 0 1-1.113-1.069l.477-6.31a1 1 0 0 1 .29-.631l14.7-14.7m7 7-7-7M6 42h36',
  delete: 'M5 11h5.5m0 0v29a1 1 0 0 0 1 1h25a1 1 0 0 0 1-1V11m-27 0H16m21.5 0H43m-5.5 0H32m-16 0V7h16v4m-16 0h16M20 18v15m8-15v15',
  plus: 'M5 24h38M24 5v38',
  view: 'M24 37c6.627 0 12.627-4.333 18-13-5.373-8.667-11.373-13-18-13-6.627 0-12.627 4.333-18 13 5.373 8.667 11.373 13 18 13ZM29 24a5 5 0 1 1-10 0 5 5 0 0 1 10 0Z',
  download: 'm33.072 22.071-9.07 9.071-9.072-9.07M24 5v26m16 4v6H8v-6',
  upload: 'M14.93 17.071 24.001 8l9.071 9.071m-9.07 16.071v-25M40 35v6H8v-6',
  search:
    'M33.072 33.071c6.248-6.248 6.248-16.379 0-22.627-6.249-6.249-16.38-6.249-22.628 0-6.248 6.248-6.248 16.379 0 22.627 6.248 6.248 16.38 6.248 22.628 0Zm0 0 8.485 8.485',
  file: 'M16 21h16m-16 8h10m11 13H11a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h21l7 7v27a2 2 0 0 1-2 2Z',
  copy: 'M20 6h18a2 2 0 0 1 2 2v22M8 16v24c0 1.105.891 2 1.996 2h20.007A1.99 1.99 0 0 0 32 40.008V15.997A1.997 1.997 0 0 0 30 14H10a2 2 0 0 0-2 2Z',
  link: 'm14.1 25.414-4.95 4.95a6 6 0 0 0 8.486 8.485l8.485-8.485a6 6 0 0 0 0-8.485m7.779.707 4.95-4.95a6 6 0 1 0-8.486-8.485l-8.485 8.485a6 6 0 0 0 0 8.485',
  check: 'M41.678 11.05 19.05 33.678 6.322 20.95',
  close: 'M9.857 9.858 24 24m0 0 14.142 14.142M24 24 38.142 9.858M24 24 9.857 38.142',
  refresh: 'M38.837 18C36.463 12.136 30.715 8 24 8 15.163 8 8 15.163 8 24s7.163 16 16 16c7.455 0 13.72-5.1 15.496-12M40 8v10H30',
  send: 'm14 24-7-5V7l34 17L7 41V29l7-5Zm0 0h25',
  list: 'M13 24h30M5 12h4m4 24h30M13 12h30M5 24h4M5 36h4',
  calendar: 'M7 22h34M14 5v8m20-8v8M8 41h32a1 1 0 0 0 1-1V10a1 1 0 0 0-1-1H8a1 1 0 0 0-1 1v30a1 1 0 0 0 1 1Z',
  info: 'M24 20v14m0-16v-4m18 10c0 9.941-8.059 18-18 18S6 33.941 6 24 14.059 6 24 6s18 8.059 18 18Z',
};

/** Other names definitions use for the same outlines. */
const ALIASES: Readonly<Record<string, string>> = {
  eye: 'view',
  add: 'plus',
  remove: 'delete',
  trash: 'delete',
  document: 'file',
  tick: 'check',
  'circle-check': 'check',
};

/** A neutral outline for a name the runtime does not know: the button still shows that it has an icon. */
const UNKNOWN = 'M7 7H20V20H7zM28 7H41V20H28zM7 28H20V41H7zM28 28H41V41H28z';

export const ICON_NAMES: readonly string[] = Object.keys(PATHS);

/** The outline (SVG path data in the 48 × 48 box) of an iconClass, or undefined when none is given. */
export function iconPath(iconClass: string | undefined): string | undefined {
  if (!iconClass || !iconClass.trim()) return undefined;
  const name = iconClass
    .trim()
    .toLowerCase()
    .replace(/^(el-icon-|arco-icon-|icon-)/, '');
  return PATHS[name] ?? PATHS[ALIASES[name] ?? ''] ?? UNKNOWN;
}

/** Strokes an icon outline into a square of `size` px at (x, y) on a canvas. */
export function drawIcon(ctx: CanvasRenderingContext2D, path: string, x: number, y: number, size: number, color: string): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / ICON_VIEW_BOX, size / ICON_VIEW_BOX);
  ctx.strokeStyle = color;
  ctx.lineWidth = ICON_STROKE;
  ctx.lineCap = 'butt';
  ctx.lineJoin = 'miter';
  ctx.stroke(new Path2D(path));
  ctx.restore();
}

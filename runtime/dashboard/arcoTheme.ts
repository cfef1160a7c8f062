// The chart theme follows Arco's design tokens (CSS variables on body), so a chart has the app's
// colours and font, and follows dark mode (body[arco-theme="dark"]) when the app switches it.

export interface ChartTheme {
  palette: string[];
  text: string;
  textSecondary: string;
  border: string;
  background: string;
  fontFamily: string;
}

/** Arco's data-visualisation order: primary blue, then the other hues at their 6th step. */
const HUES = ['--primary-6', '--green-6', '--orange-6', '--purple-6', '--cyan-6', '--gold-6', '--magenta-6', '--lime-6', '--red-6'];
const FALLBACK = ['22,93,255', '0,180,42', '255,125,0', '114,46,209', '20,201,201', '247,186,30', '245,49,157', '159,219,29', '245,63,63'];

/** `22,93,255` (Arco's palette variables) or a plain colour, as a CSS colour. */
function colour(raw: string, fallback: string): string {
  const v = raw.trim();
  if (!v) return fallback;
  return /^\d+\s*,\s*\d+\s*,\s*\d+$/.test(v) ? `rgb(${v})` : v;
}

export function readChartTheme(el: Element = document.body): ChartTheme {
  const s = getComputedStyle(el);
  const v = (name: string) => s.getPropertyValue(name);
  return {
    palette: HUES.map((h, i) => colour(v(h), `rgb(${FALLBACK[i]})`)),
    text: colour(v('--color-text-1'), '#1d2129'),
    textSecondary: colour(v('--color-text-3'), '#86909c'),
    border: colour(v('--color-border-2'), '#e5e6eb'),
    background: 'transparent',
    fontFamily: s.fontFamily || 'sans-serif',
  };
}

/** Calls `onChange` when the app switches between light and dark (Arco's body attribute). */
export function watchTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { attributes: true, attributeFilter: ['arco-theme', 'class', 'style'] });
  return () => observer.disconnect();
}

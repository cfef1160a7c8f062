// A small RGBA canvas for pictures the server draws itself (a demo seal, a signature): polygons filled by
// the non-zero winding rule (TrueType outlines, rings), 4 × 4 supersampled for smooth edges, painted over
// a transparent background. Coordinates: pixels, y down.
import { encodePng } from './png.js';

export type Point = [number, number];
export type Rgb = [number, number, number];

const SS = 4;

export class Raster {
  readonly rgba: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rgba = new Uint8Array(width * height * 4);
  }

  /** Fills `contours` (each closed) in `color`, non-zero winding. */
  fill(contours: Point[][], color: Rgb, alpha = 1): void {
    const edges: [number, number, number, number][] = [];
    for (const c of contours)
      for (let i = 0; i < c.length; i++) {
        const [a, b] = [c[i], c[(i + 1) % c.length]];
        if (a[1] !== b[1]) edges.push([a[0] * SS, a[1] * SS, b[0] * SS, b[1] * SS]);
      }
    const cover = new Uint16Array(this.width * this.height);
    const xs: [number, number][] = [];
    for (let sy = 0; sy < this.height * SS; sy++) {
      const y = sy + 0.5;
      xs.length = 0;
      for (const [x0, y0, x1, y1] of edges) {
        if ((y0 <= y && y1 > y) || (y1 <= y && y0 > y)) xs.push([x0 + ((y - y0) * (x1 - x0)) / (y1 - y0), y1 > y0 ? 1 : -1]);
      }
      xs.sort((p, q) => p[0] - q[0]);
      let winding = 0;
      for (let i = 0; i < xs.length - 1; i++) {
        winding += xs[i][1];
        if (!winding) continue;
        const from = Math.max(0, Math.ceil(xs[i][0] - 0.5));
        const to = Math.min(this.width * SS - 1, Math.floor(xs[i + 1][0] - 0.5));
        const row = Math.floor(sy / SS) * this.width;
        for (let sx = from; sx <= to; sx++) cover[row + Math.floor(sx / SS)]++;
      }
    }
    for (let p = 0; p < cover.length; p++) {
      if (!cover[p]) continue;
      const a = (Math.min(cover[p], SS * SS) / (SS * SS)) * alpha;
      const o = p * 4;
      const under = this.rgba[o + 3] / 255;
      const out = a + under * (1 - a);
      for (let ch = 0; ch < 3; ch++) this.rgba[o + ch] = Math.round((color[ch] * a + this.rgba[o + ch] * under * (1 - a)) / out);
      this.rgba[o + 3] = Math.round(out * 255);
    }
  }

  png(): Buffer {
    return encodePng(this.width, this.height, this.rgba);
  }
}

/** A circle as a polygon (clockwise on screen when `reverse`: a ring is an outer circle and a reversed inner one). */
export function circle(cx: number, cy: number, r: number, reverse = false): Point[] {
  const n = Math.max(32, Math.ceil(r * 2));
  const pts: Point[] = [];
  for (let i = 0; i < n; i++) {
    const t = ((reverse ? -i : i) / n) * 2 * Math.PI;
    pts.push([cx + r * Math.cos(t), cy + r * Math.sin(t)]);
  }
  return pts;
}

/** A five-pointed star centred on (cx, cy), outer radius r, one point up. */
export function star(cx: number, cy: number, r: number): Point[] {
  const pts: Point[] = [];
  for (let i = 0; i < 10; i++) {
    const t = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.382 : r;
    pts.push([cx + rr * Math.cos(t), cy + rr * Math.sin(t)]);
  }
  return pts;
}

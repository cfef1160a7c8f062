// The grid keeps the cells of recently drawn rows (runtime/grid/cellCache.ts): a repaint does not format again.
import { GridCellKind, type GridCell } from '@glideapps/glide-data-grid';
import { describe, expect, it } from 'vitest';
import { cachedCells } from '../../../runtime/grid/cellCache.js';

const textCell = (s: string): GridCell => ({ kind: GridCellKind.Text, data: s, displayData: s, allowOverlay: false });

describe('cachedCells', () => {
  it('makes each cell once and gives the same object back', () => {
    let made = 0;
    const get = cachedCells((col, row) => (made++, textCell(`${col}:${row}`)));
    const first = get([2, 7]);
    expect(get([2, 7])).toBe(first);
    expect(get([3, 7])).toEqual(textCell('3:7'));
    expect(made).toBe(2);
  });

  it('forgets the rows asked for longest ago beyond its limit', () => {
    let made = 0;
    const get = cachedCells((col, row) => (made++, textCell(`${col}:${row}`)), 2);
    get([0, 1]);
    get([0, 2]);
    get([0, 3]);
    expect(made).toBe(3);
    get([0, 3]);
    get([0, 2]);
    expect(made).toBe(3);
    get([0, 1]);
    expect(made).toBe(4);
  });
});

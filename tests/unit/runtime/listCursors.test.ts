// The grid's cursors (runtime/data/listCursors.ts): a page reached from a loaded neighbour is asked for
// with the neighbour's cursor; a page jumped to, the first page, another list or a failure ask by index.
import { describe, expect, it } from 'vitest';
import { ListCursors } from '../../../runtime/data/listCursors.js';

describe('list cursors', () => {
  it('next pages use the cursor of the page before; a jump, page 1 and another list do not', () => {
    const c = new ListCursors();
    expect(c.startOf('A', 1)).toBeUndefined();
    c.loaded('A', 1, 'after1');
    expect(c.startOf('A', 2)).toBe('after1');
    c.loaded('A', 2, 'after2');
    expect(c.startOf('A', 3)).toBe('after2');
    // Back to a page seen before: its cursor is still known.
    expect(c.startOf('A', 2)).toBe('after1');
    expect(c.startOf('A', 5000)).toBeUndefined();
    // A changed filter or sort is another list: every cursor is forgotten.
    expect(c.startOf('B', 3)).toBeUndefined();
    expect(c.startOf('A', 3)).toBeUndefined();
  });

  it('the last page has no next cursor; a failed load forgets them; a late answer of another list is ignored', () => {
    const c = new ListCursors();
    c.startOf('A', 1);
    c.loaded('A', 1, 'after1');
    c.loaded('A', 2, undefined);
    expect(c.startOf('A', 3)).toBeUndefined();
    c.loaded('B', 2, 'other');
    expect(c.startOf('A', 3)).toBeUndefined();
    c.forget();
    expect(c.startOf('A', 2)).toBeUndefined();
  });
});

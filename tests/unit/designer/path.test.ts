import { describe, expect, it } from 'vitest';
import { getIn, moveItem, parsePath, pathStartsWith, setIn } from '../../../designer/model/path';

describe('designer path edits', () => {
  const page = { name: 'base/x', grid: { columns: [{ key: 'a' }, { key: 'b', width: 90 }] } };

  it('sets a value deep inside without touching the original', () => {
    const next = setIn(page, ['grid', 'columns', 1, 'width'], 150);
    expect(getIn(next, ['grid', 'columns', 1, 'width'])).toBe(150);
    expect(page.grid.columns[1].width).toBe(90);
    expect(next.grid.columns[0]).toBe(page.grid.columns[0]);
  });

  it('removes keys set to undefined, empty text or an empty object, and creates missing parents', () => {
    expect(setIn(page, ['grid', 'columns', 1, 'width'], undefined).grid.columns[1]).toEqual({ key: 'b' });
    expect(setIn({ a: { b: 1 } }, ['a', 'b'], '')).toEqual({});
    expect(setIn({}, ['grid', 'columns', 0, 'validate', 'required'], true)).toEqual({ grid: { columns: [{ validate: { required: true } }] } });
  });

  it('moves items (drag or up/down) and refuses moves out of range', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('reads the paths of validation errors and diffs in both notations', () => {
    expect(parsePath('grid.columns[2].width')).toEqual(['grid', 'columns', 2, 'width']);
    expect(parsePath('/grid/columns/2/width')).toEqual(['grid', 'columns', 2, 'width']);
    expect(pathStartsWith(parsePath('grid.columns[2].width'), ['grid', 'columns', 2])).toBe(true);
    expect(pathStartsWith(parsePath('grid.columns[2].width'), ['grid', 'columns', 1])).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, commit, createHistory, HISTORY_LIMIT, MERGE_WINDOW_MS, redo, undo } from '../../../designer/model/history';

describe('designer history (undo/redo)', () => {
  it('undoes and redoes edits in order, and a new edit drops the redo branch', () => {
    let h = createHistory({ width: 100 });
    h = commit(h, { width: 120 }, { now: 0 });
    h = commit(h, { width: 140 }, { now: 10_000 });
    expect(canUndo(h)).toBe(true);
    expect(canRedo(h)).toBe(false);
    h = undo(h);
    expect(h.present).toEqual({ width: 120 });
    h = undo(h);
    expect(h.present).toEqual({ width: 100 });
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toEqual({ width: 120 });
    h = commit(h, { width: 200 }, { now: 20_000 });
    expect(canRedo(h)).toBe(false);
    expect(h.past).toEqual([{ width: 100 }, { width: 120 }]);
  });

  it('merges quick edits of the same part (typing a title) into one step, not edits of different parts', () => {
    let h = createHistory('');
    h = commit(h, 'a', { mergeKey: 'title:CN', now: 0 });
    h = commit(h, 'ab', { mergeKey: 'title:CN', now: 100 });
    h = commit(h, 'abc', { mergeKey: 'title:CN', now: 200 });
    expect(h.past).toEqual(['']);
    h = commit(h, 'abcd', { mergeKey: 'title:EN', now: 300 });
    expect(h.past).toEqual(['', 'abc']);
    h = commit(h, 'abcde', { mergeKey: 'title:EN', now: 300 + MERGE_WINDOW_MS + 1 });
    expect(h.past).toEqual(['', 'abc', 'abcd']);
    expect(undo(undo(h)).present).toBe('abc');
  });

  it('ignores a commit of the same value and keeps at most HISTORY_LIMIT steps', () => {
    const start = createHistory(0);
    expect(commit(start, 0)).toBe(start);
    let h = start;
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) h = commit(h, i, { now: i * 10_000 });
    expect(h.past.length).toBe(HISTORY_LIMIT);
    expect(h.past[0]).toBe(20);
  });
});

// SPEC §4 tree checking, proved over every initial state of a small tree and every click on it.
import { describe, expect, it } from 'vitest';
import { checkNode, checkedKeys, clearEdits, editedKeys, expandedKeys, flatten, type TreeNode } from '../../../runtime/tree/checking.js';

// A (B (D, E), C (F (G)))  — seven nodes, three levels below the root, a leaf at every depth.
const SHAPE: [string, string | null][] = [
  ['A', null],
  ['B', 'A'],
  ['D', 'B'],
  ['E', 'B'],
  ['C', 'A'],
  ['F', 'C'],
  ['G', 'F'],
  ['H', null],
];

function build(state: number): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  SHAPE.forEach(([key], i) => {
    const checked = ((state >> i) & 1) === 1;
    nodes.set(key, { key, title: key, checked, checkFlag: checked ? 'Y' : 'N', isEdit: false, children: [] });
  });
  const roots: TreeNode[] = [];
  for (const [key, parent] of SHAPE) (parent ? nodes.get(parent)!.children : roots).push(nodes.get(key)!);
  return roots;
}

const parentOf = new Map(SHAPE);
const ancestors = (k: string): string[] => {
  const out: string[] = [];
  for (let p = parentOf.get(k) ?? null; p; p = parentOf.get(p) ?? null) out.push(p);
  return out;
};
const descendants = (k: string): string[] => SHAPE.filter(([x]) => x !== k && ancestors(x).includes(k)).map(([x]) => x);
const byKey = (nodes: TreeNode[]) => new Map(flatten(nodes).map((n) => [n.key, n]));

describe('tree checking rules (SPEC §4)', () => {
  it('holds for every initial state, every node and both directions', () => {
    let cases = 0;
    for (let state = 0; state < 1 << SHAPE.length; state++) {
      const before = build(state);
      const old = byKey(before);
      for (const [key] of SHAPE) {
        for (const checked of [true, false]) {
          const after = byKey(checkNode(before, key, checked));
          const sub = new Set([key, ...descendants(key)]);
          const up = new Set(ancestors(key));
          for (const [k, n] of after) {
            const o = old.get(k)!;
            // checkFlag always mirrors checked.
            expect(n.checkFlag).toBe(n.checked ? 'Y' : 'N');
            let expected = o.checked;
            if (sub.has(k)) expected = checked;
            else if (up.has(k) && checked) expected = true;
            expect(n.checked, `state ${state} ${checked ? 'check' : 'uncheck'} ${key}: node ${k}`).toBe(expected);
            // A node is marked edited exactly when its state changed.
            expect(!!n.isEdit).toBe(expected !== o.checked);
            // Nodes outside the subtree and the ancestor path are the same objects.
            if (!sub.has(k) && !up.has(k)) expect(n).toBe(o);
          }
          cases++;
        }
      }
    }
    expect(cases).toBe((1 << SHAPE.length) * SHAPE.length * 2);
  });

  it('leaves the input untouched and returns the same array when nothing changes', () => {
    const tree = build(0);
    const copy = JSON.parse(JSON.stringify(tree)) as TreeNode[];
    const unchanged = checkNode(tree, 'D', false);
    expect(unchanged).toBe(tree);
    checkNode(tree, 'D', true);
    expect(tree).toEqual(copy);
    expect(checkNode(tree, 'nope', true)).toBe(tree);
  });

  it('checking a leaf checks its whole ancestor path, not its siblings or cousins', () => {
    const after = checkNode(build(0), 'G', true);
    expect(checkedKeys(after).sort()).toEqual(['A', 'C', 'F', 'G']);
    expect(editedKeys(after).sort()).toEqual(['A', 'C', 'F', 'G']);
  });

  it('unchecking a parent clears its subtree and keeps its ancestors', () => {
    const all = build((1 << SHAPE.length) - 1);
    const after = checkNode(all, 'C', false);
    expect(checkedKeys(after).sort()).toEqual(['A', 'B', 'D', 'E', 'H']);
  });

  it('expands nodes above checked ones, clears edit marks after a save', () => {
    const after = checkNode(build(0), 'E', true);
    expect(expandedKeys(after).sort()).toEqual(['A', 'B']);
    expect(expandedKeys(after, true).sort()).toEqual(['A', 'B', 'C', 'F']);
    expect(editedKeys(clearEdits(after))).toEqual([]);
    expect(checkedKeys(clearEdits(after)).sort()).toEqual(['A', 'B', 'E']);
  });
});

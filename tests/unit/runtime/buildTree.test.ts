import { describe, expect, it } from 'vitest';
import { TreeConfigError, buildTree, findNode, pathTo, requireTreeConfig, subtreeKeys } from '../../../runtime/tree/buildTree.js';

const config = { key: 'id', parentKey: 'parentId', levelKey: 'level' };
const opts = { titleFields: ['name'], orderField: 'seq' };
const row = (id: number, parentId: number | null, name: string, seq?: number) => ({ id, parentId, name, level: 0, seq });

describe('buildTree (SPEC §5: key, parent key, level key and tree config required)', () => {
  it('throws a TreeConfigError naming what is missing', () => {
    expect(() => buildTree([], undefined, opts)).toThrow(TreeConfigError);
    expect(() => buildTree([], { key: 'id' }, opts)).toThrow(/missing: parentKey, levelKey/);
    expect(() => requireTreeConfig({ key: 'id', parentKey: 'p', levelKey: '' })).toThrow(/missing: levelKey/);
    try {
      requireTreeConfig(null);
    } catch (e) {
      expect((e as TreeConfigError).code).toBe('tree.configMissing');
      expect((e as TreeConfigError).missing).toEqual(['tree']);
    }
    expect(requireTreeConfig(config)).toBe(config);
  });

  it('nests rows under their parents, sorted by the order field then title', () => {
    const tree = buildTree(
      [row(3, 1, 'Child b', 20), row(1, null, 'Root'), row(2, 1, 'Child a', 10), row(4, 2, 'Grandchild'), row(5, null, 'Another')],
      config,
      opts,
    );
    expect(tree.map((n) => n.title)).toEqual(['Another', 'Root']);
    const root = tree[1];
    expect(root.children.map((n) => n.title)).toEqual(['Child a', 'Child b']);
    expect(root.children[0].children.map((n) => n.key)).toEqual(['4']);
    expect(findNode(tree, '4')?.title).toBe('Grandchild');
    expect(pathTo(tree, '4')).toEqual(['1', '2', '4']);
    expect([...subtreeKeys(root)].sort()).toEqual(['1', '2', '3', '4']);
  });

  it("titles in the user's language where the row has them, else the default title fields", () => {
    const rows = [
      { id: 1, parentId: null, level: 1, name: '系统管理', nameTh: 'การจัดการระบบ' },
      { id: 2, parentId: 1, level: 2, name: '菜单管理', nameTh: '' },
    ];
    const tree = buildTree(rows, config, { titleFields: ['name'], localTitleFields: ['nameTh'] });
    expect(tree[0].title).toBe('การจัดการระบบ');
    expect(tree[0].children[0].title).toBe('菜单管理');
  });

  it('treats a row whose parent is not loaded as a root (lazy load, filtered list)', () => {
    const tree = buildTree([row(7, 99, 'Orphan'), row(8, 7, 'Kid')], config, opts);
    expect(tree.map((n) => n.key)).toEqual(['7']);
    expect(tree[0].children.map((n) => n.key)).toEqual(['8']);
  });

  it('never loops on a cycle in the data and keeps every row once', () => {
    const tree = buildTree([row(1, 2, 'A'), row(2, 1, 'B'), row(3, 3, 'Self')], config, opts);
    const all: string[] = [];
    const walk = (ns: typeof tree) => ns.forEach((n) => (all.push(n.key), walk(n.children)));
    walk(tree);
    expect(all.sort()).toEqual(['1', '2', '3']);
  });

  it('skips duplicate and missing keys; falls back to the key as title', () => {
    const tree = buildTree(
      [
        { id: 1, parentId: null, level: 1 },
        { id: 1, parentId: null, level: 1, name: 'dup' },
        { parentId: null, level: 1 },
      ],
      config,
      opts,
    );
    expect(tree.map((n) => [n.key, n.title, n.level])).toEqual([['1', '1', 1]]);
  });
});

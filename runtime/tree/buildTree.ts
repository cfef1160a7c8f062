// Rows with a parent key → nested nodes (SPEC §3 tree node, §5: key, parent key, level key and the
// tree config are required, else an error). Pure; unit-tested.
import type { TreeConfig } from '../definitions.js';

export type TreeRow = Record<string, unknown>;
export type TreeKey = string | number;

export interface TreeNode {
  key: string;
  title: string;
  level: number;
  record: TreeRow;
  children: TreeNode[];
}

/** Thrown when the tree config lacks key, parent key or level key; `code` is a runtime locale key. */
export class TreeConfigError extends Error {
  readonly code = 'tree.configMissing';
  constructor(readonly missing: string[]) {
    super(`Tree building requires key, parent key, level key and tree config (missing: ${missing.join(', ')})`);
    this.name = 'TreeConfigError';
  }
}

export interface BuildTreeOptions {
  /** Fields joined by a space as the title; falls back to the key. */
  titleFields: readonly string[];
  /** The user's language's title fields, shown when they hold something (else titleFields). */
  localTitleFields?: readonly string[];
  orderField?: string;
}

/** Throws TreeConfigError unless config names key, parentKey and levelKey. */
export function requireTreeConfig(config: Partial<TreeConfig> | undefined | null): TreeConfig {
  const missing: string[] = [];
  if (!config) missing.push('tree');
  else {
    if (!config.key) missing.push('key');
    if (!config.parentKey) missing.push('parentKey');
    if (!config.levelKey) missing.push('levelKey');
  }
  if (missing.length) throw new TreeConfigError(missing);
  return config as TreeConfig;
}

const present = (v: unknown): v is TreeKey => (typeof v === 'number' || typeof v === 'string') && v !== '';

export function nodeTitle(row: TreeRow, fields: readonly string[], fallback: string): string {
  const parts = fields
    .map((f) => row[f])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String);
  return parts.length ? parts.join(' ') : fallback;
}

function compare(orderField: string | undefined) {
  return (a: TreeNode, b: TreeNode): number => {
    if (orderField) {
      const x = a.record[orderField];
      const y = b.record[orderField];
      if (typeof x === 'number' && typeof y === 'number' && x !== y) return x - y;
      if (x !== y && x !== null && x !== undefined && y !== null && y !== undefined) return String(x).localeCompare(String(y));
      if ((x === null || x === undefined) !== (y === null || y === undefined)) return x === null || x === undefined ? 1 : -1;
    }
    return a.title.localeCompare(b.title);
  };
}

/**
 * Nests rows under their parents. A row whose parent is not among the rows is a root (a lazy load's
 * first level, or a filtered list). Duplicate keys keep the first row; a cycle in the data cannot
 * loop: each row is placed once, and rows only reachable through a cycle are attached as roots.
 */
export function buildTree(rows: readonly TreeRow[], config: Partial<TreeConfig> | undefined | null, options: BuildTreeOptions): TreeNode[] {
  const { key, parentKey, levelKey } = requireTreeConfig(config);
  const nodes = new Map<string, TreeNode>();
  const parentOf = new Map<string, string | null>();
  for (const row of rows) {
    const k = row[key];
    if (!present(k) || nodes.has(String(k))) continue;
    const level = Number(row[levelKey]);
    nodes.set(String(k), {
      key: String(k),
      title: nodeTitle(row, options.localTitleFields ?? [], nodeTitle(row, options.titleFields, String(k))),
      level: Number.isFinite(level) ? level : 0,
      record: row,
      children: [],
    });
    const p = row[parentKey];
    parentOf.set(String(k), present(p) ? String(p) : null);
  }
  const roots: TreeNode[] = [];
  const placed = new Set<string>();
  // Attach top-down from the roots so that a cycle (a → b → a) never nests a node inside itself.
  const attach = (node: TreeNode, children: Map<string, TreeNode[]>) => {
    placed.add(node.key);
    for (const c of children.get(node.key) ?? []) {
      if (placed.has(c.key)) continue;
      node.children.push(c);
      attach(c, children);
    }
  };
  const children = new Map<string, TreeNode[]>();
  for (const [k, node] of nodes) {
    const p = parentOf.get(k) ?? null;
    if (p !== null && p !== k && nodes.has(p)) children.set(p, [...(children.get(p) ?? []), node]);
    else roots.push(node);
  }
  for (const r of roots) attach(r, children);
  for (const node of nodes.values()) {
    if (!placed.has(node.key)) {
      roots.push(node);
      attach(node, children);
    }
  }
  const sort = compare(options.orderField);
  const sortAll = (list: TreeNode[]) => {
    list.sort(sort);
    for (const n of list) sortAll(n.children);
  };
  sortAll(roots);
  return roots;
}

/** Keys of a node and all its descendants (a move may not put a node under one of them). */
export function subtreeKeys(node: TreeNode): Set<string> {
  const out = new Set<string>([node.key]);
  const walk = (n: TreeNode) => n.children.forEach((c) => (out.add(c.key), walk(c)));
  walk(node);
  return out;
}

export function findNode(nodes: readonly TreeNode[], key: string): TreeNode | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = findNode(n.children, key);
    if (hit) return hit;
  }
  return undefined;
}

/** Keys from a root down to the node (to expand the path to a selected node). */
export function pathTo(nodes: readonly TreeNode[], key: string): string[] {
  for (const n of nodes) {
    if (n.key === key) return [n.key];
    const sub = pathTo(n.children, key);
    if (sub.length) return [n.key, ...sub];
  }
  return [];
}

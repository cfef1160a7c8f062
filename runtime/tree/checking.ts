// Tree checking (SPEC §4): checking a node sets all its descendants to the same state; any checked
// child makes all its ancestors checked. Both set checkFlag Y/N and mark the changed nodes edited.
// Pure functions over immutable trees (SPEC §3 tree node fields), used by the permit tree widget.

export interface TreeNode {
  key: string;
  title: string;
  expand?: boolean;
  checked: boolean;
  checkFlag: 'Y' | 'N';
  treeFullPath?: string;
  isEdit?: boolean;
  children: TreeNode[];
}

function withState<T extends TreeNode>(node: T, checked: boolean): T {
  if (node.checked === checked && node.checkFlag === (checked ? 'Y' : 'N')) return node;
  return { ...node, checked, checkFlag: checked ? 'Y' : 'N', isEdit: true };
}

function setSubtree<T extends TreeNode>(node: T, checked: boolean): T {
  const children = node.children.map((c) => setSubtree(c as T, checked));
  const changedChildren = children.some((c, i) => c !== node.children[i]);
  const self = withState(node, checked);
  return changedChildren ? { ...self, children } : self;
}

/**
 * The tree after the user (un)checks `key`: that node and every descendant take the new state; when
 * checked, every ancestor becomes checked too. Unchanged nodes keep their identity.
 */
export function checkNode<T extends TreeNode>(nodes: T[], key: string, checked: boolean): T[] {
  let found = false;
  const visit = (list: T[]): T[] => {
    let changed = false;
    const out = list.map((n) => {
      if (found) return n;
      if (n.key === key) {
        found = true;
        const next = setSubtree(n, checked);
        changed ||= next !== n;
        return next;
      }
      const children = visit(n.children as T[]);
      // The target is below this node: a checked descendant makes this ancestor checked.
      const self = found && checked ? withState(n, true) : n;
      if (children === n.children && self === n) return n;
      changed = true;
      return { ...self, children };
    });
    return changed ? out : list;
  };
  return visit(nodes);
}

/** Every node, depth first. */
export function flatten<T extends TreeNode>(nodes: T[]): T[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children as T[])]);
}

export function checkedKeys(nodes: TreeNode[]): string[] {
  return flatten(nodes)
    .filter((n) => n.checked)
    .map((n) => n.key);
}

export function editedKeys(nodes: TreeNode[]): string[] {
  return flatten(nodes)
    .filter((n) => n.isEdit)
    .map((n) => n.key);
}

/** Keys of the nodes to show expanded: every node with a checked descendant, or all when `all`. */
export function expandedKeys(nodes: TreeNode[], all = false): string[] {
  const out: string[] = [];
  const visit = (n: TreeNode): boolean => {
    let below = false;
    for (const c of n.children) below = visit(c) || below;
    if (n.children.length > 0 && (all || below || n.expand)) out.push(n.key);
    return n.checked || below;
  };
  nodes.forEach(visit);
  return out;
}

/** The same tree with the edit marks cleared (after a successful save). */
export function clearEdits<T extends TreeNode>(nodes: T[]): T[] {
  return nodes.map((n) => ({ ...n, isEdit: false, children: clearEdits(n.children as T[]) }));
}

export interface MenuRow {
  menuId: number;
  menuCode: string;
  menuName: string;
  menuType: string;
  htmlUrl: string | null;
  imageLink: string | null;
  menuParentId: number | null;
  levelId: number | null;
  seqNum: number | null;
}

export type MenuNode = MenuRow & { children: MenuNode[] };

/** Rows (ordered) → forest; a child whose parent is not visible is shown at the top. */
export function menuTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map(rows.map((r) => [r.menuId, { ...r, children: [] as MenuNode[] }]));
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.menuParentId !== null ? nodes.get(n.menuParentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

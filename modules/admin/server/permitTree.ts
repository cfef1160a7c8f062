// Menu/resource permit trees of a responsibility or a role (SPEC §3 "Tree node", §6 "menu and resource
// trees", role-menu and role-resource permit lists with batch save). One tree holds the menus (DIR and
// PAGE) with each menu's resources (buttons) as leaves; a node is checked when the owner holds it.
import type { Db } from '../../../server/db/connect.js';
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { Language } from '../../../server/i18n/messages.js';
import { refuse } from '../../../server/errors.js';
import type { AdminTables } from '../generated/tables.js';

export const RESP_PERMITS = { menuTable: 'base_resp_menu', resourceTable: 'base_resp_resource', ownerColumn: 'resp_id' } as const;
export const ROLE_PERMITS = { menuTable: 'base_role_menu', resourceTable: 'base_role_resource', ownerColumn: 'role_id' } as const;
/** Where an owner's permits live: base_resp_menu/base_resp_resource or base_role_menu/base_role_resource. */
export type PermitTables = typeof RESP_PERMITS | typeof ROLE_PERMITS;

/** The menu and resource name columns of each language (the CN name is the base column). */
const MENU_NAME = { CN: 'm.menu_name', EN: 'm.menu_name_en', TH: 'm.menu_name_th', VN: 'm.menu_name_vn' } as const;
const RESOURCE_NAME = { CN: 'r.resource_name', EN: 'r.resource_name_en', TH: 'r.resource_name_th', VN: 'r.resource_name_vn' } as const;
/** Rows per insert statement: a large tree (up to 20,000 keys) stays far below PostgreSQL's 65,535 bound parameters. */
const INSERT_ROWS = 1000;

/** A tree node on the wire (SPEC §3: title, expand, checked, checkFlag, treeFullPath, children, isEdit). */
export interface PermitNode {
  /** `M{menuId}` or `R{resourceId}` */
  key: string;
  nodeType: 'MENU' | 'RESOURCE';
  id: number;
  code: string;
  menuType: string | null;
  title: string;
  expand: boolean;
  checked: boolean;
  checkFlag: 'Y' | 'N';
  /** Keys from the root to this node, joined by `/`. */
  treeFullPath: string;
  isEdit: boolean;
  children: PermitNode[];
}

async function allMenus(db: Db, lang: Language) {
  return typed<AdminTables>(db)
    .selectFrom('base_menu as m')
    .select((eb) => [
      'm.menu_id as id',
      'm.menu_parent_id as parent',
      'm.menu_code as code',
      eb.fn.coalesce(MENU_NAME[lang], 'm.menu_name').as('title'),
      'm.menu_type',
    ])
    .where('m.enabled', '=', 'Y')
    .orderBy('m.seq_num', (ob) => ob.nullsLast())
    .orderBy('m.menu_id')
    .execute();
}

async function allResources(db: Db, lang: Language) {
  return typed<AdminTables>(db)
    .selectFrom('base_resource as r')
    .select((eb) => ['r.resource_id as id', 'r.menu_id', 'r.resource_code as code', eb.fn.coalesce(RESOURCE_NAME[lang], 'r.resource_name').as('title')])
    .where('r.enabled', '=', 'Y')
    .orderBy('r.resource_id')
    .execute();
}

async function heldIds(db: Db, t: PermitTables, ownerId: number): Promise<{ menus: Set<number>; resources: Set<number> }> {
  const admin = typed<AdminTables>(db);
  const [m, r] = await Promise.all([
    admin.selectFrom(t.menuTable).select('menu_id as id').where(t.ownerColumn, '=', ownerId).execute(),
    admin.selectFrom(t.resourceTable).select('resource_id as id').where(t.ownerColumn, '=', ownerId).execute(),
  ]);
  return { menus: new Set(m.map((x) => Number(x.id))), resources: new Set(r.map((x) => Number(x.id))) };
}

/** The whole enabled menu tree with resources as leaves, checked as the owner holds them. */
export async function permitTree(db: Db, t: PermitTables, ownerId: number, lang: Language): Promise<PermitNode[]> {
  const [menus, resources, held] = await Promise.all([allMenus(db, lang), allResources(db, lang), heldIds(db, t, ownerId)]);
  const node = (
    key: string,
    nodeType: PermitNode['nodeType'],
    id: number,
    code: string,
    title: string,
    menuType: string | null,
    checked: boolean,
  ): PermitNode => ({
    key,
    nodeType,
    id,
    code,
    menuType,
    title,
    expand: false,
    checked,
    checkFlag: checked ? 'Y' : 'N',
    treeFullPath: key,
    isEdit: false,
    children: [],
  });
  const byId = new Map(menus.map((m) => [Number(m.id), node(`M${m.id}`, 'MENU', Number(m.id), m.code, m.title, m.menu_type, held.menus.has(Number(m.id)))]));
  for (const r of resources) {
    const parent = byId.get(Number(r.menu_id));
    if (parent) parent.children.push(node(`R${r.id}`, 'RESOURCE', Number(r.id), r.code, r.title, null, held.resources.has(Number(r.id))));
  }
  const roots: PermitNode[] = [];
  for (const m of menus) {
    const n = byId.get(Number(m.id))!;
    const parent = m.parent !== null ? byId.get(Number(m.parent)) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  const setPaths = (nodes: PermitNode[], prefix: string) => {
    for (const n of nodes) {
      n.treeFullPath = prefix ? `${prefix}/${n.key}` : n.key;
      setPaths(n.children, n.treeFullPath);
    }
  };
  setPaths(roots, '');
  return roots;
}

const KEY = /^([MR])([1-9]\d{0,15})$/;

/**
 * Replaces the owner's menus and resources by the checked keys, in the caller's transaction. Every key
 * must name an existing menu or resource; a checked resource or child also holds its menu and every
 * ancestor (SPEC §4: any checked child makes all ancestors checked), so the stored set is consistent
 * whatever the client sent.
 */
export async function savePermits(db: Db, t: PermitTables, ownerId: number, checked: unknown, userId: number): Promise<{ menus: number; resources: number }> {
  if (!Array.isArray(checked) || checked.length > 20_000) throw refuse('admin.badPermitKeys');
  const menuIds = new Set<number>();
  const resourceIds = new Set<number>();
  for (const k of checked) {
    const m = typeof k === 'string' ? KEY.exec(k) : null;
    if (!m) throw refuse('admin.badPermitKeys');
    (m[1] === 'M' ? menuIds : resourceIds).add(Number(m[2]));
  }
  const admin = typed<AdminTables>(db);
  const menus = await admin.selectFrom('base_menu').select(['menu_id as id', 'menu_parent_id as parent']).execute();
  const parentOf = new Map(menus.map((m) => [Number(m.id), m.parent === null ? null : Number(m.parent)]));
  const resources = resourceIds.size
    ? await admin
        .selectFrom('base_resource')
        .select(['resource_id as id', 'menu_id'])
        .where('resource_id', 'in', [...resourceIds])
        .execute()
    : [];
  if (resources.length !== resourceIds.size || [...menuIds].some((id) => !parentOf.has(id))) throw refuse('admin.badPermitKeys');
  const closed = new Set<number>();
  const up = (id: number | null) => {
    for (let cur = id; cur !== null && !closed.has(cur); cur = parentOf.get(cur) ?? null) closed.add(cur);
  };
  for (const id of menuIds) up(id);
  for (const r of resources) up(Number(r.menu_id));

  await admin.deleteFrom(t.menuTable).where(t.ownerColumn, '=', ownerId).execute();
  await admin.deleteFrom(t.resourceTable).where(t.ownerColumn, '=', ownerId).execute();
  const audit = auditInsert(userId);
  const menuList = [...closed];
  for (let i = 0; i < menuList.length; i += INSERT_ROWS) {
    const ids = menuList.slice(i, i + INSERT_ROWS);
    // The owner column differs by table: each branch is typed against its own table.
    if (t.ownerColumn === 'resp_id')
      await admin
        .insertInto(t.menuTable)
        .values(ids.map((menu_id) => ({ resp_id: ownerId, menu_id, ...audit })))
        .execute();
    else
      await admin
        .insertInto(t.menuTable)
        .values(ids.map((menu_id) => ({ role_id: ownerId, menu_id, ...audit })))
        .execute();
  }
  const resourceList = [...resourceIds];
  for (let i = 0; i < resourceList.length; i += INSERT_ROWS) {
    const ids = resourceList.slice(i, i + INSERT_ROWS);
    if (t.ownerColumn === 'resp_id') {
      await admin
        .insertInto(t.resourceTable)
        .values(ids.map((resource_id) => ({ resp_id: ownerId, resource_id, ...audit })))
        .execute();
    } else
      await admin
        .insertInto(t.resourceTable)
        .values(ids.map((resource_id) => ({ role_id: ownerId, resource_id, ...audit })))
        .execute();
  }
  return { menus: closed.size, resources: resourceIds.size };
}

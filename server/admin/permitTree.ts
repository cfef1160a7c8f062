// Menu/resource permit trees of a responsibility or a role (SPEC §3 "Tree node", §6 "menu and resource
// trees", role-menu and role-resource permit lists with batch save). One tree holds the menus (DIR and
// PAGE) with each menu's resources (buttons) as leaves; a node is checked when the owner holds it.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Language } from '../i18n/messages.js';
import { refuse } from '../errors.js';
import { localizedColumn } from '../acl/responsibilities.js';

/** Where an owner's permits live: base_resp_menu/base_resp_resource or base_role_menu/base_role_resource. */
export interface PermitTables {
  menuTable: string;
  resourceTable: string;
  ownerColumn: string;
}

export const RESP_PERMITS: PermitTables = { menuTable: 'base_resp_menu', resourceTable: 'base_resp_resource', ownerColumn: 'resp_id' };
export const ROLE_PERMITS: PermitTables = { menuTable: 'base_role_menu', resourceTable: 'base_role_resource', ownerColumn: 'role_id' };

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

interface MenuRow {
  id: number;
  parent: number | null;
  code: string;
  title: string;
  menu_type: string;
}
interface ResourceRow {
  id: number;
  menu_id: number;
  code: string;
  title: string;
}

async function allMenus(db: Db, lang: Language): Promise<MenuRow[]> {
  const name = sql.ref(`m.${localizedColumn('menu_name', lang)}`);
  return (await sql<MenuRow>`select m.menu_id as id, m.menu_parent_id as parent, m.menu_code as code,
      coalesce(${name}, m.menu_name) as title, m.menu_type
    from base_menu m where m.enabled = 'Y' order by m.seq_num nulls last, m.menu_id`.execute(db)).rows;
}

async function allResources(db: Db, lang: Language): Promise<ResourceRow[]> {
  const name = sql.ref(`r.${localizedColumn('resource_name', lang)}`);
  return (await sql<ResourceRow>`select r.resource_id as id, r.menu_id, r.resource_code as code, coalesce(${name}, r.resource_name) as title
    from base_resource r where r.enabled = 'Y' order by r.resource_id`.execute(db)).rows;
}

async function heldIds(db: Db, t: PermitTables, ownerId: number): Promise<{ menus: Set<number>; resources: Set<number> }> {
  const [m, r] = await Promise.all([
    sql<{ id: number }>`select menu_id as id from ${sql.table(t.menuTable)} where ${sql.ref(t.ownerColumn)} = ${ownerId}`.execute(db),
    sql<{ id: number }>`select resource_id as id from ${sql.table(t.resourceTable)} where ${sql.ref(t.ownerColumn)} = ${ownerId}`.execute(db),
  ]);
  return { menus: new Set(m.rows.map((x) => Number(x.id))), resources: new Set(r.rows.map((x) => Number(x.id))) };
}

/** The whole enabled menu tree with resources as leaves, checked as the owner holds them. */
export async function permitTree(db: Db, t: PermitTables, ownerId: number, lang: Language): Promise<PermitNode[]> {
  const [menus, resources, held] = await Promise.all([allMenus(db, lang), allResources(db, lang), heldIds(db, t, ownerId)]);
  const node = (key: string, nodeType: PermitNode['nodeType'], id: number, code: string, title: string, menuType: string | null, checked: boolean): PermitNode => ({
    key, nodeType, id, code, menuType, title, expand: false, checked, checkFlag: checked ? 'Y' : 'N', treeFullPath: key, isEdit: false, children: [],
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
  const menus = (await sql<{ id: number; parent: number | null }>`select menu_id as id, menu_parent_id as parent from base_menu`.execute(db)).rows;
  const parentOf = new Map(menus.map((m) => [Number(m.id), m.parent === null ? null : Number(m.parent)]));
  const resources = resourceIds.size
    ? (await sql<{ id: number; menu_id: number }>`select resource_id as id, menu_id from base_resource where resource_id in (${sql.join([...resourceIds])})`.execute(db)).rows
    : [];
  if (resources.length !== resourceIds.size || [...menuIds].some((id) => !parentOf.has(id))) throw refuse('admin.badPermitKeys');
  const closed = new Set<number>();
  const up = (id: number | null) => {
    for (let cur = id; cur !== null && !closed.has(cur); cur = parentOf.get(cur) ?? null) closed.add(cur);
  };
  for (const id of menuIds) up(id);
  for (const r of resources) up(Number(r.menu_id));

  const owner = sql.ref(t.ownerColumn);
  await sql`delete from ${sql.table(t.menuTable)} where ${owner} = ${ownerId}`.execute(db);
  await sql`delete from ${sql.table(t.resourceTable)} where ${owner} = ${ownerId}`.execute(db);
  if (closed.size) {
    await sql`insert into ${sql.table(t.menuTable)} (${owner}, menu_id, created_by, last_updated_by)
      select ${ownerId}, x, ${userId}, ${userId} from unnest(${[...closed]}::bigint[]) as x`.execute(db);
  }
  if (resourceIds.size) {
    await sql`insert into ${sql.table(t.resourceTable)} (${owner}, resource_id, created_by, last_updated_by)
      select ${ownerId}, x, ${userId}, ${userId} from unnest(${[...resourceIds]}::bigint[]) as x`.execute(db);
  }
  return { menus: closed.size, resources: resourceIds.size };
}

// Hierarchy rules of an entity with `tree` (parent, level), kept by the server whatever the client
// sends: the level is the parent's + 1 (roots 1), a node never moves under itself or a descendant,
// descendants follow a move, and only a leaf may be deleted.
import { sql } from 'kysely';
import { columnName, type EntityDefinition } from '../../meta/definitions.js';
import type { Db } from '../db/connect.js';
import { refuse } from '../errors.js';

type Tree = NonNullable<EntityDefinition['tree']>;

const MAX_DEPTH = 64;

function cols(e: EntityDefinition, t: Tree) {
  return { key: sql.ref(columnName(e.key)), parent: sql.ref(columnName(t.parent)), level: sql.ref(columnName(t.level)), table: sql.table(e.table) };
}

/** One tree's writes at a time: two concurrent moves could otherwise build a cycle together. */
async function lockTree(db: Db, e: EntityDefinition): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`tree:${e.table}`}))`.execute(db);
}

/** Before insert/update: sets the level column in `values` and refuses a cycle. */
export async function treeBeforeSave(db: Db, e: EntityDefinition, values: Record<string, unknown>, id: number | null): Promise<void> {
  const t = e.tree;
  if (!t) return;
  const parentCol = columnName(t.parent);
  const moving = Object.prototype.hasOwnProperty.call(values, parentCol);
  if (id !== null && !moving) return;
  await lockTree(db, e);
  const c = cols(e, t);
  const parent = moving ? (values[parentCol] as number | null) : null;
  if (parent === null || parent === undefined) {
    values[columnName(t.level)] = 1;
    return;
  }
  if (id !== null) {
    if (parent === id) throw refuse('tree.selfParent');
    const inside = await sql`with recursive d(k) as (
        select ${c.key} from ${c.table} where ${c.parent} = ${id}
        union select x.${c.key} from ${c.table} x join d on x.${c.parent} = d.k)
      select 1 from d where k = ${parent} limit 1`.execute(db);
    if (inside.rows.length) throw refuse('tree.cycle');
  }
  const p = (await sql<{ level: number | null }>`select ${c.level} as level from ${c.table} where ${c.key} = ${parent}`.execute(db)).rows[0];
  // A missing parent is refused by the reference check; a parent with no level counts as a root.
  const level = Number(p?.level ?? 0) + 1;
  if (level > MAX_DEPTH) throw refuse('tree.tooDeep', { max: MAX_DEPTH });
  values[columnName(t.level)] = level;
}

/** After an update that moved a node: its descendants' levels follow. */
export async function treeAfterSave(db: Db, e: EntityDefinition, id: number): Promise<void> {
  const t = e.tree;
  if (!t) return;
  const c = cols(e, t);
  await sql`with recursive sub(k, lvl, depth) as (
      select ${c.key}, ${c.level}, 0 from ${c.table} where ${c.key} = ${id}
      union all select x.${c.key}, sub.lvl + 1, sub.depth + 1 from ${c.table} x join sub on x.${c.parent} = sub.k where sub.depth < ${MAX_DEPTH})
    update ${c.table} u set ${c.level} = sub.lvl from sub
    where u.${c.key} = sub.k and u.${c.level} is distinct from sub.lvl`.execute(db);
}

/** Before delete: only a leaf. */
export async function treeBeforeDelete(db: Db, e: EntityDefinition, id: number): Promise<void> {
  const t = e.tree;
  if (!t) return;
  const c = cols(e, t);
  const child = await sql`select 1 from ${c.table} where ${c.parent} = ${id} limit 1`.execute(db);
  if (child.rows.length) throw refuse('tree.hasChildren');
}

import { sql } from 'kysely';
import { columnName } from '../../meta/definitions.js';
import type { Db } from '../db/connect.js';
import type { ActionContext } from './actionContext.js';
import { findRow } from './read.js';
import { refuse } from '../errors.js';
import { assertEditable } from './write.js';
import { beforeDelete } from './entityRules.js';

/** A delete's `versionNum`: absent (the contract's `{id}`), or a whole number that must be the stored one. */
export function deleteVersion(raw: unknown): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'number' || !Number.isSafeInteger(raw)) throw refuse('rest.versionInvalid');
  return raw;
}

/**
 * Deletes one row with its lines, like an update: with `version` given, a row changed since it was read
 * (another version_num) is refused with rest.stale and nothing is deleted — checked first, and again by
 * the final DELETE's condition, which a concurrent update cannot slip past (the transaction rolls back).
 */
export async function deleteOne(ctx: ActionContext, db: Db, id: number, version?: number): Promise<void> {
  const e = ctx.entity;
  const row = await findRow(ctx, db, id);
  if (version !== undefined && Number(row.version_num) !== version) throw refuse('rest.stale');
  await assertEditable(ctx, db, row);
  for (const l of e.lines ?? []) {
    const le = ctx.app.defs.entities.get(l.entity)!;
    await sql`delete from ${sql.table(le.table)} where ${sql.ref(columnName(l.foreignKey))} = ${id}`.execute(db);
  }
  await beforeDelete(ctx, db, id);
  // After its own lines are gone, anything still pointing at the row is another document.
  await assertNotReferenced(ctx, db, id);
  const deleted = await sql`delete from ${sql.table(e.table)} where ${sql.ref(columnName(e.key))} = ${id}
    ${version !== undefined ? sql`and version_num = ${version}` : sql``} returning 1`.execute(db);
  if (deleted.rows.length === 0) throw refuse('rest.stale');
}

/** References are not database foreign keys (tables come and go with definitions), so deleting a row still in use is refused here. */
async function assertNotReferenced(ctx: ActionContext, db: Db, id: number): Promise<void> {
  for (const other of ctx.app.defs.entities.values()) {
    for (const [name, f] of Object.entries(other.fields)) {
      if (f?.references !== ctx.entity.name) continue;
      const used = await sql`select 1 from ${sql.table(other.table)} where ${sql.ref(columnName(name))} = ${id} limit 1`.execute(db);
      if (used.rows.length) throw refuse('rest.inUse');
    }
  }
}

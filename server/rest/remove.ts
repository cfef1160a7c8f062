import { sql } from 'kysely';
import { columnName } from '../../meta/definitions.js';
import type { Db } from '../db/connect.js';
import type { ActionContext } from './actionContext.js';
import { findRow } from './read.js';
import { assertEditable } from './write.js';

export async function deleteOne(ctx: ActionContext, db: Db, id: number): Promise<void> {
  const e = ctx.entity;
  const row = await findRow(ctx, db, id);
  await assertEditable(ctx, db, row);
  for (const l of e.lines ?? []) {
    const le = ctx.app.defs.entities.get(l.entity)!;
    await sql`delete from ${sql.table(le.table)} where ${sql.ref(columnName(l.foreignKey))} = ${id}`.execute(db);
  }
  await sql`delete from ${sql.table(e.table)} where ${sql.ref(columnName(e.key))} = ${id}`.execute(db);
}

// Many new rows of one entity in a few multi-row INSERTs (Excel import): the same columns saveOne would
// write for an insert — checked values, initial status, forced owner, audit columns — for entities whose
// insert needs nothing row by row (no document number, lines, attachments or entity rule).
import { sql } from 'kysely';
import { columnName, type EntityDefinition } from '../../meta/definitions.js';
import type { Db } from '../db/connect.js';
import type { ActionContext } from './actionContext.js';
import { hasSaveRules } from './entityRules.js';
import { ownershipValue } from './records.js';

/** PostgreSQL allows 65,535 parameters per statement; stay well below with wide rows. */
const MAX_PARAMS = 30_000;

export function canInsertMany(e: EntityDefinition, userType: string): boolean {
  if (e.numbering || (e.lines?.length ?? 0) > 0 || hasSaveRules(e)) return false;
  if (Object.values(e.fields).some((f) => f?.type === 'attachments')) return false;
  // A supplier never creates its own company row: saveOne refuses that, row by row.
  return !(e.ownership?.field === e.key && userType === 'EXTERNAL');
}

/** Columns the server sets on every new row, whatever the client sent: initial status, owner, audit. */
export function insertedByServer(ctx: ActionContext): Record<string, unknown> {
  const e = ctx.entity;
  const forced: Record<string, unknown> = { created_by: ctx.session.userId, last_updated_by: ctx.session.userId };
  if (e.status) forced[columnName(e.status.field)] = e.status.initial;
  const owner = ownershipValue(ctx);
  if (owner !== null) forced[columnName(e.ownership!.field)] = owner;
  return forced;
}

/** `rows` are column-keyed values from writableValues(…, 'insert') without errors. */
export async function insertMany(ctx: ActionContext, db: Db, rows: Record<string, unknown>[]): Promise<number> {
  const e = ctx.entity;
  if (rows.length === 0) return 0;
  const forced = insertedByServer(ctx);
  const cols = [...new Set([...rows.flatMap((r) => Object.keys(r)), ...Object.keys(forced)])];
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / cols.length));
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement).map((r) => {
      const full = { ...r, ...forced };
      return sql`(${sql.join(cols.map((c) => (c in full ? full[c] : sql`default`)))})`;
    });
    await sql`insert into ${sql.table(e.table)} (${sql.join(cols.map((c) => sql.ref(c)))}) values ${sql.join(chunk)}`.execute(db);
  }
  return rows.length;
}

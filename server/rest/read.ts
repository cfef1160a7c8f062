import { sql } from 'kysely';
import { columnName, type EntityDefinition } from '../../meta/definitions.js';
import type { Db } from '../db/connect.js';
import type { ActionContext, DbRecord } from './actionContext.js';
import { ownershipValue, rowToRecord, selectColumns } from './records.js';
import { addReferenceDisplays } from './references.js';
import { refuse } from '../errors.js';
import { entityLabel } from './labels.js';

/** The row rule as a condition: external users only reach their own supplier's rows. */
export function ownershipCondition(ctx: ActionContext, alias = 't') {
  const owner = ownershipValue(ctx);
  return owner === null ? sql`true` : sql`${sql.ref(`${alias}.${columnName(ctx.entity.ownership!.field)}`)} = ${owner}`;
}

/** Row rules the entity's module adds (EntityRules.readFilter), on the row aliased `t`. */
function moduleRowRules(ctx: ActionContext) {
  return ctx.app.modules
    .rulesOf(ctx.entity.name)
    .map((r) => r.readFilter?.(ctx) ?? null)
    .filter((c) => c !== null);
}

/** The row rules every list read gets (listByPage and the Excel export share them). */
export function listRowRules(ctx: ActionContext) {
  return [...(ctx.entity.ownership && ctx.session.userType === 'EXTERNAL' ? [ownershipCondition(ctx)] : []), ...moduleRowRules(ctx)];
}

export function parseId(ctx: ActionContext, raw: unknown): number {
  const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) throw refuse('rest.idRequired');
  return id;
}

/** The header row as stored (snake_case), or a refusal that does not tell "not yours" from "gone". */
export async function findRow(ctx: ActionContext, db: Db, id: number): Promise<DbRecord> {
  const e = ctx.entity;
  const row = (
    await sql<DbRecord>`select * from ${sql.table(e.table)} t
    where t.${sql.ref(columnName(e.key))} = ${id} and ${ownershipCondition(ctx)}${sql.join(
      moduleRowRules(ctx).map((c) => sql` and ${c}`),
      sql``,
    )}`.execute(db)
  ).rows[0];
  if (!row) throw refuse('rest.notFound', { entity: entityLabel(e, ctx.lang) });
  return row;
}

async function linesOf(ctx: ActionContext, db: Db, headerIds: unknown[]): Promise<Map<string, Map<unknown, DbRecord[]>>> {
  const out = new Map<string, Map<unknown, DbRecord[]>>();
  for (const l of ctx.entity.lines ?? []) {
    const le = ctx.app.defs.entities.get(l.entity)!;
    const fk = columnName(l.foreignKey);
    const rows = (
      await sql<DbRecord>`select ${selectColumns(le)} from ${sql.table(le.table)} t
      where t.${sql.ref(fk)} in (${sql.join(headerIds)}) order by t.${sql.ref(columnName(le.key))}`.execute(db)
    ).rows;
    const records = rows.map((r) => rowToRecord(le, r));
    await addReferenceDisplays(db, ctx.app.defs, le, records);
    const byHeader = new Map<unknown, DbRecord[]>();
    for (const r of records) byHeader.set(r[l.foreignKey], [...(byHeader.get(r[l.foreignKey]) ?? []), r]);
    out.set(l.name, byHeader);
  }
  return out;
}

/** findById's answer: the record, its references shown, its lines. */
export async function loadRecord(ctx: ActionContext, db: Db, id: number): Promise<DbRecord> {
  const record = rowToRecord(ctx.entity, await findRow(ctx, db, id));
  await addReferenceDisplays(db, ctx.app.defs, ctx.entity, [record]);
  const lines = await linesOf(ctx, db, [id]);
  for (const [name, byHeader] of lines) record[name] = byHeader.get(id) ?? [];
  return record;
}

export function keyOf(entity: EntityDefinition, record: DbRecord): unknown {
  return record[entity.key];
}

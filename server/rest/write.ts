// Insert or update one record with its lines inside the caller's transaction.
import { sql } from 'kysely';
import { columnName, type EntityDefinition } from '../../meta/definitions.js';
import type { Db } from '../db/connect.js';
import { message } from '../i18n/messages.js';
import { forbidden, refuse } from '../errors.js';
import type { ActionContext, DbRecord } from './actionContext.js';
import { textIn } from './labels.js';
import { nextDocumentNumber } from './numbering.js';
import { ownershipCondition, findRow, parseId } from './read.js';
import { refuseFieldErrors, writableValues, type FieldError } from './records.js';
import { statusLabel } from './statusLabel.js';
import { insertedByServer } from './insertMany.js';
import { afterLines, afterSave, beforeSave } from './entityRules.js';
import { limitToScope } from '../acl/writeScope.js';

function assignments(values: Record<string, unknown>) {
  return sql.join(Object.entries(values).map(([c, v]) => sql`${sql.ref(c)} = ${v}`));
}

async function insertRow(db: Db, e: EntityDefinition, values: Record<string, unknown>): Promise<number> {
  const cols = Object.keys(values);
  const row = (
    await sql<{ id: number }>`insert into ${sql.table(e.table)} (${sql.join(cols.map((c) => sql.ref(c)))})
    values (${sql.join(cols.map((c) => values[c]))}) returning ${sql.ref(columnName(e.key))} as id`.execute(db)
  ).rows[0];
  return row.id;
}

interface PreparedLines {
  name: string;
  entity: EntityDefinition;
  foreignKey: string;
  numberField?: string;
  /** Line field → header field the server copies into the lines (entity lines[].fromHeader). */
  fromHeader?: Readonly<Record<string, string | undefined>>;
  /** Keys of the document's stored lines, read once while preparing. */
  existing: Set<number>;
  /** `key` is set only for one of `existing`: such lines are updated, all others inserted. */
  lines: { key: number | null; values: Record<string, unknown> }[];
}

async function existingLineKeys(db: Db, le: EntityDefinition, foreignKey: string, headerId: number | null): Promise<Set<number>> {
  if (headerId === null) return new Set();
  const rows = await sql<{
    k: number;
  }>`select ${sql.ref(columnName(le.key))} as k from ${sql.table(le.table)} where ${sql.ref(columnName(foreignKey))} = ${headerId}`.execute(db);
  return new Set(rows.rows.map((r) => r.k));
}

async function prepareLines(ctx: ActionContext, db: Db, record: DbRecord, headerId: number | null, errors: FieldError[]): Promise<PreparedLines[]> {
  const mode = headerId === null ? 'insert' : 'update';
  const out: PreparedLines[] = [];
  for (const decl of ctx.entity.lines ?? []) {
    const le = ctx.app.defs.entities.get(decl.entity)!;
    const raw = record[decl.name];
    if (raw === undefined && mode === 'update') continue;
    if (raw !== undefined && !Array.isArray(raw)) {
      errors.push({ field: decl.name, msg: message(ctx.lang, 'error.malformed', { detail: decl.name }) });
      continue;
    }
    const list = (raw ?? []) as unknown[];
    const bad = list.findIndex((line) => !line || typeof line !== 'object' || Array.isArray(line));
    if (bad >= 0) {
      errors.push({
        field: decl.name,
        msg: message(ctx.lang, 'rest.lineError', { line: bad + 1, message: message(ctx.lang, 'error.malformed', { detail: decl.name }) }),
      });
      continue;
    }
    if (list.length < (decl.minLines ?? 0)) {
      errors.push({ field: decl.name, msg: message(ctx.lang, 'rest.minLines', { lines: textIn(decl.label, ctx.lang, decl.name), min: decl.minLines ?? 0 }) });
    }
    const existing = await existingLineKeys(db, le, decl.foreignKey, headerId);
    // The foreign key is the header's, set when the lines are written; a line never supplies it, nor
    // the fields copied from the header.
    const serverSet = [decl.foreignKey, ...Object.keys(decl.fromHeader ?? {})];
    const lineEntity = { ...le, fields: { ...le.fields, ...Object.fromEntries(serverSet.map((f) => [f, undefined])) } };
    const prepared: PreparedLines = {
      name: decl.name,
      entity: le,
      foreignKey: decl.foreignKey,
      numberField: decl.numberField,
      fromHeader: decl.fromHeader,
      existing,
      lines: [],
    };
    for (const [i, line] of (list as DbRecord[]).entries()) {
      const keyRaw = line[le.key];
      // Only this document's own lines are updated; any other key is a new line, checked as one.
      const key = typeof keyRaw === 'number' && existing.has(keyRaw) ? keyRaw : null;
      const r = await writableValues({ ...ctx, entity: lineEntity }, db, lineEntity, line, key ? 'update' : 'insert');
      for (const err of r.errors)
        errors.push({ field: `${decl.name}[${i}].${err.field}`, msg: message(ctx.lang, 'rest.lineError', { line: i + 1, message: err.msg }) });
      prepared.lines.push({ key, values: r.values });
    }
    out.push(prepared);
  }
  return out;
}

async function saveLines(ctx: ActionContext, db: Db, headerId: number, all: PreparedLines[]): Promise<void> {
  const userId = ctx.session.userId;
  for (const p of all) {
    const fk = columnName(p.foreignKey);
    const keyCol = columnName(p.entity.key);
    const kept = new Set<number>();
    const copied = await headerValues(ctx, db, headerId, p.fromHeader);
    if (p.numberField) await numberLines(db, p, headerId);
    for (const line of p.lines) {
      if (line.key !== null) {
        kept.add(line.key);
        await sql`update ${sql.table(p.entity.table)} set ${assignments({ ...line.values, last_updated_by: userId })},
          last_update_date = localtimestamp(0), version_num = version_num + 1
          where ${sql.ref(keyCol)} = ${line.key} and ${sql.ref(fk)} = ${headerId}`.execute(db);
      } else {
        // A key from elsewhere (another document's line) is never adopted: the line is inserted anew.
        await insertRow(db, p.entity, { ...line.values, ...copied, [fk]: headerId, created_by: userId, last_updated_by: userId });
      }
    }

    const gone = [...p.existing].filter((k) => !kept.has(k));
    if (gone.length)
      await sql`delete from ${sql.table(p.entity.table)} where ${sql.ref(fk)} = ${headerId} and ${sql.ref(keyCol)} in (${sql.join(gone)})`.execute(db);
  }
}

/** Every line of the document follows the header's copied fields, also when its lines were not sent. */
async function followHeader(ctx: ActionContext, db: Db, headerId: number): Promise<void> {
  for (const decl of ctx.entity.lines ?? []) {
    const copied = await headerValues(ctx, db, headerId, decl.fromHeader);
    const le = ctx.app.defs.entities.get(decl.entity)!;
    for (const [col, value] of Object.entries(copied)) {
      await sql`update ${sql.table(le.table)} set ${sql.ref(col)} = ${value}, last_updated_by = ${ctx.session.userId},
          last_update_date = localtimestamp(0), version_num = version_num + 1
        where ${sql.ref(columnName(decl.foreignKey))} = ${headerId} and ${sql.ref(col)} is distinct from ${value}`.execute(db);
    }
  }
}

/** The header's values of `fromHeader`, column-keyed for the line table (the header is already written). */
async function headerValues(ctx: ActionContext, db: Db, headerId: number, fromHeader: PreparedLines['fromHeader']): Promise<Record<string, unknown>> {
  const pairs = Object.entries(fromHeader ?? {}).filter((p): p is [string, string] => p[1] !== undefined);
  if (pairs.length === 0) return {};
  const e = ctx.entity;
  const row = (
    await sql<Record<string, unknown>>`select ${sql.join(pairs.map(([line, header]) => sql`${sql.ref(columnName(header))} as ${sql.ref(columnName(line))}`))}
    from ${sql.table(e.table)} where ${sql.ref(columnName(e.key))} = ${headerId}`.execute(db)
  ).rows[0];
  return row ?? {};
}

/** Lines without a number get the next multiple of ten after the highest one on the document. */
async function numberLines(db: Db, p: PreparedLines, headerId: number): Promise<void> {
  const col = columnName(p.numberField!);
  const stored =
    (
      await sql<{
        n: number | null;
      }>`select max(${sql.ref(col)}) as n from ${sql.table(p.entity.table)} where ${sql.ref(columnName(p.foreignKey))} = ${headerId}`.execute(db)
    ).rows[0]?.n ?? 0;
  let next = Math.max(stored ?? 0, ...p.lines.map((l) => Number(l.values[col] ?? 0)));
  for (const line of p.lines) {
    if (line.key === null && (line.values[col] === null || line.values[col] === undefined)) {
      next = Math.floor(next / 10) * 10 + 10;
      line.values[col] = next;
    }
  }
}

export async function saveOne(ctx: ActionContext, db: Db, sent: DbRecord): Promise<number> {
  if (!sent || typeof sent !== 'object' || Array.isArray(sent)) throw refuse('error.malformed', { detail: 'record' });
  const e = ctx.entity;
  // Only what the caller's screen edits goes on (no mass assignment across screens).
  const record = ctx.writeScope ? limitToScope(ctx.app.defs, e, sent, ctx.writeScope) : sent;
  const userId = ctx.session.userId;
  const hasKey = record[e.key] !== undefined && record[e.key] !== null && record[e.key] !== '';
  const mode = hasKey ? 'update' : 'insert';
  const { values, errors } = await writableValues(ctx, db, e, record, mode);

  if (mode === 'insert') {
    // A row whose owner is its own key (a supplier's company) is never created by that owner.
    if (e.ownership?.field === e.key && ctx.session.userType === 'EXTERNAL') throw forbidden('auth.forbidden');
    const lines = await prepareLines(ctx, db, record, null, errors);
    if (errors.length) refuseFieldErrors(errors);
    Object.assign(values, insertedByServer(ctx));
    if (e.numbering) values[columnName(e.numbering.field)] = await nextDocumentNumber(db, e.numbering.prefix);
    await beforeSave(ctx, db, values, null);
    const id = await insertRow(db, e, values);
    await saveLines(ctx, db, id, lines);
    await afterLines(ctx, db, id);
    await ctx.app.modules.optionalService('fileRecords')?.claim(ctx, db, id, record);
    return id;
  }

  const id = parseId(ctx, record[e.key]);
  const version = record.versionNum;
  if (typeof version !== 'number' || !Number.isSafeInteger(version)) throw refuse('rest.versionRequired');
  const row = await findRow(ctx, db, id);
  await assertEditable(ctx, db, row);
  const lines = await prepareLines(ctx, db, record, id, errors);
  if (errors.length) refuseFieldErrors(errors);
  await beforeSave(ctx, db, values, id);
  const editable = e.status?.editableIn;
  const statusCol = e.status ? sql.ref(columnName(e.status.field)) : undefined;
  const updated = await sql`update ${sql.table(e.table)} t set ${assignments({ ...values, last_updated_by: userId })},
      last_update_date = localtimestamp(0), version_num = version_num + 1
    where ${sql.ref(columnName(e.key))} = ${id} and version_num = ${version} and ${ownershipCondition(ctx)}
      ${editable && statusCol ? sql`and ${statusCol} in (${sql.join(editable)})` : sql``}
    returning 1`.execute(db);
  if (updated.rows.length === 0) throw refuse('rest.stale');
  await afterSave(ctx, db, id, 'update');
  await saveLines(ctx, db, id, lines);
  await followHeader(ctx, db, id);
  await afterLines(ctx, db, id);
  await ctx.app.modules.optionalService('fileRecords')?.claim(ctx, db, id, record);
  return id;
}

/** saveOrUpdate and delete only in the states the entity allows. */
export async function assertEditable(ctx: ActionContext, db: Db, row: DbRecord): Promise<void> {
  const s = ctx.entity.status;
  if (!s?.editableIn) return;
  const current = row[columnName(s.field)];
  if (!s.editableIn.includes(String(current))) throw refuse('rest.notEditable', { status: await statusLabel(ctx, current, db) });
}

// Turns sheet rows into records, validates every one with the entity's own rules (the checks of
// saveOrUpdate: required, types, lengths, lookups, references, ownership) plus what a batch adds
// (enabled lookups, unique values within the file and against stored rows), and saves them all
// through the write path in ONE transaction — or nothing when any row is wrong.
import { sql } from 'kysely';
import { columnName } from '../../meta/definitions.js';
import { AppError, refuse } from '../errors.js';
import { LANGUAGES, message } from '../i18n/messages.js';
import type { ActionContext, DbRecord } from '../rest/actionContext.js';
import { translateDbError } from '../rest/dbErrors.js';
import { fieldLabel } from '../rest/labels.js';
import { writableValues } from '../rest/records.js';
import { saveOne } from '../rest/write.js';
import { canInsertMany, insertMany } from '../rest/insertMany.js';
import type { ImportColumn } from './importTarget.js';
import type { ReadSheet } from './readSheet.js';

export interface RowResult {
  row: number;
  errors: string[];
}

const YES = new Set(['y', 'yes', 'true', '是', 'ใช่', 'có']);
const NO = new Set(['n', 'no', 'false', '否', 'ไม่ใช่', 'không']);

const pad = (n: number) => String(n).padStart(2, '0');

/** An Excel date serial (days since 1899-12-30, the 1900 system) as yyyy-MM-dd[ HH:mm:ss]. */
export function fromExcelSerial(serial: number, type: 'date' | 'datetime'): string {
  const d = new Date(Math.round((serial - 25569) * 86_400_000));
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return type === 'date' ? day : `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

interface LookupIndex {
  /** code → enabledFlag */
  codes: Map<string, string>;
  /** lower-case meaning in any language → code */
  meanings: Map<string, string>;
}

async function lookupIndexes(ctx: ActionContext, columns: ImportColumn[]): Promise<Map<string, LookupIndex>> {
  const out = new Map<string, LookupIndex>();
  for (const c of columns) {
    if (!c.lookupType || out.has(c.lookupType)) continue;
    const idx: LookupIndex = { codes: new Map(), meanings: new Map() };
    for (const lang of LANGUAGES) {
      for (const v of await ctx.app.lookups.findDic(c.lookupType, lang)) {
        idx.codes.set(v.lookupCode, v.enabledFlag);
        if (!idx.meanings.has(v.meaning.toLowerCase())) idx.meanings.set(v.meaning.toLowerCase(), v.lookupCode);
      }
    }
    out.set(c.lookupType, idx);
  }
  return out;
}

/** One sheet row as the record saveOrUpdate would receive. */
function toRecord(sheet: ReadSheet, cells: unknown[], byKey: Map<string, ImportColumn>, lookups: Map<string, LookupIndex>): DbRecord {
  const record: DbRecord = {};
  sheet.fields.forEach((key, i) => {
    if (!key) return;
    const col = byKey.get(key)!;
    let v = cells[i] ?? null;
    if (typeof v === 'string') v = v.trim();
    if (v === '' || v === null) return void (record[key] = null);
    if (col.type === 'yn') {
      const s = String(v).toLowerCase();
      v = YES.has(s) ? 'Y' : NO.has(s) ? 'N' : v;
    } else if (col.type === 'string' || col.type === 'text') {
      v = typeof v === 'number' ? String(v) : v;
    } else if ((col.type === 'date' || col.type === 'datetime') && typeof v === 'number') {
      v = fromExcelSerial(v, col.type);
    } else if (col.type === 'date' && typeof v === 'string') {
      v = v.slice(0, 10);
    }
    if (col.lookupType) {
      const idx = lookups.get(col.lookupType);
      const s = String(v);
      if (idx && !idx.codes.has(s)) v = idx.meanings.get(s.toLowerCase()) ?? s;
    }
    record[key] = v;
  });
  return record;
}

/** Which of `values` are stored in `table.column`, 1,000 per query. */
async function storedValues(ctx: ActionContext, table: string, column: string, values: unknown[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < values.length; i += 1000) {
    const part = values.slice(i, i + 1000);
    const rows = await sql<{ v: unknown }>`select ${sql.ref(column)} as v from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(part)})`.execute(
      ctx.app.db,
    );
    for (const r of rows.rows) found.add(String(r.v));
  }
  return found;
}

/** References of all rows checked with one query per referenced entity (saveOne checks them row by row). */
async function checkReferencesInBatch(ctx: ActionContext, values: Record<string, unknown>[], results: RowResult[]): Promise<void> {
  const e = ctx.entity;
  for (const [name, f] of Object.entries(e.fields)) {
    if (!f?.references) continue;
    const col = columnName(name);
    const wanted = [...new Set(values.map((v) => v[col]).filter((v) => v !== null && v !== undefined && v !== ''))];
    if (wanted.length === 0) continue;
    const target = ctx.app.defs.entities.get(f.references);
    if (!target) continue;
    const found = await storedValues(ctx, target.table, columnName(target.key), wanted);
    values.forEach((v, i) => {
      const x = v[col];
      if (x !== null && x !== undefined && x !== '' && !found.has(String(x)))
        results[i].errors.push(message(ctx.lang, 'rest.badReference', { field: fieldLabel(e, name, ctx.lang) }));
    });
  }
}

export interface ValidatedRows {
  records: DbRecord[];
  /** Column-keyed values as writableValues checked them, one per record. */
  values: Record<string, unknown>[];
  results: RowResult[];
}

export async function validateRows(ctx: ActionContext, columns: ImportColumn[], sheet: ReadSheet): Promise<ValidatedRows> {
  const e = ctx.entity;
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const lookups = await lookupIndexes(ctx, columns);
  const records: DbRecord[] = [];
  const values: Record<string, unknown>[] = [];
  const results: RowResult[] = [];
  for (const row of sheet.rows) {
    const record = toRecord(sheet, row.cells, byKey, lookups);
    const checked = await writableValues(ctx, ctx.app.db, e, record, 'insert', { checkReferences: false });
    values.push(checked.values);
    const msgs = checked.errors.map((x) => x.msg);
    for (const c of columns) {
      const v = record[c.key];
      const idx = c.lookupType ? lookups.get(c.lookupType) : undefined;
      if (idx && v !== null && v !== undefined && idx.codes.get(String(v)) === 'N') {
        msgs.push(message(ctx.lang, 'excel.lookupDisabled', { field: fieldLabel(e, c.key, ctx.lang), value: String(v) }));
      }
    }
    records.push(record);
    results.push({ row: row.rowNumber, errors: msgs });
  }
  await checkReferencesInBatch(ctx, values, results);
  // Unique fields: repeated within the file, or already stored.
  for (const [name, f] of Object.entries(e.fields)) {
    if (!f?.unique || !byKey.has(name)) continue;
    const first = new Map<string, number>();
    const values: unknown[] = [];
    records.forEach((r, i) => {
      const v = r[name];
      if (v === null || v === undefined || v === '') return;
      const k = String(v);
      const seen = first.get(k);
      if (seen !== undefined)
        results[i].errors.push(message(ctx.lang, 'excel.duplicateInFile', { field: fieldLabel(e, name, ctx.lang), row: results[seen].row }));
      else {
        first.set(k, i);
        values.push(v);
      }
    });
    const stored = await storedValues(ctx, e.table, columnName(name), values);
    records.forEach((r, i) => {
      if (r[name] !== null && r[name] !== undefined && stored.has(String(r[name]))) {
        results[i].errors.push(message(ctx.lang, 'excel.duplicateStored', { field: fieldLabel(e, name, ctx.lang) }));
      }
    });
  }
  return { records, values, results };
}

/** All rows in one transaction; the first failure (a race with another writer) rolls back all. */
export async function saveRows(ctx: ActionContext, rows: ValidatedRows): Promise<number> {
  const { records, values } = rows;
  const rowNumbers = rows.results.map((r) => r.row);
  return ctx.app.db.transaction().execute(async (trx) => {
    // Already checked row by row above: insert in bulk unless the entity needs per-row work.
    if (canInsertMany(ctx)) {
      try {
        return await insertMany(ctx, trx, values);
      } catch (caught) {
        throw translateDbError(caught, ctx.entity, ctx.lang) ?? caught;
      }
    }
    for (const [i, record] of records.entries()) {
      try {
        await saveOne(ctx, trx, record);
      } catch (caught) {
        const err = translateDbError(caught, ctx.entity, ctx.lang) ?? caught;
        if (err instanceof AppError && err.httpStatus === 200)
          throw refuse('rest.rowError', { row: rowNumbers[i], message: message(ctx.lang, err.key, err.params) });
        throw err;
      }
    }
    return records.length;
  });
}

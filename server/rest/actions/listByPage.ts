import { sql } from 'kysely';
import { columnName, field } from '../../../meta/definitions.js';
import { ok } from '../../http/envelope.js';
import { refuse } from '../../errors.js';
import type { FamilyAction } from '../actionContext.js';
import { filterConditions, whereClause } from '../filters.js';
import { ownershipCondition } from '../read.js';
import { rowToRecord, selectColumns } from '../records.js';
import { addReferenceDisplays } from '../references.js';
import { countRows } from '../count.js';

interface SortItem {
  field: string;
  order?: 'asc' | 'desc';
}

export const listByPage: FamilyAction = async (ctx) => {
  const e = ctx.entity;
  const { params = {}, pageIndex = 1, pageRows = 20, sort } = ctx.body as {
    params?: Record<string, unknown>;
    pageIndex?: unknown;
    pageRows?: unknown;
    sort?: unknown;
  };
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw refuse('rest.unknownFilter', { field: 'params' });
  if (!Number.isSafeInteger(pageIndex) || !Number.isSafeInteger(pageRows) || (pageIndex as number) < 1 || (pageRows as number) < 1 || (pageRows as number) > 1000) {
    throw refuse('rest.badPaging');
  }
  const conditions = filterConditions(e, params);
  const filtered = conditions.length > 0;
  if (e.ownership && ctx.session.userType === 'EXTERNAL') conditions.push(ownershipCondition(ctx));
  const where = whereClause(conditions);

  const requested = sort === undefined ? (e.defaultSort ?? []) : (sort as SortItem[]);
  if (!Array.isArray(requested) || requested.length > 5) throw refuse('rest.unknownSort', { field: 'sort' });
  const order = requested.map((s) => {
    const f = s && typeof s.field === 'string' ? field(e, s.field) : undefined;
    if (!f || f.serverOnly || (s.order !== undefined && s.order !== 'asc' && s.order !== 'desc')) throw refuse('rest.unknownSort', { field: typeof s?.field === 'string' ? s.field : JSON.stringify(s ?? null) });
    return sql`${sql.ref(`t.${columnName(s.field)}`)} ${sql.raw(s.order === 'desc' ? 'desc' : 'asc')} nulls last`;
  });
  // The key last, so that equal sort values page in a stable order — unless the last sort field is
  // already unique and required (then the tie-break only makes deep pages sort twice).
  const last = requested.length ? field(e, requested[requested.length - 1].field) : undefined;
  if (!(last?.unique && last.required)) order.push(sql`${sql.ref(`t.${columnName(e.key)}`)} ${sql.raw(requested.length ? 'asc' : 'desc')}`);

  const rows = pageRows as number;
  const offset = ((pageIndex as number) - 1) * rows;
  const [page, count] = await Promise.all([
    sql<Record<string, unknown>>`select ${selectColumns(e)} from ${sql.table(e.table)} t ${where}
      order by ${sql.join(order)} limit ${rows} offset ${offset}`.execute(ctx.app.db),
    countRows(ctx.app.database, e.table, where, !filtered && !(e.ownership && ctx.session.userType === 'EXTERNAL')),
  ]);
  const records = page.rows.map((r) => rowToRecord(e, r));
  await addReferenceDisplays(ctx.app.db, ctx.app.defs, e, records);
  return ok(records, '', { count: count.count, curIndex: pageIndex as number, pageRows: rows, ...(count.estimated ? { estimated: true } : {}) });
};

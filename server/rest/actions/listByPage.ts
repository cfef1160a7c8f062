import { ok } from '../../http/envelope.js';
import type { FamilyAction } from '../actionContext.js';
import { countRows } from '../count.js';
import { listQuery } from '../listQuery.js';
import type { Condition } from '../filters.js';
import { listRowRules } from '../read.js';
import { rowToRecord } from '../records.js';
import { addReferenceDisplays } from '../references.js';

export const listByPage: FamilyAction = async (ctx) => listWith(ctx, []);

/** listByPage with extra row conditions (the ByPermission list variants). */
export async function listWith(ctx: Parameters<FamilyAction>[0], extra: Condition[]): ReturnType<FamilyAction> {
  const e = ctx.entity;
  const q = listQuery(e, ctx.body, [...listRowRules(ctx), ...extra]);
  const [page, count] = await Promise.all([q.page.execute(ctx.app.db), countRows(ctx.app.database, e.table, q.where, q.unfiltered)]);
  const records = page.rows.map((r) => rowToRecord(e, r));
  await addReferenceDisplays(ctx.app.db, ctx.app.defs, e, records);
  return ok(records, '', { count: count.count, curIndex: q.pageIndex, pageRows: q.pageRows, ...(count.estimated ? { estimated: true } : {}) });
}

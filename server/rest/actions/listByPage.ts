import { ok } from '../../http/envelope.js';
import type { FamilyAction } from '../actionContext.js';
import { countRows } from '../count.js';
import { listQuery, MAX_PAGE_ROWS } from '../listQuery.js';
import type { Condition } from '../filters.js';
import { listRowRules } from '../read.js';
import { rowToRecord } from '../records.js';
import { addReferenceDisplays } from '../references.js';
import { orderKeys } from '../orderKeys.js';
import { decodeCursor, encodeCursor, listFingerprint } from '../listCursor.js';
import { positionOf } from '../keysetSql.js';

export const listByPage: FamilyAction = async (ctx) => listWith(ctx, []);

/** listByPage with extra row conditions (the ByPermission list variants, named by `action`). */
export async function listWith(ctx: Parameters<FamilyAction>[0], extra: Condition[], action = 'listByPage'): ReturnType<FamilyAction> {
  const e = ctx.entity;
  const { body } = ctx;
  const secret = ctx.session.signKey;
  // The cursor is checked against the order this very request asks for (same params, same sort).
  const keys = orderKeys(e, body.sort);
  const fingerprint = listFingerprint(e, action, body.params, keys);
  const hasCursor = body.after !== undefined && body.after !== null && body.after !== '';
  const after = hasCursor ? decodeCursor(secret, fingerprint, body.after, keys) : undefined;
  const q = listQuery(e, body, [...listRowRules(ctx), ...extra], MAX_PAGE_ROWS, undefined, after);
  const [page, count] = await Promise.all([q.page.execute(ctx.app.db), countRows(ctx.app.database, e.table, q.where, q.unfiltered)]);
  const records = page.rows.map((r) => rowToRecord(e, r));
  await addReferenceDisplays(ctx.app.db, ctx.app.defs, e, records);
  // A full page may have a next one: its cursor. A short page is the end of the list.
  const last = page.rows.length === q.pageRows ? page.rows[page.rows.length - 1] : undefined;
  return ok(records, '', {
    count: count.count,
    curIndex: q.pageIndex,
    pageRows: q.pageRows,
    ...(count.estimated ? { estimated: true } : {}),
    ...(last ? { after: encodeCursor(secret, fingerprint, positionOf(q.keys, last)) } : {}),
  });
}

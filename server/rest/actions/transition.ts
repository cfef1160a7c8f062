// do{Action}: one atomic UPDATE guarded by the from-states (and the version when given), so of two
// concurrent clicks exactly one changes the row and the other is told the state moved on.
import { sql } from 'kysely';
import { columnName } from '../../../meta/definitions.js';
import { ok } from '../../http/envelope.js';
import { refuse } from '../../errors.js';
import type { EntityDefinition } from '../../../meta/definitions.js';
import type { ActionContext, FamilyAction } from '../actionContext.js';
import type { Db } from '../../db/connect.js';
import { findRow, loadRecord, ownershipCondition, parseId } from '../read.js';
import { statusLabel } from '../statusLabel.js';
import { afterTransition, beforeTransition } from '../entityRules.js';

export type Transition = NonNullable<EntityDefinition['status']>['transitions'][number];

export function transitionAction(t: Transition): FamilyAction {
  return async (ctx) => {
    const id = parseId(ctx, ctx.body.id);
    const version = ctx.body.versionNum;
    if (version !== undefined && (typeof version !== 'number' || !Number.isSafeInteger(version))) throw refuse('rest.versionRequired');
    return ctx.app.db.transaction().execute(async (trx) => {
      await applyTransition(ctx, trx, t, id, version);
      return ok(await loadRecord(ctx, trx, id));
    });
  };
}

/** The transition inside the caller's transaction: rules and hooks, the guarded UPDATE, the event. */
export async function applyTransition(ctx: ActionContext, trx: Db, t: Transition, id: number, version: number | undefined): Promise<void> {
  const e = ctx.entity;
  const s = e.status!;
  const step = { id, action: t.action, from: t.from, to: t.to };
  await beforeTransition(ctx, trx, step);
  // The state it leaves: the guarded UPDATE below succeeds only from t.from, so with one from-state that is
  // it; with several, read it under the row lock the UPDATE takes too.
  const before =
    t.from.length === 1
      ? t.from[0]
      : (
          await sql<{ status: unknown }>`select ${sql.ref(columnName(s.field))} as status from ${sql.table(e.table)}
                where ${sql.ref(columnName(e.key))} = ${id} for update`.execute(trx)
        ).rows[0]?.status;
  const stamps = Object.entries(t.stamp ?? {}).map(
    ([f, what]) => sql`${sql.ref(columnName(f))} = ${what === 'now' ? sql`localtimestamp(0)` : ctx.session.userId}`,
  );
  const updated = await sql`update ${sql.table(e.table)} t set ${sql.ref(columnName(s.field))} = ${t.to},
          ${stamps.length ? sql`${sql.join(stamps)},` : sql``}
          last_updated_by = ${ctx.session.userId}, last_update_date = localtimestamp(0), version_num = version_num + 1
        where ${sql.ref(columnName(e.key))} = ${id} and ${sql.ref(columnName(s.field))} in (${sql.join(t.from)})
          ${version !== undefined ? sql`and version_num = ${version}` : sql``} and ${ownershipCondition(ctx)}
        returning 1`.execute(trx);
  if (updated.rows.length === 0) {
    const row = await findRow(ctx, trx, id);
    const current = row[columnName(s.field)];
    if (!t.from.includes(String(current))) throw refuse('rest.badTransition', { status: await statusLabel(ctx, current, trx) });
    throw refuse('rest.stale');
  }
  const previous = String(before ?? '');
  await afterTransition(ctx, trx, { ...step, previous });
  ctx.events.add('entity.transitioned', { entity: e.name, id, action: t.action, from: previous, to: t.to, userId: ctx.session.userId });
}

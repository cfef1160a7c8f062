// bpmCompensationRestful/doRetry {id} and doSkip {id, reason} (transactionCompen screen): an administrator
// resolves a service task that failed. Both lock the instance and the row, so a row is resolved once.
// Retry runs the operation again behind a savepoint: success goes on along the flow (RETRIED); a new
// failure keeps the row FAILED with the new error and one more attempt (committed), and is refused with
// that error. Skip needs a reason and goes on without the operation (SKIPPED). The history records each.
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import { auditUpdate, dbNow } from '../../../server/db/typed.js';
import { parseId } from '../../../server/rest/read.js';
import { afterWrite } from '../../../server/rest/afterWrite.js';
import type { FamilyAction, ActionContext } from '../../../server/rest/actionContext.js';
import type { Db } from '../../../server/db/connect.js';
import { userNames } from './assignees.js';
import { leave, openRun, settle, type Run } from './engine.js';
import { attemptService } from './serviceTask.js';
import { history, lockInstance, wf } from './store.js';
import { MAX_COMMENT } from './tasks.js';

interface Resolved {
  entity: string;
  error: string | null;
  state: string;
}

/** The FAILED row and its running instance, both locked; then `act` in the same transaction. */
async function resolve(
  ctx: ActionContext,
  id: number,
  act: (run: Run, row: { node_id: string; attempts: number }, db: Db) => Promise<Resolved>,
): Promise<Resolved> {
  const actor = { session: ctx.session, lang: ctx.lang, events: ctx.events };
  return ctx.app.db.transaction().execute(async (db) => {
    const t = wf(db);
    const ref = await t.selectFrom('bpm_compensation').select('instance_id').where('compensation_id', '=', id).executeTakeFirst();
    if (!ref) throw refuse('bpm.compen.notFound');
    const instance = await lockInstance(t, ref.instance_id);
    const row = await t.selectFrom('bpm_compensation').selectAll().where('compensation_id', '=', id).forUpdate().executeTakeFirstOrThrow();
    if (row.state !== 'FAILED' || instance?.state !== 'RUNNING') throw refuse('bpm.compen.resolved');
    return act(await openRun(ctx.app, db, actor, instance), row, db);
  });
}

async function actorName(ctx: ActionContext, db: Db): Promise<string> {
  return (await userNames(ctx.app, db, [ctx.session.userId])).get(ctx.session.userId) ?? ctx.session.userName;
}

async function done(ctx: ActionContext, answer: Resolved, id: number) {
  const entity = ctx.app.defs.entities.get(answer.entity);
  if (entity) await afterWrite(ctx.app, entity);
  if (answer.error !== null) throw refuse('bpm.compen.retryFailed', { error: answer.error });
  return ok({ compensationId: id, state: answer.state });
}

export const doRetry: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const answer = await resolve(ctx, id, async (run, row, db) => {
    const t = wf(db);
    const userId = ctx.session.userId;
    const node = run.graph.nodes.get(row.node_id);
    const error = node ? await attemptService(run, node) : { text: row.node_id, stored: row.node_id };
    const name = await actorName(ctx, db);
    const base = { instanceId: run.instance.instance_id, nodeId: row.node_id, nodeName: node?.name ?? row.node_id, userId, userName: name };
    if (error !== null) {
      await t
        .updateTable('bpm_compensation')
        .set({ error_message: error.stored, attempts: row.attempts + 1, failed_date: dbNow(), ...auditUpdate(userId) })
        .where('compensation_id', '=', id)
        .execute();
      await history(t, { ...base, action: 'SERVICE_FAILED', comment: error.text }, userId);
      return { entity: run.instance.entity_name, error: error.text, state: 'FAILED' };
    }
    await t
      .updateTable('bpm_compensation')
      .set({ state: 'RETRIED', attempts: row.attempts + 1, resolved_date: dbNow(), resolved_by: name, ...auditUpdate(userId) })
      .where('compensation_id', '=', id)
      .execute();
    await history(t, { ...base, action: 'SERVICE_RETRY', comment: node!.operation ?? null }, userId);
    await leave(run, row.node_id);
    await settle(run);
    return { entity: run.instance.entity_name, error: null, state: 'RETRIED' };
  });
  return done(ctx, answer, id);
};

export const doSkip: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const reason = typeof ctx.body.reason === 'string' ? ctx.body.reason.trim() : '';
  if (!reason) throw refuse('bpm.compen.reasonRequired');
  if (reason.length > MAX_COMMENT) throw refuse('bpm.badComment', { max: MAX_COMMENT });
  const answer = await resolve(ctx, id, async (run, row, db) => {
    const t = wf(db);
    const userId = ctx.session.userId;
    const name = await actorName(ctx, db);
    await t
      .updateTable('bpm_compensation')
      .set({ state: 'SKIPPED', skip_reason: reason, resolved_date: dbNow(), resolved_by: name, ...auditUpdate(userId) })
      .where('compensation_id', '=', id)
      .execute();
    const nodeName = run.graph.nodes.get(row.node_id)?.name ?? row.node_id;
    await history(
      t,
      { instanceId: run.instance.instance_id, nodeId: row.node_id, nodeName, userId, userName: name, action: 'SERVICE_SKIP', comment: reason },
      userId,
    );
    await leave(run, row.node_id);
    await settle(run);
    return { entity: run.instance.entity_name, error: null, state: 'SKIPPED' };
  });
  return done(ctx, answer, id);
};

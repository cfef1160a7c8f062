// bpmInstanceRestful/doStop {id, reason}: an administrator ends a running instance; its open tasks are
// cancelled and the document returns to its initiator through the binding's reject transition, all in one
// transaction.
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import { parseId } from '../../../server/rest/read.js';
import { runTransitionIn } from '../../../server/rest/runTransition.js';
import { afterWrite } from '../../../server/rest/afterWrite.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { userNames } from './assignees.js';
import { finish, openRun } from './engine.js';
import { cancelOpenTasks, history, lockInstance, wf } from './store.js';
import { MAX_COMMENT } from './tasks.js';

export const doStop: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const reason = ctx.body.reason;
  if (reason !== undefined && reason !== null && (typeof reason !== 'string' || reason.length > MAX_COMMENT))
    throw refuse('bpm.badComment', { max: MAX_COMMENT });
  const actor = { session: ctx.session, lang: ctx.lang, events: ctx.events };
  const answer = await ctx.app.db.transaction().execute(async (db) => {
    const t = wf(db);
    const userId = ctx.session.userId;
    const instance = await lockInstance(t, id);
    if (!instance) throw refuse('bpm.instance.notFound');
    if (instance.state !== 'RUNNING') throw refuse('bpm.instance.notRunning');
    await cancelOpenTasks(t, { instanceId: id }, userId, ctx.events);
    const run = await openRun(ctx.app, db, actor, instance);
    await finish(run, 'STOPPED', reason ?? null);
    const name = (await userNames(ctx.app, db, [userId])).get(userId) ?? ctx.session.userName;
    await history(t, { instanceId: id, action: 'STOP', userId, userName: name, comment: reason ?? null }, userId);
    await runTransitionIn(ctx.app, db, actor, instance.entity_name, instance.reject_action, instance.business_id, { comment: reason ?? null });
    return { instanceId: id, state: 'STOPPED', entity: instance.entity_name };
  });
  // Committed: what is derived from the document's rows (its entity's cache effects) is dropped too.
  const entity = ctx.app.defs.entities.get(answer.entity);
  if (entity) await afterWrite(ctx.app, entity);
  return ok({ instanceId: answer.instanceId, state: answer.state });
};

// A document taken back by its owner before review (a supplier registration withdrawn): the running
// instance of the document is stopped and its open tasks cancelled, in the caller's transaction, without
// running the binding's reject transition (the caller moves the document itself).
import type { AppContext } from '../../../server/context.js';
import type { Db } from '../../../server/db/connect.js';
import type { InternalActor } from '../../../server/rest/runTransition.js';
import { finish, openRun } from './engine.js';
import { cancelOpenTasks, history, lockInstance, wf } from './store.js';

export async function withdrawProcess(
  app: AppContext,
  db: Db,
  actor: InternalActor,
  entityName: string,
  businessId: number,
  comment: string,
): Promise<boolean> {
  const t = wf(db);
  const running = await t
    .selectFrom('bpm_instance')
    .select('instance_id')
    .where('entity_name', '=', entityName)
    .where('business_id', '=', businessId)
    .where('state', '=', 'RUNNING')
    .executeTakeFirst();
  if (!running) return false;
  const instance = await lockInstance(t, running.instance_id);
  if (!instance || instance.state !== 'RUNNING') return false;
  const userId = actor.session.userId;
  await cancelOpenTasks(t, { instanceId: instance.instance_id }, userId, actor.events);
  await finish(await openRun(app, db, actor, instance), 'STOPPED', comment);
  await history(t, { instanceId: instance.instance_id, action: 'STOP', userId, userName: actor.session.userName, comment }, userId);
  return true;
}

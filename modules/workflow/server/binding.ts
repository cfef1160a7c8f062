// Bindings as data (bpm_binding): an entity's submit transition starts the bound model's latest published
// version in the submit's transaction, when the binding's condition holds on the document; while the
// instance runs, the entity's approve and reject transitions are the process's alone (a direct call is
// refused). Plugged in as the platform's generic transition hooks (ServerModule.transitionHooks).
import type { ActionContext } from '../../../server/rest/actionContext.js';
import type { Db } from '../../../server/db/connect.js';
import type { TransitionHooks, TransitionStep } from '../../../server/modules/types.js';
import { auditInsert, dbNow } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { InternalActor } from '../../../server/rest/runTransition.js';
import { evaluateCondition, parseCondition } from './conditions.js';
import { documentValues, openRun, settle, walkFromStart } from './engine.js';
import { latestVersion } from './models.js';
import { history, lockInstance, wf } from './store.js';
import { userNames } from './assignees.js';

const actorOf = (ctx: ActionContext): InternalActor => ({ session: ctx.session, lang: ctx.lang, events: ctx.events });

export const bindingHooks: TransitionHooks = {
  async before(ctx, db, step) {
    if (ctx.internal) return;
    const running = await wf(db)
      .selectFrom('bpm_instance')
      .select('instance_id')
      .where('entity_name', '=', ctx.entity.name)
      .where('business_id', '=', step.id)
      .where('state', '=', 'RUNNING')
      .where((eb) => eb.or([eb('approve_action', '=', step.action), eb('reject_action', '=', step.action)]))
      .executeTakeFirst();
    if (running) throw refuse('bpm.runByProcess');
  },
  async after(ctx, db, step) {
    await startIfBound(ctx, db, step);
  },
};

async function startIfBound(ctx: ActionContext, db: Db, step: TransitionStep): Promise<void> {
  const t = wf(db);
  const bindings = await t
    .selectFrom('bpm_binding')
    .select(['model_key', 'condition_json', 'approve_action', 'reject_action'])
    .where('entity_name', '=', ctx.entity.name)
    .where('submit_action', '=', step.action)
    .where('enabled_flag', '=', 'Y')
    .orderBy('priority')
    .orderBy('binding_id')
    .execute();
  if (bindings.length === 0) return;
  const actor = actorOf(ctx);
  const values = await documentValues(ctx.app, db, actor, ctx.entity.name, step.id);
  for (const b of bindings) {
    const version = await latestVersion(t, b.model_key);
    if (!version) continue;
    if (b.condition_json) {
      const parsed = parseCondition(b.condition_json);
      if ('problem' in parsed || !evaluateCondition(parsed.condition, values)) continue;
    }
    const already = await t
      .selectFrom('bpm_instance')
      .select('instance_id')
      .where('entity_name', '=', ctx.entity.name)
      .where('business_id', '=', step.id)
      .where('state', '=', 'RUNNING')
      .executeTakeFirst();
    if (already) throw refuse('bpm.alreadyRunning');
    const userId = ctx.session.userId;
    const initiatorName = (await userNames(ctx.app, db, [userId])).get(userId) ?? ctx.session.userName;
    const numberField = ctx.entity.numbering?.field;
    const documentNumber = numberField ? String(values[numberField] ?? '') || null : null;
    const titleField = ['title', ...(ctx.entity.display ?? [])].find((f) => typeof values[f] === 'string' && values[f] !== '');
    const created = await t
      .insertInto('bpm_instance')
      .values({
        model_key: b.model_key,
        model_version_id: version.model_version_id,
        version: version.version,
        entity_name: ctx.entity.name,
        approve_action: b.approve_action,
        reject_action: b.reject_action,
        business_id: step.id,
        document_number: documentNumber,
        title: titleField ? String(values[titleField]).slice(0, 400) : documentNumber,
        initiator_id: userId,
        initiator_name: initiatorName,
        state: 'RUNNING',
        start_date: dbNow(),
        ...auditInsert(userId),
      })
      .returning('instance_id')
      .executeTakeFirstOrThrow();
    await history(t, { instanceId: created.instance_id, action: 'START', userId, userName: initiatorName }, userId);
    const run = await openRun(ctx.app, db, actor, (await lockInstance(t, created.instance_id))!);
    await walkFromStart(run);
    await settle(run);
    return;
  }
}

/** A binding's condition must be the condition format (checked on save). */
export function bindingConditionProblem(text: string | null | undefined): string | null {
  if (!text) return null;
  const parsed = parseCondition(text);
  return 'problem' in parsed ? parsed.problem : null;
}

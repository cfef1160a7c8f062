// Service tasks: the engine calls a registered operation (serviceOps.ts) inside the instance's
// transaction, behind a savepoint. Success: the flow goes on at once. Failure: what the operation wrote is
// rolled back to the savepoint, the step is parked in bpm_compensation (FAILED, with the error in the
// acting user's language) and the instance waits there — it is never lost, and never completes past it.
// An administrator retries (the same call, again behind a savepoint) or skips it with a reason
// (compensation.ts); the history records each.
import { sql } from 'kysely';
import { AppError } from '../../../server/errors.js';
import { message } from '../../../server/i18n/messages.js';
import { auditInsert, dbNow } from '../../../server/db/typed.js';
import type { FlowNode } from './graph.js';
import type { Run } from './engine.js';
import { checkParams, serviceOperation } from './serviceOps.js';
import { history, wf } from './store.js';

let savepoints = 0;

/** Runs the node's operation for the instance's document; answers null when it succeeded, else the error
 *  (its effects undone). */
export async function attemptService(run: Run, node: FlowNode): Promise<string | null> {
  const lang = run.actor.lang;
  const op = serviceOperation(run.app, node.operation ?? '');
  if (!op) return message(lang, 'bpm.service.unknownOperation', { name: node.operation ?? '' });
  if (!op.entities.includes(run.instance.entity_name)) return message(lang, 'bpm.service.wrongEntity', { name: op.name, entity: run.instance.entity_name });
  const checked = checkParams(op, node.paramsText);
  if ('problem' in checked) return message(lang, checked.problem, checked.params);
  const name = sql.raw(`bpm_service_${++savepoints}`);
  await sql`savepoint ${name}`.execute(run.db);
  try {
    await op.run(run.db, { entity: run.instance.entity_name, businessId: run.instance.business_id, params: checked.values, userId: run.actor.session.userId });
    await sql`release savepoint ${name}`.execute(run.db);
    return null;
  } catch (e) {
    await sql`rollback to savepoint ${name}`.execute(run.db);
    const text = e instanceof AppError ? message(lang, e.key, e.params) : e instanceof Error ? e.message : String(e);
    return text.slice(0, 2000);
  }
}

/** The engine entering a service task: runs it and goes on, or parks it for compensation. */
export async function enterService(run: Run, node: FlowNode, leave: (run: Run, nodeId: string) => Promise<void>): Promise<void> {
  const error = await attemptService(run, node);
  const userId = run.actor.session.userId;
  const t = wf(run.db);
  const base = { instanceId: run.instance.instance_id, nodeId: node.id, nodeName: node.name, userId: null, userName: null };
  if (error === null) {
    await history(t, { ...base, action: 'SERVICE', comment: node.operation ?? null }, userId);
    return leave(run, node.id);
  }
  await t
    .insertInto('bpm_compensation')
    .values({
      instance_id: run.instance.instance_id,
      model_key: run.instance.model_key,
      node_id: node.id,
      node_name: node.name,
      operation: node.operation ?? '',
      params: node.paramsText ?? null,
      entity_name: run.instance.entity_name,
      business_id: run.instance.business_id,
      document_number: run.instance.document_number,
      state: 'FAILED',
      error_message: error,
      attempts: 1,
      failed_date: dbNow(),
      ...auditInsert(userId),
    })
    .execute();
  await history(t, { ...base, action: 'SERVICE_FAILED', comment: error }, userId);
}

/** Steps of the instance parked for compensation (they keep it running like open tasks). */
export async function parkedSteps(run: Run): Promise<string[]> {
  const rows = await wf(run.db)
    .selectFrom('bpm_compensation')
    .select('node_name')
    .where('instance_id', '=', run.instance.instance_id)
    .where('state', '=', 'FAILED')
    .execute();
  return rows.map((r) => r.node_name ?? '');
}

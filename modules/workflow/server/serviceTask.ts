// Service tasks: the engine calls a registered operation (serviceOps.ts) inside the instance's
// transaction, behind a savepoint. Success: the flow goes on at once. Failure: what the operation wrote is
// rolled back to the savepoint, the step is parked in bpm_compensation (FAILED, with the error in the four
// languages as JSON, which the screen's formatter shows in the reader's) and the instance waits there — it is never lost, and never completes past it.
// An administrator retries (the same call, again behind a savepoint) or skips it with a reason
// (compensation.ts); the history records each.
import { sql } from 'kysely';
import { AppError } from '../../../server/errors.js';
import { LANGUAGES, message, type Language } from '../../../server/i18n/messages.js';
import type { MessageParams } from '../../../server/errors.js';
import { auditInsert, dbNow } from '../../../server/db/typed.js';
import type { FlowNode } from './graph.js';
import type { Run } from './engine.js';
import { checkParams, serviceOperation } from './serviceOps.js';
import { history, wf } from './store.js';

let savepoints = 0;

/** A failure: its text in the acting user's language, and what is stored (JSON of the four languages when
 *  the reason is a catalogue message; a foreign error's own text as it came). */
export interface ServiceError {
  text: string;
  stored: string;
}

function catalogued(lang: Language, key: string, params: MessageParams): ServiceError {
  const all = Object.fromEntries(LANGUAGES.map((l) => [l, message(l, key, params).slice(0, 900)]));
  return { text: message(lang, key, params), stored: JSON.stringify(all) };
}

/** Runs the node's operation for the instance's document; answers null when it succeeded, else the error
 *  (its effects undone). */
export async function attemptService(run: Run, node: FlowNode): Promise<ServiceError | null> {
  const lang = run.actor.lang;
  const op = serviceOperation(run.app, node.operation ?? '');
  if (!op) return catalogued(lang, 'bpm.service.unknownOperation', { name: node.operation ?? '' });
  if (!op.entities.includes(run.instance.entity_name)) return catalogued(lang, 'bpm.service.wrongEntity', { name: op.name, entity: run.instance.entity_name });
  const checked = checkParams(op, node.paramsText);
  if ('problem' in checked) return catalogued(lang, checked.problem, checked.params);
  const name = sql.raw(`bpm_service_${++savepoints}`);
  await sql`savepoint ${name}`.execute(run.db);
  try {
    await op.run(run.db, { entity: run.instance.entity_name, businessId: run.instance.business_id, params: checked.values, userId: run.actor.session.userId });
    await sql`release savepoint ${name}`.execute(run.db);
    return null;
  } catch (e) {
    await sql`rollback to savepoint ${name}`.execute(run.db);
    if (e instanceof AppError) return catalogued(lang, e.key, e.params);
    const text = (e instanceof Error ? e.message : String(e)).slice(0, 2000);
    return { text, stored: text };
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
      error_message: error.stored,
      attempts: 1,
      failed_date: dbNow(),
      ...auditInsert(userId),
    })
    .execute();
  await history(t, { ...base, action: 'SERVICE_FAILED', comment: error.text }, userId);
}

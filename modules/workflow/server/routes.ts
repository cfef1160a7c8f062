// /api/bpmServer/v1/bpmTaskRestful/* (CONTRACT.md "Workflow"): the caller's own tasks and instances. Any
// signed-in user may call them: each answers or changes only what is the caller's (their task, the
// instance they started), refusing anything else in the caller's language.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../server/context.js';
import { badRequest, forbidden, refuse, unauthorized } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import { PendingEvents } from '../../../server/events/domainEvents.js';
import { afterWrite } from '../../../server/rest/afterWrite.js';
import type { InternalActor } from '../../../server/rest/runTransition.js';
import { historicTasks, paging, startedInstances, todoTasks } from './queries.js';
import { approveTask, commentTask, MAX_COMMENT, rejectTask, transferTask, urgeInstance } from './tasks.js';
import { taskUrl } from './taskUrl.js';
import { documentProcess, instanceDiagram, instanceProcess, taskUsers } from './documentProcess.js';
import { wf } from './store.js';
import { modelVersions } from './modelVersions.js';
import { serviceOperations } from './serviceOps.js';

const BASE = '/api/bpmServer/v1/bpmTaskRestful';

function positiveId(value: unknown, name: string): number {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) throw refuse('bpm.idRequired', { name });
  return id;
}

function comment(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > MAX_COMMENT) throw refuse('bpm.badComment', { max: MAX_COMMENT });
  return value;
}

export function registerTaskRoutes(server: FastifyInstance, app: AppContext): void {
  const actorOf = (req: FastifyRequest): InternalActor => {
    if (!req.session) throw unauthorized('auth.noSession');
    return { session: req.session, lang: req.lang, events: new PendingEvents() };
  };
  const bodyOf = (req: FastifyRequest): Record<string, unknown> => {
    if (req.body === undefined || req.body === null) return {};
    if (typeof req.body !== 'object' || Array.isArray(req.body)) throw badRequest('error.malformed', { detail: 'body' });
    return req.body as Record<string, unknown>;
  };
  /** After a change committed: the document's cache effects, then the events (the document's transitions). */
  const committed = async (actor: InternalActor, taskId: number) => {
    const row = await wf(app.db)
      .selectFrom('bpm_task as t')
      .innerJoin('bpm_instance as i', 'i.instance_id', 't.instance_id')
      .select('i.entity_name')
      .where('t.task_id', '=', taskId)
      .executeTakeFirst();
    const entity = row ? app.defs.entities.get(row.entity_name) : undefined;
    if (entity) await afterWrite(app, entity);
    await app.events.deliver(actor.events);
  };

  const reads: Record<string, (actor: InternalActor, body: Record<string, unknown>) => Promise<unknown>> = {
    findTodoTasks: async (a, b) => todoTasks(wf(app.db), a.session.userId, paging(b)),
    findHistoricTasks: async (a, b) => historicTasks(wf(app.db), a.session.userId, paging(b)),
    findBpmLists: async (a, b) => startedInstances(wf(app.db), a.session.userId, paging(b)),
  };
  for (const [name, run] of Object.entries(reads)) {
    server.post(`${BASE}/${name}`, { config: { reads: true } }, async (req) => {
      const { rows, page } = (await run(actorOf(req), bodyOf(req))) as { rows: unknown[]; page: { count: number; curIndex: number; pageRows: number } };
      return ok(rows, '', page);
    });
  }

  server.post(`${BASE}/findDocumentProcess`, { config: { reads: true } }, async (req) => {
    const actor = actorOf(req);
    const body = bodyOf(req);
    if (typeof body.entity !== 'string' || !app.defs.entities.has(body.entity)) throw refuse('bpm.badParam', { param: 'entity' });
    return ok(await documentProcess(app, actor.session, body.entity, positiveId(body.businessId, 'businessId')));
  });

  server.post(`${BASE}/findInstanceProcess`, { config: { reads: true } }, async (req) => {
    const actor = actorOf(req);
    return ok(await instanceProcess(app, actor.session, positiveId(bodyOf(req).processInstanceId, 'processInstanceId')));
  });

  server.post(`${BASE}/findInstanceDiagram`, { config: { reads: true } }, async (req) => {
    const actor = actorOf(req);
    return ok(await instanceDiagram(app, actor.session, positiveId(bodyOf(req).processInstanceId, 'processInstanceId')));
  });

  server.post(`${BASE}/findTaskUsers`, { config: { reads: true } }, async (req) => {
    actorOf(req);
    const keyword = bodyOf(req).keyword ?? '';
    if (typeof keyword !== 'string' || keyword.length > 100) throw refuse('bpm.badParam', { param: 'keyword' });
    return ok(await taskUsers(app, keyword));
  });

  // The modeler's condition builder: the fields of the documents bound to a model (and of every entity with
  // status transitions when it is bound to none yet), for whoever may open the models.
  server.post(`${BASE}/findConditionFields`, { config: { reads: true } }, async (req) => {
    const actor = actorOf(req);
    if (!(await app.acl.allowed(actor.session, 'bpmModel', 'findById'))) throw forbidden('auth.forbidden');
    const { modelKey, entityName } = bodyOf(req);
    if (modelKey !== undefined && modelKey !== null && typeof modelKey !== 'string') throw refuse('bpm.badParam', { param: 'modelKey' });
    if (entityName !== undefined && entityName !== null && typeof entityName !== 'string') throw refuse('bpm.badParam', { param: 'entityName' });
    // The binding screen asks for its entity's fields; an entity this server does not know has none.
    if (entityName) return ok(conditionFields(app, [entityName]));
    const bound = modelKey ? await wf(app.db).selectFrom('bpm_binding').select('entity_name').distinct().where('model_key', '=', modelKey).execute() : [];
    const names = bound.length ? bound.map((b) => b.entity_name) : [...app.defs.entities.values()].filter((e) => e.status).map((e) => e.name);
    return ok(conditionFields(app, names));
  });

  // The service operations modules registered, for the modeler's service task properties.
  server.post(`${BASE}/findServiceOperations`, { config: { reads: true } }, async (req) => {
    const actor = actorOf(req);
    if (!(await app.acl.allowed(actor.session, 'bpmModel', 'findById'))) throw forbidden('auth.forbidden');
    return ok(serviceOperations(app).map(({ name, label, params, entities }) => ({ name, label, params, entities })));
  });

  // The model page's version list, for whoever may open the models.
  server.post(`${BASE}/findModelVersions`, { config: { reads: true } }, async (req) => {
    const actor = actorOf(req);
    if (!(await app.acl.allowed(actor.session, 'bpmModel', 'findById'))) throw forbidden('auth.forbidden');
    return ok(await modelVersions(app.db, positiveId(bodyOf(req).modelId, 'modelId')));
  });

  server.post(`${BASE}/getTaskUrl`, { config: { reads: true } }, async (req) => {
    const actor = actorOf(req);
    return ok(await taskUrl(app, actor.session.userId, positiveId(bodyOf(req).taskId, 'taskId')));
  });

  server.post(`${BASE}/doApprove`, async (req) => {
    const actor = actorOf(req);
    const body = bodyOf(req);
    const taskId = positiveId(body.taskId, 'taskId');
    const result = await approveTask(app, actor, taskId, comment(body.comment));
    await committed(actor, taskId);
    return ok(result);
  });

  server.post(`${BASE}/doReject`, async (req) => {
    const actor = actorOf(req);
    const body = bodyOf(req);
    const taskId = positiveId(body.taskId, 'taskId');
    const result = await rejectTask(app, actor, taskId, comment(body.comment));
    await committed(actor, taskId);
    return ok(result);
  });

  server.post(`${BASE}/doTransfer`, async (req) => {
    const actor = actorOf(req);
    const body = bodyOf(req);
    const result = await transferTask(app, actor, positiveId(body.taskId, 'taskId'), positiveId(body.userId, 'userId'), comment(body.comment));
    await app.events.deliver(actor.events);
    return ok(result);
  });

  server.post(`${BASE}/doComment`, async (req) => {
    const actor = actorOf(req);
    const body = bodyOf(req);
    const text = comment(body.comment);
    if (!text || !text.trim()) throw refuse('bpm.commentRequired');
    return ok(await commentTask(app, actor, positiveId(body.taskId, 'taskId'), text));
  });

  server.post(`${BASE}/doUrge`, async (req) => {
    const actor = actorOf(req);
    return ok(await urgeInstance(app, actor, positiveId(bodyOf(req).processInstanceId, 'processInstanceId')));
  });
}

/** The fields of the entities a condition may test (sorted, those the server keeps to itself left out). */
function conditionFields(app: AppContext, entityNames: readonly string[]): string[] {
  const fields = new Set<string>();
  for (const name of entityNames) for (const [field, f] of Object.entries(app.defs.entities.get(name)?.fields ?? {})) if (f && !f.serverOnly) fields.add(field);
  return [...fields].sort();
}

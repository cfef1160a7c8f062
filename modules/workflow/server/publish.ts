// bpmModelRestful/doPublish {id}: validates the model's XML and freezes it as the next version; running
// instances keep the version they started with. A broken model is refused with every element and reason,
// in the caller's language (msg), and as data [{elementId, reason}].
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import { message } from '../../../server/i18n/messages.js';
import { auditInsert, auditUpdate } from '../../../server/db/typed.js';
import { parseId } from '../../../server/rest/read.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import type { AppContext } from '../../../server/context.js';
import type { Db } from '../../../server/db/connect.js';
import type { AdminApi } from '../../admin/api.js';
import type { OrgApi } from '../../org/api.js';
import { parseBpmn, type FlowNode, type GraphProblem, type ProcessGraph } from './graph.js';
import { assigneeNames, validateGraph } from './validate.js';
import { wf } from './store.js';
import { checkParams, serviceOperation } from './serviceOps.js';
import { knownProcessRoles } from './processRoles.js';

/** Everything wrong with a model's XML, the names its assignee rules use included. */
export async function modelProblems(app: AppContext, db: Db, xml: string, resolverNames: ReadonlySet<string>): Promise<GraphProblem[]> {
  const { graph, problems } = await parseBpmn(xml);
  if (!graph) return problems;
  return [...problems, ...validateGraph(graph, resolverNames), ...(await unknownNames(app, db, graph))];
}

async function unknownNames(app: AppContext, db: Db, graph: ProcessGraph): Promise<GraphProblem[]> {
  const admin = app.modules.api<AdminApi>('admin');
  const out: GraphProblem[] = [];
  for (const n of graph.nodes.values()) {
    if (n.kind === 'serviceTask' && n.operation) out.push(...operationProblems(app, n));
    if (n.kind === 'boundaryTimer' && n.escalateTo && (await admin.usersByName(db, [n.escalateTo])).length === 0)
      out.push({ elementId: n.id, key: 'bpm.model.unknownUser', params: { name: n.escalateTo } });
    if (n.kind !== 'userTask') continue;
    const names = assigneeNames(n.assignee);
    if (n.assigneeType === 'user') {
      const found = new Set((await admin.usersByName(db, names)).map((u) => u.userName));
      for (const name of names.filter((x) => !found.has(x))) out.push({ elementId: n.id, key: 'bpm.model.unknownUser', params: { name } });
    }
    if (n.assigneeType === 'processRole') {
      const found = await knownProcessRoles(db, names);
      for (const name of names.filter((x) => !found.has(x))) out.push({ elementId: n.id, key: 'bpm.model.unknownProcessRole', params: { name } });
    }
    if (n.assigneeType === 'position') {
      const found = new Set(await app.modules.api<OrgApi>('org').knownPositions(db, names));
      for (const name of names.filter((x) => !found.has(x))) out.push({ elementId: n.id, key: 'bpm.model.unknownPosition', params: { name } });
    }
    if (n.assigneeType === 'role') {
      const found = new Set(await admin.knownResponsibilities(db, names));
      for (const name of names.filter((x) => !found.has(x))) out.push({ elementId: n.id, key: 'bpm.model.unknownRole', params: { name } });
    }
  }
  return out;
}

/** A service task names a registered operation and gives it parameters its schema accepts. */
function operationProblems(app: AppContext, n: FlowNode): GraphProblem[] {
  const op = serviceOperation(app, n.operation!);
  if (!op) return [{ elementId: n.id, key: 'bpm.model.unknownOperation', params: { name: n.operation! } }];
  const checked = checkParams(op, n.paramsText);
  return 'problem' in checked ? [{ elementId: n.id, key: checked.problem, params: checked.params }] : [];
}

export function resolverNamesOf(app: AppContext): ReadonlySet<string> {
  return new Set(app.modules.modules.flatMap((m) => Object.keys(m.assigneeResolvers ?? {})));
}

export const doPublish: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  return ctx.app.db.transaction().execute(async (db) => {
    const t = wf(db);
    const model = await t.selectFrom('bpm_model').select(['model_id', 'model_key', 'bpmn_xml']).where('model_id', '=', id).forUpdate().executeTakeFirst();
    if (!model) throw refuse('bpm.model.notFound');
    const problems = await modelProblems(ctx.app, db, model.bpmn_xml, resolverNamesOf(ctx.app));
    if (problems.length) {
      const listed = problems.map((p) => ({ elementId: p.elementId, reason: message(ctx.lang, p.key, p.params) }));
      throw refuse('bpm.model.invalid', { problems: listed.map((p) => `${p.elementId}: ${p.reason}`).join('; ') }, listed);
    }
    const last = await t
      .selectFrom('bpm_model_version')
      .select('version')
      .where('model_key', '=', model.model_key)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    const version = (last?.version ?? 0) + 1;
    const userId = ctx.session.userId;
    await t
      .insertInto('bpm_model_version')
      .values({ model_id: id, model_key: model.model_key, version, bpmn_xml: model.bpmn_xml, ...auditInsert(userId) })
      .execute();
    await t
      .updateTable('bpm_model')
      .set({ version, status: 'PUBLISHED', ...auditUpdate(userId) })
      .where('model_id', '=', id)
      .execute();
    return ok({ modelId: id, modelKey: model.model_key, version });
  });
};

// Every entity of kind "family" becomes /api/{area}/v1/{name}Restful/{action}, the generic actions
// plus its declared transitions, each checked against the caller's grants before it runs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isFamily, type EntityDefinition } from '../../meta/definitions.js';
import type { AppContext } from '../context.js';
import { forbidden, unauthorized } from '../errors.js';
import type { ActionContext, FamilyAction } from './actionContext.js';
import { findById } from './actions/findById.js';
import { listByPage } from './actions/listByPage.js';
import { saveOrUpdate } from './actions/saveOrUpdate.js';
import { doBatchSaveOrUpdate } from './actions/doBatchSaveOrUpdate.js';
import { deleteAction } from './actions/delete.js';
import { doBatchDelete } from './actions/doBatchDelete.js';
import { transitionAction } from './actions/transition.js';
import { aggregateAction } from './actions/aggregate.js';
import { AGGREGATE_ACTION } from '../../meta/crossCheck.js';
import { translateDbError } from './dbErrors.js';
import { afterWrite } from './afterWrite.js';
import { listVariantAction } from '../acl/permitVariants.js';
import { INSERT_ACTION, READ_ACTIONS, SAVE_ACTIONS } from '../acl/bindings.js';
import { checkPickerRequest, projectPickerAnswer } from '../acl/pickerReads.js';
import { insertsRecords } from './insertsRecords.js';
import { PendingEvents } from '../events/domainEvents.js';

const GENERIC: Record<string, FamilyAction> = {
  findById,
  listByPage,
  saveOrUpdate,
  doBatchSaveOrUpdate,
  delete: deleteAction,
  doBatchDelete,
};

export function familyPrefixes(e: EntityDefinition): string[] {
  const base = `/api/${e.area}/v1/${e.name}Restful`;
  return e.area === 'baseServer' ? [base, `/api/zuul/baseServer/v1/${e.name}Restful`] : [base];
}

export function familyActions(app: Pick<AppContext, 'modules'>, e: EntityDefinition): Map<string, FamilyAction> {
  const actions = new Map(Object.entries(GENERIC));
  for (const t of e.status?.transitions ?? []) actions.set(t.action, transitionAction(t));
  for (const o of e.operations ?? []) actions.set(o.action, app.modules.operation(e.name, o.action));
  for (const v of e.listVariants ?? []) actions.set(v.action, listVariantAction(v));
  if (e.aggregates?.length) actions.set(AGGREGATE_ACTION, aggregateAction);
  return actions;
}

/** Reads do not change rows: nothing derived from them needs dropping afterwards, nothing is logged. */
export function isRead(e: EntityDefinition, action: string): boolean {
  return (
    action === 'findById' ||
    action.startsWith('listByPage') ||
    action === AGGREGATE_ACTION ||
    (e.operations ?? []).some((o) => o.action === action && o.access === 'read')
  );
}

export function actionContext(app: AppContext, entity: EntityDefinition, req: FastifyRequest): ActionContext {
  if (!req.session) throw unauthorized('auth.noSession');
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  return { app, entity, session: req.session, lang: req.lang, body, events: new PendingEvents() };
}

export function registerFamilies(server: FastifyInstance, app: AppContext): void {
  for (const entity of app.defs.entities.values()) {
    if (!isFamily(entity)) continue;
    for (const [name, action] of familyActions(app, entity)) {
      const reads = isRead(entity, name);
      for (const prefix of familyPrefixes(entity)) {
        server.post(`${prefix}/${name}`, { config: { reads } }, async (req) => {
          const ctx = actionContext(app, entity, req);
          if (!(await app.acl.allowed(ctx.session, entity.name, name))) throw forbidden('auth.forbidden');
          if (SAVE_ACTIONS.has(name)) {
            if (insertsRecords(entity, name, ctx.body) && !(await app.acl.allowed(ctx.session, entity.name, INSERT_ACTION))) throw forbidden('auth.forbidden');
            ctx.writeScope = await app.acl.writeScope(ctx.session, entity.name, name);
          }
          const pickerColumns = READ_ACTIONS.has(name) ? await app.acl.readColumns(ctx.session, entity.name, name) : null;
          if (pickerColumns) checkPickerRequest(pickerColumns, ctx.body);
          try {
            const result = await action(ctx);
            if (pickerColumns) return projectPickerAnswer(pickerColumns, result as { data?: unknown });
            if (!reads) await afterWrite(app, entity);
            // The action's transaction has committed: tell the subscribers what it did.
            await app.events.deliver(ctx.events);
            return result;
          } catch (err) {
            throw translateDbError(err, entity, ctx.lang) ?? err;
          }
        });
      }
    }
  }
}

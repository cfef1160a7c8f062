// A declared transition of any entity run by module server code inside the caller's transaction: a process
// completing its last step moves the document in the same transaction as the task (ARCHITECTURE.md
// "Workflow"). Same rules, hooks, guarded UPDATE and event as the wire's do{Action}; hooks see `internal`.
import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import type { Session } from '../auth/session.js';
import type { Language } from '../i18n/messages.js';
import type { PendingEvents } from '../events/domainEvents.js';
import type { ActionContext, DbRecord } from './actionContext.js';
import { applyTransition } from './actions/transition.js';
import { loadRecord } from './read.js';

export interface InternalActor {
  session: Session;
  lang: Language;
  /** The caller's pending events: the transition's events are delivered with them after the commit. */
  events: PendingEvents;
}

/** The context a module's own server code acts in on an entity (reads, transitions), marked internal. */
export function internalContext(app: AppContext, entityName: string, actor: InternalActor, body: Record<string, unknown> = {}): ActionContext {
  const entity = app.defs.entities.get(entityName);
  if (!entity) throw new Error(`unknown entity ${entityName}`);
  return { app, entity, session: actor.session, lang: actor.lang, body, events: actor.events, internal: true };
}

/**
 * Runs `action` of `entityName` on record `id` in `db` (a transaction); throws a refusal like the wire call.
 * `extra`: more of the body the entity's rules see (a process's rejection passes its `comment`).
 */
export async function runTransitionIn(
  app: AppContext,
  db: Db,
  actor: InternalActor,
  entityName: string,
  action: string,
  id: number,
  extra: Record<string, unknown> = {},
): Promise<DbRecord> {
  const ctx = internalContext(app, entityName, actor, { ...extra, id });
  const t = ctx.entity.status?.transitions.find((x) => x.action === action);
  if (!t) throw new Error(`entity ${entityName} declares no transition ${action}`);
  await applyTransition(ctx, db, t, id, undefined);
  return loadRecord(ctx, db, id);
}

import type { AppContext } from '../context.js';
import type { EntityDefinition } from '../../meta/definitions.js';
import type { Session } from '../auth/session.js';
import type { Language } from '../i18n/messages.js';
import type { Envelope } from '../http/envelope.js';
import type { WriteScope } from '../acl/writeScope.js';
import type { PendingEvents } from '../events/domainEvents.js';

export type DbRecord = Record<string, unknown>;

export interface ActionContext {
  app: AppContext;
  entity: EntityDefinition;
  session: Session;
  lang: Language;
  body: Record<string, unknown>;
  /**
   * Save actions called through a screen's button: the fields and lines that screen edits; the rest of
   * the body is dropped (acl/writeScope.ts). Absent for server-side writers with their own column list
   * (the Excel import writes its template's columns).
   */
  writeScope?: WriteScope;
  /** Set when module server code runs the action inside its own transaction (`runTransitionIn`: a process
   *  step), not a call over the wire; transition hooks tell the two apart. */
  internal?: true;
  /** Domain events raised by this action; delivered after its transaction committed. */
  events: PendingEvents;
}

/** One generic action of every family (NocoBase: one action per file). */
export type FamilyAction = (ctx: ActionContext) => Promise<Envelope<unknown>>;

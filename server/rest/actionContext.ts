import type { AppContext } from '../context.js';
import type { EntityDefinition } from '../../meta/definitions.js';
import type { Session } from '../auth/session.js';
import type { Language } from '../i18n/messages.js';
import type { Envelope } from '../http/envelope.js';

export type DbRecord = Record<string, unknown>;

export interface ActionContext {
  app: AppContext;
  entity: EntityDefinition;
  session: Session;
  lang: Language;
  body: Record<string, unknown>;
}

/** One generic action of every family (NocoBase: one action per file). */
export type FamilyAction = (ctx: ActionContext) => Promise<Envelope<unknown>>;

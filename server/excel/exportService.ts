// The export's shared steps: the checked, authorised request and its pages (streamed or background).
import type { AppContext } from '../context.js';
import type { Session } from '../auth/session.js';
import { forbidden } from '../errors.js';
import { EXPORT_ACTION } from '../acl/bindings.js';
import type { ActionContext, DbRecord } from '../rest/actionContext.js';
import { parseExportRequest, type ExportRequest } from './exportRequest.js';
import { exportRows } from './exportRows.js';
import { PendingEvents } from '../events/domainEvents.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Checked request + the caller's right to it: the list action it names and the menu's btnExport (docs/decisions.md). */
export async function authorisedExport(
  app: AppContext,
  session: Session,
  body: Record<string, unknown>,
  lang: ActionContext['lang'],
): Promise<{ req: ExportRequest; ctx: ActionContext }> {
  const req = parseExportRequest(app, body, lang);
  const name = req.entity.name;
  if (!(await app.acl.allowed(session, name, req.action)) || !(await app.acl.allowed(session, name, EXPORT_ACTION))) throw forbidden('auth.forbidden');
  return { req, ctx: { app, entity: req.entity, session, lang, body: {}, events: new PendingEvents() } };
}

/** The pages of an export with the first one already read, so that its refusal is still an envelope. */
export async function primedPages(ctx: ActionContext, req: ExportRequest) {
  const source = exportRows(ctx, req);
  const it = source.pages();
  const first = await it.next();
  async function* all(): AsyncGenerator<DbRecord[]> {
    if (first.done) return;
    yield first.value;
    yield* { [Symbol.asyncIterator]: () => it };
  }
  return { pages: all(), total: () => source.total() };
}

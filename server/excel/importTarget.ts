// What an import writes to: a family (named directly, by its list page, or by its list URL) and the
// columns of its template — the fields a client may set on insert, in the order of the page's grid.
import { field as fieldOf, isFamily, type EntityDefinition } from '../../meta/definitions.js';
import type { AppContext } from '../context.js';
import type { Session } from '../auth/session.js';
import { forbidden, refuse } from '../errors.js';
import { IMPORT_ACTION } from '../acl/bindings.js';
import type { Language } from '../i18n/messages.js';
import { familyOfUrl } from './exportRequest.js';
import { columnTitle } from './columns.js';

export interface ImportColumn {
  key: string;
  title: string;
  required: boolean;
  lookupType?: string;
  type: string;
}

export interface ImportTarget {
  entity: EntityDefinition;
  columns: ImportColumn[];
}

export function targetEntity(app: AppContext, fields: Record<string, unknown>): EntityDefinition {
  const name = fields.entity ?? fields.functionId;
  if (typeof name === 'string' && name) {
    const e = app.defs.entities.get(name);
    if (!e || !isFamily(e)) throw refuse('excel.unknownTarget', { target: name.slice(0, 80) });
    return e;
  }
  if (typeof fields.page === 'string' && fields.page) {
    const p = app.defs.pages.get(fields.page);
    const e = p?.entity ? app.defs.entities.get(p.entity) : undefined;
    if (!e || !isFamily(e)) throw refuse('excel.unknownTarget', { target: fields.page.slice(0, 80) });
    return e;
  }
  if (typeof fields.requestUrl === 'string' && fields.requestUrl) return familyOfUrl(app, fields.requestUrl);
  throw refuse('excel.unknownTarget', { target: '' });
}

/** The insertable fields, the list page's grid order first (pages of the entity with Import shown). */
export function importColumns(app: AppContext, entity: EntityDefinition, session: Session, lang: Language): ImportColumn[] {
  const writable = Object.entries(entity.fields).filter(
    ([name, f]) =>
      f &&
      name !== entity.key &&
      !f.readOnly &&
      !f.serverOnly &&
      f.type !== 'attachments' &&
      name !== entity.status?.field &&
      name !== entity.numbering?.field &&
      !(name === entity.ownership?.field && session.userType === 'EXTERNAL'),
  );
  const page = [...app.defs.pages.values()].find((p) => p.kind === 'list' && p.entity === entity.name && p.grid?.isShowImport);
  const order = new Map((page?.grid?.columns ?? []).map((c, i) => [c.key, i]));
  writable.sort(([a], [b]) => (order.get(a) ?? 1000) - (order.get(b) ?? 1000));
  return writable.map(([name]) => {
    const f = fieldOf(entity, name)!;
    return { key: name, title: columnTitle(entity, name, lang), required: !!f.required && f.default === undefined, lookupType: f.lookup, type: f.type };
  });
}

export async function authorisedImport(app: AppContext, session: Session, fields: Record<string, unknown>, lang: Language): Promise<ImportTarget> {
  const entity = targetEntity(app, fields);
  if (!(await app.acl.allowed(session, entity.name, IMPORT_ACTION))) throw forbidden('auth.forbidden');
  return { entity, columns: importColumns(app, entity, session, lang) };
}

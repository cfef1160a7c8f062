// Recent documents (the internal home's card, issue 18 item 9): the documents the caller changed last,
// read from the operation log the audit hook writes anyway, newest first, each once. A document is a
// record of an entity that numbers its records or names a display field and has an edit page; its label
// (number and title) is taken from the answer of the call that changed it, so the card needs no read of
// another module's table. Any signed-in user may call it; it only ever returns the caller's own rows.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../../server/context.js';
import { ok } from '../../../server/http/envelope.js';
import { sessionOf } from '../../../server/http/routeInput.js';
import { typed } from '../../../server/db/typed.js';
import type { EntityDefinition } from '../../../meta/definitions.js';
import type { LogsTables } from '../generated/tables.js';
import { textIn } from '../../../server/rest/labels.js';

export const RECENT_PATH = '/api/baseServer/v1/baseUserOperateLogRestful/findRecentDocuments';
const ROWS = 8;
/** How far back the log is searched: the card is about recent work, and the scan stays small. */
const SCAN = 400;

/** "PO-2026-000003 镀锌钢卷 12 月交付": the display fields, then a title field when there is one. */
export function documentLabelOf(entity: EntityDefinition | undefined, data: unknown): string | null {
  if (!entity || !data || typeof data !== 'object' || Array.isArray(data)) return null;
  const row = data as Record<string, unknown>;
  const fields = [
    ...new Set([...(entity.display ?? []), ...(entity.numbering ? [entity.numbering.field] : []), ...('title' in entity.fields ? ['title'] : [])]),
  ];
  const parts = fields.map((f) => row[f]).filter((v): v is string | number => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number');
  const label = parts.map(String).join(' ').trim();
  return label ? label.slice(0, 200) : null;
}

export function registerRecentDocuments(server: FastifyInstance, app: AppContext): void {
  server.post(RECENT_PATH, { config: { reads: true } }, async (req) => {
    const session = sessionOf(req);
    const lang = req.lang ?? 'CN';
    // Entities that are documents, with the edit pages that open them (and the list page each belongs to).
    const pages = new Map<string, { page: string; listPage: string | null }[]>();
    for (const p of app.defs.pages.values()) {
      if (p.kind !== 'edit' || !('entity' in p) || !p.entity) continue;
      pages.set(p.entity, [...(pages.get(p.entity) ?? []), { page: p.name, listPage: p.listPage ?? null }]);
    }
    const documents = [...pages.keys()].filter((e) => app.defs.entities.get(e)?.numbering || app.defs.entities.get(e)?.display?.length);
    if (documents.length === 0) return ok([]);
    const recent = typed<LogsTables>(app.db)
      .selectFrom('base_user_operate_log')
      .select(['entity_name', 'record_id', 'document_label', 'action_name', 'operate_time', 'operate_log_id'])
      .where('user_id', '=', session.userId)
      .where('result_status', '=', 'S')
      .where('entity_name', 'in', documents)
      .where('record_id', '~', '^[0-9]{1,15}$')
      .orderBy('operate_time', 'desc')
      .orderBy('operate_log_id', 'desc')
      .limit(SCAN)
      .as('r');
    // Each document once: its latest change, with the latest label any of its changes carried.
    const rows = await typed<LogsTables>(app.db)
      .selectFrom(recent)
      .select([
        'r.entity_name as entityName',
        'r.record_id as recordId',
        sql<string>`max(r.operate_time)`.as('operateTime'),
        sql<string | null>`(array_agg(r.document_label order by r.operate_time desc, r.operate_log_id desc) filter (where r.document_label is not null))[1]`.as(
          'label',
        ),
        sql<string>`(array_agg(r.action_name order by r.operate_time desc, r.operate_log_id desc))[1]`.as('actionName'),
      ])
      .groupBy(['r.entity_name', 'r.record_id'])
      .orderBy(sql`max(r.operate_time)`, 'desc')
      .orderBy(sql`max(r.operate_log_id)`, 'desc')
      .limit(ROWS)
      .execute();
    return ok(
      rows.map((r) => {
        const entity = app.defs.entities.get(r.entityName ?? '');
        return {
          entityName: r.entityName,
          entityLabel: textIn(entity?.label, lang, r.entityName ?? ''),
          recordId: Number(r.recordId),
          label: r.label,
          actionName: r.actionName,
          operateTime: r.operateTime,
          pages: pages.get(r.entityName ?? '') ?? [],
        };
      }),
    );
  });
}

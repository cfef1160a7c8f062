// Reading and writing base_definition_overlay. One (kind, name) has at most one DRAFT row (its
// version_num is the draft's optimistic lock) and any number of PUBLISHED rows numbered 1, 2, 3 …;
// the highest published one decides: its content is effective, or the shipped file when shipped_flag = 'Y'.
import type { Transaction } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import { auditInsert, auditUpdate, lockInTransaction, typed } from '../../../server/db/typed.js';
import type { OverlayData, OverlayRow } from '../../../server/modules/services.js';
import type { DevtoolsTables } from '../generated/tables.js';

export type { OverlayRow };

/**
 * The rows as OverlayRow. The author's display name is administration's (base_users), so it is not read
 * here: `createdByName` is null, and the screens that show it fill it through the admin module's API
 * (definitionRoutes listVersions, `AdminApi.userNames`).
 */
function selectRows(db: Db) {
  return (
    typed<DevtoolsTables>(db)
      .selectFrom('base_definition_overlay as o')
      .select((eb) => [
        'o.overlay_id as overlayId',
        'o.def_kind as kind',
        'o.def_name as name',
        'o.overlay_status as status',
        'o.overlay_version as version',
        'o.content',
        eb.fn.coalesce('o.shipped_flag', eb.val('N')).as('shippedFlag'),
        'o.shipped_hash as shippedHash',
        'o.publish_comment as comment',
        'o.created_by as createdBy',
        'o.creation_date as creationDate',
        'o.version_num as versionNum',
      ])
      // overlay_status is DRAFT or PUBLISHED, shipped_flag Y or N: only this file writes them.
      .$narrowType<{ status: OverlayRow['status']; shippedFlag: OverlayRow['shippedFlag'] }>()
  );
}

const normalise = (r: Omit<OverlayRow, 'createdByName'>): OverlayRow => ({ ...r, overlayId: Number(r.overlayId), createdByName: null });

/** Every row of a kind, oldest first (small: one row per published version). */
export async function allOverlayRows(db: Db, kind: string): Promise<OverlayRow[]> {
  return (await selectRows(db).where('o.def_kind', '=', kind).orderBy('o.def_name').orderBy('o.overlay_id').execute()).map(normalise);
}

export async function overlayRowsOf(db: Db, kind: string, name: string): Promise<OverlayRow[]> {
  return (await selectRows(db).where('o.def_kind', '=', kind).where('o.def_name', '=', name).orderBy('o.overlay_id').execute()).map(normalise);
}

/** Serialises writers of one definition (no composite unique index is needed). */
export async function lockDefinition(trx: Transaction<Record<string, Record<string, unknown>>>, kind: string, name: string): Promise<void> {
  await lockInTransaction(trx, `definition:${kind}:${name}`);
}

export async function insertDraft(db: Db, kind: string, name: string, content: string, userId: number): Promise<number> {
  const r = await typed<DevtoolsTables>(db)
    .insertInto('base_definition_overlay')
    .values({ def_kind: kind, def_name: name, overlay_status: 'DRAFT', content, ...auditInsert(userId) })
    .returning('version_num')
    .executeTakeFirstOrThrow();
  return r.version_num;
}

/** Null when the draft's version moved meanwhile (someone else saved). */
export async function updateDraft(db: Db, kind: string, name: string, content: string, userId: number, versionNum: number): Promise<number | null> {
  const r = await typed<DevtoolsTables>(db)
    .updateTable('base_definition_overlay')
    .set({ content, ...auditUpdate(userId) })
    .where('def_kind', '=', kind)
    .where('def_name', '=', name)
    .where('overlay_status', '=', 'DRAFT')
    .where('version_num', '=', versionNum)
    .returning('version_num')
    .executeTakeFirst();
  return r?.version_num ?? null;
}

export async function deleteDraft(db: Db, kind: string, name: string): Promise<void> {
  await typed<DevtoolsTables>(db)
    .deleteFrom('base_definition_overlay')
    .where('def_kind', '=', kind)
    .where('def_name', '=', name)
    .where('overlay_status', '=', 'DRAFT')
    .execute();
}

export interface NewVersion {
  kind: string;
  name: string;
  content: string | null;
  shippedFlag: 'Y' | 'N';
  shippedHash: string | null;
  comment: string | null;
  userId: number;
}

/** Appends the next published version (call inside a transaction holding lockDefinition). */
export async function insertVersion(db: Db, v: NewVersion): Promise<number> {
  const devtools = typed<DevtoolsTables>(db);
  const { latest } = await devtools
    .selectFrom('base_definition_overlay')
    .select((eb) => eb.fn.max('overlay_version').as('latest'))
    .where('def_kind', '=', v.kind)
    .where('def_name', '=', v.name)
    .where('overlay_status', '=', 'PUBLISHED')
    .executeTakeFirstOrThrow();
  const next = Number(latest ?? 0) + 1;
  await devtools
    .insertInto('base_definition_overlay')
    .values({
      def_kind: v.kind,
      def_name: v.name,
      overlay_status: 'PUBLISHED',
      overlay_version: next,
      content: v.content,
      shipped_flag: v.shippedFlag,
      shipped_hash: v.shippedHash,
      publish_comment: v.comment,
      ...auditInsert(v.userId),
    })
    .execute();
  return next;
}

/** The designer's overlays, as the platform's definition service reads them (services.ts OverlayData). */
export const overlayData: OverlayData = { allRows: allOverlayRows };

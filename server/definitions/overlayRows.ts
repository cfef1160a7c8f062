// Reading and writing base_definition_overlay. One (kind, name) has at most one DRAFT row (its
// version_num is the draft's optimistic lock) and any number of PUBLISHED rows numbered 1, 2, 3 …;
// the highest published one decides: its content is effective, or the shipped file when shipped_flag = 'Y'.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

export interface OverlayRow {
  overlayId: number;
  kind: string;
  name: string;
  status: 'DRAFT' | 'PUBLISHED';
  version: number | null;
  content: string | null;
  shippedFlag: 'Y' | 'N';
  shippedHash: string | null;
  comment: string | null;
  createdBy: number | null;
  createdByName: string | null;
  creationDate: string;
  versionNum: number;
}

const COLUMNS = sql`o.overlay_id as "overlayId", o.def_kind as kind, o.def_name as name, o.overlay_status as status,
  o.overlay_version::int as version, o.content, coalesce(o.shipped_flag, 'N') as "shippedFlag", o.shipped_hash as "shippedHash",
  o.publish_comment as comment, o.created_by::int as "createdBy", u.user_full_name as "createdByName",
  to_char(o.creation_date, 'YYYY-MM-DD HH24:MI:SS') as "creationDate", o.version_num as "versionNum"`;

const FROM = sql`base_definition_overlay o left join base_users u on u.user_id = o.created_by`;

const normalise = (r: OverlayRow): OverlayRow => ({ ...r, overlayId: Number(r.overlayId) });

/** Every row of a kind, oldest first (small: one row per published version). */
export async function allOverlayRows(db: Db, kind: string): Promise<OverlayRow[]> {
  return (await sql<OverlayRow>`select ${COLUMNS} from ${FROM} where o.def_kind = ${kind} order by o.def_name, o.overlay_id`.execute(db)).rows.map(normalise);
}

export async function overlayRowsOf(db: Db, kind: string, name: string): Promise<OverlayRow[]> {
  return (await sql<OverlayRow>`select ${COLUMNS} from ${FROM} where o.def_kind = ${kind} and o.def_name = ${name} order by o.overlay_id`.execute(db)).rows.map(normalise);
}

/** Serialises writers of one definition (no composite unique index is needed). */
export async function lockDefinition(db: Db, kind: string, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`definition:${kind}:${name}`}))`.execute(db);
}

export async function insertDraft(db: Db, kind: string, name: string, content: string, userId: number): Promise<number> {
  const r = await sql<{ version_num: number }>`insert into base_definition_overlay (def_kind, def_name, overlay_status, content, created_by, last_updated_by)
    values (${kind}, ${name}, 'DRAFT', ${content}, ${userId}, ${userId}) returning version_num`.execute(db);
  return r.rows[0].version_num;
}

/** Null when the draft's version moved meanwhile (someone else saved). */
export async function updateDraft(db: Db, kind: string, name: string, content: string, userId: number, versionNum: number): Promise<number | null> {
  const r = await sql<{ version_num: number }>`update base_definition_overlay set content = ${content}, last_updated_by = ${userId},
      last_update_date = localtimestamp(0), version_num = version_num + 1
    where def_kind = ${kind} and def_name = ${name} and overlay_status = 'DRAFT' and version_num = ${versionNum}
    returning version_num`.execute(db);
  return r.rows[0]?.version_num ?? null;
}

export async function deleteDraft(db: Db, kind: string, name: string): Promise<void> {
  await sql`delete from base_definition_overlay where def_kind = ${kind} and def_name = ${name} and overlay_status = 'DRAFT'`.execute(db);
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
  const next = (await sql<{ n: number }>`select coalesce(max(overlay_version), 0)::int + 1 as n from base_definition_overlay
    where def_kind = ${v.kind} and def_name = ${v.name} and overlay_status = 'PUBLISHED'`.execute(db)).rows[0].n;
  await sql`insert into base_definition_overlay (def_kind, def_name, overlay_status, overlay_version, content, shipped_flag, shipped_hash, publish_comment, created_by, last_updated_by)
    values (${v.kind}, ${v.name}, 'PUBLISHED', ${next}, ${v.content}, ${v.shippedFlag}, ${v.shippedHash}, ${v.comment}, ${v.userId}, ${v.userId})`.execute(db);
  return next;
}

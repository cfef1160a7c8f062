// A deadline from the client: an ISO date-time ('2026-12-01T10:00:00', with or without Z/offset, or
// 'yyyy-MM-dd HH:mm:ss'), which must lie ahead of the database clock. Stored as the database's local time.
import { sql } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import { refuse } from '../../../server/errors.js';

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

export async function parseDeadline(db: Db, raw: unknown): Promise<string> {
  const m = typeof raw === 'string' ? ISO.exec(raw.trim()) : null;
  if (!m) throw refuse('sourcing.badDeadline');
  const text = `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6] ?? '00'}`;
  const zone = m[7];
  // With a zone, the instant is converted to the database's local time; without one it is taken as is.
  const row = (
    await sql<{ d: string | null; ahead: boolean | null }>`select to_char(v, 'YYYY-MM-DD HH24:MI:SS') as d, v > localtimestamp(0) as ahead from (select
      ${zone ? sql`(${text + (zone === 'Z' ? '+00:00' : zone)}::timestamptz)::timestamp` : sql`${text}::timestamp`} as v) x`.execute(db)
  ).rows[0];
  if (!row?.d) throw refuse('sourcing.badDeadline');
  if (!row.ahead) throw refuse('sourcing.deadlineInPast');
  return row.d;
}

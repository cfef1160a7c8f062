// Document numbers like PR-2026-000001: one counter per prefix and year, taken inside the saving
// transaction so a rolled-back save gives its number back.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

export async function nextDocumentNumber(db: Db, prefix: string, now = new Date()): Promise<string> {
  const period = String(now.getFullYear());
  const row = (
    await sql<{ last_value: number }>`
    insert into srm_document_sequence (doc_type, period, last_value) values (${prefix}, ${period}, 1)
    on conflict (doc_type) do update set
      last_value = case when srm_document_sequence.period = excluded.period then srm_document_sequence.last_value + 1 else 1 end,
      period = excluded.period
    returning last_value`.execute(db)
  ).rows[0];
  return `${prefix}-${period}-${String(row.last_value).padStart(6, '0')}`;
}

/** Sets a counter (demo data that ships numbered documents: the next save continues after them). */
export async function setDocumentCounter(db: Db, prefix: string, period: string, lastValue: number): Promise<void> {
  await sql`insert into srm_document_sequence (doc_type, period, last_value) values (${prefix}, ${period}, ${lastValue})
    on conflict (doc_type) do update set last_value = excluded.last_value, period = excluded.period`.execute(db);
}

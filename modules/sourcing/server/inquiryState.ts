// An inquiry's header as the operations need it, with whether its current round is closed (the server
// clock, the database's, decides) and the lock that serialises operations on one inquiry.
import { sql } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { SourcingTables } from '../generated/tables.js';

export interface InquiryState {
  inquiryId: number;
  inquiryNumber: string;
  title: string;
  status: string;
  categoryId: number;
  currencyCode: string;
  deadline: string;
  roundNumber: number;
  versionNum: number;
  /** The deadline has passed: the current round's quotes are open. */
  opened: boolean;
  serverTime: string;
}

export async function inquiryState(db: Db, id: number): Promise<InquiryState> {
  const row = await typed<SourcingTables>(db)
    .selectFrom('srm_src_inquiry')
    .select([
      'inquiry_id',
      'inquiry_number',
      'title',
      'status',
      'category_id',
      'currency_code',
      'deadline',
      'round_number',
      'version_num',
      sql<boolean>`deadline <= localtimestamp(0)`.as('opened'),
      sql<string>`to_char(localtimestamp(0), 'YYYY-MM-DD HH24:MI:SS')`.as('server_time'),
    ])
    .where('inquiry_id', '=', id)
    .executeTakeFirst();
  if (!row) throw refuse('sourcing.inquiryNotFound');
  return {
    inquiryId: Number(row.inquiry_id),
    inquiryNumber: row.inquiry_number ?? '',
    title: row.title,
    status: row.status ?? 'DRAFT',
    categoryId: Number(row.category_id),
    currencyCode: row.currency_code,
    deadline: String(row.deadline),
    roundNumber: Number(row.round_number ?? 1),
    versionNum: Number(row.version_num),
    opened: Boolean(row.opened),
    serverTime: row.server_time,
  };
}

/** For comparison, bargaining and award: published (bids formally opened or not), and the current round's deadline has passed. */
export function requireOpened(s: InquiryState): void {
  if (s.status !== 'PUBLISHED' && s.status !== 'OPENED') throw refuse('sourcing.notPublished', { status: s.status });
  if (!s.opened) throw refuse('sourcing.sealed', { deadline: s.deadline });
}

// Exchange rates as other modules need them (a document's total in CNY).
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { BaseTables } from '../generated/tables.js';

export async function rateToCny(db: Db, currency: string, onDate: string): Promise<number | null> {
  if (currency === 'CNY') return 1;
  const row = await typed<BaseTables>(db)
    .selectFrom('srm_base_exchange_rate')
    .select('rate')
    .where('from_currency', '=', currency)
    .where('to_currency', '=', 'CNY')
    .where('enabled_flag', '=', 'Y')
    .where('rate_date', '<=', onDate)
    .orderBy('rate_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.rate) : null;
}

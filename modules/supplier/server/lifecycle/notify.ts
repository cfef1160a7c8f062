// After an approved status change committed: the supplier's contacts (its portal users) get a notice in
// the inbox saying what changed and why, in the language the supplier registered in (CN for suppliers
// typed in by a buyer). Sent through the messages module's public API with this module's template SUPPLIER_STATUS_CHANGED
// (messageTemplates.json); the state's name is translated here, in the notice's language.
import type { AppContext } from '../../../../server/context.js';
import { typed } from '../../../../server/db/typed.js';
import { LANGUAGES, message, type Language } from '../../../../server/i18n/messages.js';
import type { MessagesApi } from '../../../messages/api.js';
import type { SupplierTables } from '../../generated/tables.js';

export async function notifyStatusChange(payload: { lifecycleId: number; supplierId: number }, app: AppContext): Promise<void> {
  if (!app.modules.hasApi('messages')) return;
  const t = typed<SupplierTables>(app.db);
  const row = await t
    .selectFrom('srm_pos_supplier_lifecycle as l')
    .innerJoin('srm_pos_supplier_info as s', 's.supplier_id', 'l.supplier_id')
    .select(['l.change_number', 'l.change_type', 'l.to_status', 'l.reason', 'l.end_date', 's.supplier_name'])
    .where('l.lifecycle_id', '=', payload.lifecycleId)
    .executeTakeFirstOrThrow();
  const registered = await t.selectFrom('srm_pos_supplier_register').select('language_code').where('supplier_id', '=', payload.supplierId).executeTakeFirst();
  const lang: Language = LANGUAGES.find((l) => l === registered?.language_code) ?? 'CN';
  const vars = {
    supplier: row.supplier_name,
    number: row.change_number ?? '',
    status: message(lang, `lifecycle.status.${row.to_status ?? 'QUALIFIED'}`),
    // A lift by the end date (endDates.ts) says so in the notice's language; its end date is the one that passed.
    reason: row.change_type === 'END_DATE' ? message(lang, 'lifecycle.endDatePassed', { date: String(row.end_date).slice(0, 10) }) : (row.reason ?? ''),
    until: row.end_date && row.change_type !== 'END_DATE' ? message(lang, 'lifecycle.notice.until', { date: String(row.end_date).slice(0, 10) }) : '',
  };
  await app.modules.api<MessagesApi>('messages').send({
    templateCode: 'SUPPLIER_STATUS_CHANGED',
    sourceType: 'SUPPLIER_STATUS_CHANGED',
    variables: vars,
    recipients: [{ supplierId: payload.supplierId }],
    language: lang,
    useMessageLanguage: true,
  });
}

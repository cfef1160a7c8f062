// Agreement notices (after the commit): sent → the supplier's contacts, in the language the supplier
// registered in, with the link to sign it in the portal; signed or refused → the buyer who drafted it, in
// the buyer's own language, with the link to the agreement (where the signed PDF is).
import type { AppContext } from '../../../../server/context.js';
import { LANGUAGES, type Language } from '../../../../server/i18n/messages.js';
import type { MessagesApi } from '../../../messages/api.js';
import { sup } from '../qualification/engine.js';

const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v ?? '')).slice(0, 10);

async function agreement(app: AppContext, agreementId: number) {
  return sup(app.db)
    .selectFrom('srm_pos_agreement as a')
    .innerJoin('srm_pos_supplier_info as s', 's.supplier_id', 'a.supplier_id')
    .select(['a.agreement_number', 'a.title', 'a.valid_from', 'a.valid_to', 'a.signed_by', 'a.refuse_reason', 's.supplier_name'])
    .where('a.agreement_id', '=', agreementId)
    .executeTakeFirstOrThrow();
}

export async function notifyAgreementSent(payload: { agreementId: number; supplierId: number }, app: AppContext): Promise<void> {
  if (!app.modules.hasApi('messages')) return;
  const a = await agreement(app, payload.agreementId);
  const registered = await sup(app.db)
    .selectFrom('srm_pos_supplier_register')
    .select('language_code')
    .where('supplier_id', '=', payload.supplierId)
    .executeTakeFirst();
  const lang: Language = LANGUAGES.find((l) => l === registered?.language_code) ?? 'CN';
  await app.modules.api<MessagesApi>('messages').send({
    templateCode: 'SUPPLIER_AGREEMENT_SENT',
    sourceType: 'SUPPLIER_AGREEMENT',
    variables: { number: a.agreement_number ?? '', title: a.title, from: day(a.valid_from), to: day(a.valid_to) },
    recipients: [{ supplierId: payload.supplierId }],
    route: `/main/supplier/myAgreementEdit?id=${payload.agreementId}&mode=view`,
    language: lang,
    useMessageLanguage: true,
  });
}

export async function notifyAgreementAnswered(
  payload: { agreementId: number; supplierId: number; buyerId: number; status: 'SIGNED' | 'REFUSED' },
  app: AppContext,
): Promise<void> {
  if (!app.modules.hasApi('messages') || !payload.buyerId) return;
  const a = await agreement(app, payload.agreementId);
  const common = { number: a.agreement_number ?? '', title: a.title, supplier: a.supplier_name };
  await app.modules.api<MessagesApi>('messages').send({
    templateCode: payload.status === 'SIGNED' ? 'SUPPLIER_AGREEMENT_SIGNED' : 'SUPPLIER_AGREEMENT_REFUSED',
    sourceType: 'SUPPLIER_AGREEMENT',
    variables: payload.status === 'SIGNED' ? { ...common, signer: a.signed_by ?? '' } : { ...common, reason: a.refuse_reason ?? '' },
    recipients: [{ userId: payload.buyerId }],
    route: `/main/supplier/agreementEdit?id=${payload.agreementId}&mode=view`,
  });
}

// SUPPLIER_CERT_EXPIRY (scheduler): the daily local checks (certificates, overdue questionnaires,
// blacklist hits, expired agreements), then every supplier's risk score. New warnings are pushed
// (warningPush) to the supplier's responsible buyer (buyerUserId), else the buyers (responsibility BUYER),
// and, for certificates and questionnaires, to the supplier's own contacts, as inbox notices in the
// language of the supplier's registration.
import type { AppContext } from '../../../../server/context.js';
import { LANGUAGES, type Language } from '../../../../server/i18n/messages.js';
import type { ScheduledProgram } from '../../../../server/modules/types.js';
import { typed } from '../../../../server/db/typed.js';
import type { MessagesApi } from '../../../messages/api.js';
import type { SupplierTables } from '../../generated/tables.js';
import { scanQuestionnaires } from './questionnaireScan.js';
import { expireAgreements } from './agreementExpiry.js';
import { scanCertificates, type NewWarning } from './certificateScan.js';
import { scanBlacklistHits } from './blacklistScan.js';
import { refreshScores } from '../risk/score.js';

export const CERT_EXPIRY_PROGRAM = 'SUPPLIER_CERT_EXPIRY';
/** Who hears of a supplier's certificates besides the supplier: the buyers. */
export const WARNING_RESPONSIBILITY = 'BUYER';

const stampOf = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export const certificateExpiryProgram: ScheduledProgram = {
  code: CERT_EXPIRY_PROGRAM,
  names: {
    CN: '供应商证书到期预警',
    EN: 'Supplier certificate expiry warning',
    TH: 'แจ้งเตือนใบรับรองผู้จัดจำหน่ายใกล้หมดอายุ',
    VN: 'Cảnh báo chứng chỉ nhà cung cấp hết hạn',
  },
  paramsSchema: {
    type: 'object',
    properties: {
      daysAhead: {
        type: 'integer',
        minimum: 1,
        maximum: 365,
        default: 30,
        title: { CN: '提前天数', EN: 'Days ahead', TH: 'ล่วงหน้า (วัน)', VN: 'Số ngày trước' },
      },
    },
    required: ['daysAhead'],
  },
  retry: { limit: 2, delayMs: 10 * 60_000 },
  async run(app, params, run) {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const { opened, closed, expired } = await app.db.transaction().execute(async (trx) => {
      const certs = await scanCertificates(trx, today, Number(params.daysAhead ?? 30), stampOf(now));
      const questionnaires = await scanQuestionnaires(trx, today, stampOf(now));
      const hits = await scanBlacklistHits(trx, stampOf(now));
      const expired = await expireAgreements(trx, today, stampOf(now));
      await refreshScores(trx);
      return {
        opened: [...certs.opened, ...questionnaires.opened, ...hits.opened],
        closed: certs.closed + questionnaires.closed + hits.closed,
        expired,
      };
    });
    run?.log(`opened ${opened.length}, closed ${closed}, agreements expired ${expired}`);
    for (const w of opened) {
      run?.signal.throwIfAborted();
      await warningPush(app, w);
    }
  },
};

const TEMPLATES: Record<NewWarning['warningType'], string> = {
  CERT_EXPIRING: 'SUPPLIER_CERT_EXPIRING',
  CERT_EXPIRED: 'SUPPLIER_CERT_EXPIRED',
  QUESTIONNAIRE_OVERDUE: 'SUPPLIER_QN_OVERDUE',
  BLACKLIST_HIT: 'SUPPLIER_BLACKLIST_HIT',
  RISK: 'SUPPLIER_RISK_SIGNAL',
};

/**
 * One new warning to the supplier's responsible buyer, else the buyers (and, for its certificates and
 * questionnaires, the supplier's contacts).
 */
export async function warningPush(app: AppContext, w: NewWarning): Promise<void> {
  if (!app.modules.hasApi('messages')) return;
  const t = typed<SupplierTables>(app.db);
  const s = await t
    .selectFrom('srm_pos_supplier_info')
    .select(['supplier_number', 'supplier_name', 'buyer_user_id'])
    .where('supplier_id', '=', w.supplierId)
    .executeTakeFirstOrThrow();
  const registered = await t.selectFrom('srm_pos_supplier_register').select('language_code').where('supplier_id', '=', w.supplierId).executeTakeFirst();
  const lang: Language = LANGUAGES.find((l) => l === registered?.language_code) ?? 'CN';
  const vars = { supplier: `${s.supplier_number} ${s.supplier_name}`, cert: w.subject, date: w.dueDate };
  // One template of the module's own per kind of warning (messageTemplates.json).
  const templateCode = TEMPLATES[w.warningType];
  // Business-information signals and blacklist hits are the buyers' concern, not told to the supplier.
  const toSupplier = w.warningType !== 'RISK' && w.warningType !== 'BLACKLIST_HIT';
  const messages = app.modules.api<MessagesApi>('messages');
  const notice = { templateCode, sourceType: 'SUPPLIER_WARNING', variables: vars, language: lang, useMessageLanguage: true } as const;
  // The buyers' notice opens the warning list; the supplier's (which may not read that list) its own screen.
  // The supplier's responsible buyer hears of it; without one (or when that user can no longer be reached)
  // every holder of the BUYER responsibility, as before.
  const toBuyers = { ...notice, route: '/main/supplier/supplierWarningList' };
  const responsible = s.buyer_user_id === null ? undefined : Number(s.buyer_user_id);
  const reached = responsible === undefined ? 0 : (await messages.send({ ...toBuyers, recipients: [{ userId: responsible }] })).recipients;
  if (reached === 0) await messages.send({ ...toBuyers, recipients: [{ responsibility: WARNING_RESPONSIBILITY }] });
  if (toSupplier) await messages.send({ ...notice, recipients: [{ supplierId: w.supplierId }], route: supplierRoute(w) });
}

/** Where a supplier's user acts on a warning: the overdue questionnaire itself, else its company's information. */
function supplierRoute(w: NewWarning): string {
  return w.warningType === 'QUESTIONNAIRE_OVERDUE' && w.questionnaireId
    ? `/main/supplier/myQuestionnaireEdit?id=${w.questionnaireId}&mode=edit`
    : '/main/supplier/myCompanyList';
}

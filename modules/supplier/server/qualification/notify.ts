// After a questionnaire was sent (committed): the supplier's contacts get an inbox notice with the link to
// answer it in the portal, in the language the supplier registered in. The portal task itself is the
// questionnaire (我的问卷, and the home card of open questionnaires).
import type { AppContext } from '../../../../server/context.js';
import { LANGUAGES, type Language } from '../../../../server/i18n/messages.js';
import type { MessagesApi } from '../../../messages/api.js';
import { sup } from './engine.js';

export async function notifyQuestionnaireSent(payload: { questionnaireId: number; supplierId: number }, app: AppContext): Promise<void> {
  if (!app.modules.hasApi('messages')) return;
  const q = await sup(app.db)
    .selectFrom('srm_pos_questionnaire')
    .select(['questionnaire_number', 'title', 'due_date'])
    .where('questionnaire_id', '=', payload.questionnaireId)
    .executeTakeFirstOrThrow();
  const registered = await sup(app.db)
    .selectFrom('srm_pos_supplier_register')
    .select('language_code')
    .where('supplier_id', '=', payload.supplierId)
    .executeTakeFirst();
  const lang: Language = LANGUAGES.find((l) => l === registered?.language_code) ?? 'CN';
  const vars = { number: q.questionnaire_number ?? '', title: q.title ?? '', date: String(q.due_date).slice(0, 10) };
  await app.modules.api<MessagesApi>('messages').send({
    // The module's template (messageTemplates.json), so an administrator can reword or re-route it.
    templateCode: 'SUPPLIER_QUESTIONNAIRE_SENT',
    sourceType: 'SUPPLIER_QUESTIONNAIRE',
    variables: vars,
    recipients: [{ supplierId: payload.supplierId }],
    route: `/main/supplier/myQuestionnaireEdit?id=${payload.questionnaireId}&mode=edit`,
    language: lang,
    useMessageLanguage: true,
  });
}

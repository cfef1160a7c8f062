// Suppliers, client side: the profile card of the supplier portal's home (what the company still has to fill
// in), the public registration pages (/register, /registerInfoEdit), loaded when first opened, and the
// review pages' reject that asks for the reason, the questionnaire answering / scoring panel and the card of
// questionnaires to answer on the supplier home; the agreements to sign on the home and the signed PDF's panel; the risk score with its reasons on the
// buyer's supplier screen; on the supplier's own company screen, the hint that its master changes through a
// change request and its certificates (read-only, days left, scans).
import { lazy } from 'react';
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { ProfileHomeCard } from './profileHomeCard';
import { rejectWithReasonAction } from './rejectAction';
import { ChangesHomeCard } from './changesHomeCard';
import { QuestionnairePanel } from './questionnaire/QuestionnairePanel';
import { QuestionnairesHomeCard } from './questionnaire/questionnairesHomeCard';
import { AgreementsHomeCard } from './agreement/agreementsHomeCard';
import { AgreementPdfPanel } from './agreement/AgreementPdfPanel';
import { RiskPanel } from './risk/RiskPanel';
import { CompanyChangeHint } from './CompanyChangeHint';
import { CertificatesPanel } from './CertificatesPanel';

export default defineClientModule({
  name: 'supplier',
  actions: { rejectWithReason: rejectWithReasonAction },
  editAddons: {
    supplierQuestionnaire: { order: 40, component: QuestionnairePanel },
    supplierAgreementPdf: { order: 41, component: AgreementPdfPanel },
    supplierRisk: { order: 42, component: RiskPanel },
    supplierCompanyHint: { order: 43, component: CompanyChangeHint },
    supplierCertificates: { order: 44, component: CertificatesPanel },
  },
  homePanels: {
    supplierProfile: { order: 8, homes: ['ex'], component: ProfileHomeCard },
    supplierChanges: { order: 9, homes: ['ex'], menus: ['MY_SUPPLIER_CHANGE'], component: ChangesHomeCard },
    supplierQuestionnaires: { order: 7, homes: ['ex'], menus: ['MY_QUESTIONNAIRE'], component: QuestionnairesHomeCard },
    supplierAgreements: { order: 6, homes: ['ex'], menus: ['MY_AGREEMENT'], component: AgreementsHomeCard },
  },
  publicPages: {
    '/register': lazy(() => import('./register/RegisterPages').then((m) => ({ default: m.RegisterPage }))),
    '/registerInfoEdit': lazy(() => import('./register/RegisterPages').then((m) => ({ default: m.RegisterInfoEditPage }))),
  },
});

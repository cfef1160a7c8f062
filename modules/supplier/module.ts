// Suppliers: the supplier master, the supplier's own company page in the portal, self-registration
// (public calls; review through the workflow; approval creates the supplier and its first user), its
// internal review screen, changes of a supplier's information reviewed field by field, the lifecycle (approved status changes with their history) and the
// early warnings (certificate expiry, overdue questionnaires, blacklist hits and business-information risk
// signals through a connector, scheduled programs) with a risk score per supplier, and qualification: the question bank, questionnaire
// templates, qualification projects (questionnaire, site inspection, samples, trial batches, conclusion through
// the lifecycle) and satisfaction surveys (docs/suppliers.md "Qualification"), and agreements the supplier signs in
// the portal, kept as PDF (docs/suppliers.md "Agreements").
import { defineModule } from '../../server/modules/types.js';
import { supplierDemo } from './seed/demo.js';
import { supplierApi } from './server/supplierApi.js';
import type { SupplierApi } from './api.js';
import { PUBLIC_PATHS, registerPublicRoutes } from './server/register/publicRoutes.js';
import { mailFirstPassword, mailRejection, registerRules } from './server/register/approval.js';
import { lifecycleRules } from './server/lifecycle/rules.js';
import { changeRules } from './server/changes/rules.js';
import { listMasterFiles } from './server/changes/masterFiles.js';
import { listMyCertificates, mayReadRegistrationFiles } from './server/changes/myCertificates.js';
import type { FilesApi } from '../files/api.js';
import { notifyStatusChange } from './server/lifecycle/notify.js';
import { certificateExpiryProgram } from './server/warnings/certificateProgram.js';
import { riskScanProgram } from './server/risk/riskProgram.js';
import { statusEndDateProgram } from './server/lifecycle/endDates.js';
import { getSupplierEarlyWarningByPage } from './server/risk/earlyWarningPage.js';
import { getRegisterInfoVOById } from './server/register/registerInfoVO.js';
import { syncSupplierInfo } from './server/risk/companySync.js';
import { doSaveAnswers, doScoreAnswers, questionnaireRules } from './server/qualification/answers.js';
import { qualificationRules } from './server/qualification/rules.js';
import { surveyRules } from './server/qualification/surveys.js';
import { notifyQuestionnaireSent } from './server/qualification/notify.js';
import { agreementRules } from './server/agreements/rules.js';
import { notifyAgreementAnswered, notifyAgreementSent } from './server/agreements/notify.js';

export default defineModule({
  name: 'supplier',
  // admin: the supplier's portal users (its contacts); workflow: registration review; files: certificate files.
  dependsOn: ['base', 'admin', 'workflow', 'files', 'scheduler'],
  publicPaths: PUBLIC_PATHS,
  programs: [certificateExpiryProgram, riskScanProgram, statusEndDateProgram],
  routes: (server, { app }) => {
    // The portal shows a supplier its certificates' scans, which are its approved registration's files: readable
    // by its users, though the registration itself is not (docs/suppliers.md "Its certificates in the portal").
    const files = app.modules.api<FilesApi>('files');
    files.shareRead('srmPosSupplierRegister', mayReadRegistrationFiles);
    // The master's and the registration's files change only through approved change requests (and the buyer's
    // own edits): a supplier cannot delete them, not even the scans it uploaded itself. A signed agreement's PDF
    // is the agreement's record of the signature: not the signer's to delete either.
    for (const functionId of ['srmPosSupplierInfo', 'srmPosSupplierRegister', 'srmPosAgreement']) files.editorsOnly(functionId);
    return registerPublicRoutes(server, app);
  },
  rules: {
    srmPosSupplierRegister: registerRules,
    srmPosSupplierLifecycle: lifecycleRules,
    srmPosSupplierChange: changeRules,
    srmPosQuestionnaire: questionnaireRules,
    srmPosQualification: qualificationRules,
    srmPosSurvey: surveyRules,
    srmPosAgreement: agreementRules,
  },
  operations: {
    srmPosQuestionnaire: { doSaveAnswers, doScoreAnswers },
    srmPosSupplierWarning: { getSupplierEarlyWarningByPage },
    srmPosSupplierRegister: { getRegisterInfoVOById },
    srmPosSupplierInfo: { syncSupplierInfo, listMyCertificates },
    srmPosSupplierChange: { listMasterFiles, listMyCertificates },
  },
  subscribers: {
    'supplier.registrationApproved': mailFirstPassword,
    'supplier.registrationRejected': mailRejection,
    'supplier.statusChanged': notifyStatusChange,
    'supplier.questionnaireSent': notifyQuestionnaireSent,
    'supplier.agreementSent': notifyAgreementSent,
    'supplier.agreementAnswered': notifyAgreementAnswered,
  },
  api: ({ app }): SupplierApi => supplierApi(app),
  seed: { demo: supplierDemo },
});

// Purchase contracts (docs/contract.md): templates with terms and variables, watermarks, contracts filled
// from a template (by hand or from an award), approved through CON_APPROVAL, sent to the supplier, who
// confirms or refuses; signed by both sides through an e-signature provider; the PDF with its watermark;
// change (a new version, the old kept) and termination with a reason; service confirmation and score.
import { defineModule } from '../../server/modules/types.js';
import type { ContractApi } from './api.js';
import { sealImageOf } from './server/stampImages.js';
import { signedContracts } from './server/orderable.js';
import { contractRules } from './server/contractRules.js';
import { watermarkRules } from './server/watermarkRules.js';
import { esignAccountRules } from './server/esignAccountRules.js';
import { serviceConfirmRules } from './server/serviceRules.js';
import { doChange, doRefuse, doTerminate, findVersions } from './server/actions.js';
import { doSign } from './server/sign.js';
import { getContractPdf } from './server/pdf.js';
import { awardedInquiries, createFromAward } from './server/award.js';
import { contractSubscribers } from './server/notify.js';
import { contractDemo } from './seed/demo.js';

export default defineModule({
  name: 'contract',
  // files: signature account images;
  // supplier: the parties; sourcing: awards (its API); workflow: CON_APPROVAL; messages: the hand-overs.
  dependsOn: ['base', 'admin', 'files', 'supplier', 'sourcing', 'workflow', 'messages'],
  rules: { srmConContract: contractRules, srmConWatermark: watermarkRules, srmConServiceConfirm: serviceConfirmRules, esignAccount: esignAccountRules },
  operations: {
    srmConContract: { doRefuse, doSign, doTerminate, doChange, findVersions, getContractPdf, awardedInquiries, createFromAward },
  },
  api: ({ app }): ContractApi => ({ signedContracts, sealImage: (db, who) => sealImageOf(app, db, who.signerId, who.supplierId) }),
  subscribers: contractSubscribers,
  seed: { demo: contractDemo },
});

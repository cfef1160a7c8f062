// Sourcing: requests for quotation with sealed quotes (prices hidden from the buyer until the deadline),
// offer templates (which quote fields a supplier fills), the formal bid opening, bargaining rounds, awards split by quantity, and the price library the awards write.
import { defineModule } from '../../server/modules/types.js';
import { inquiryRules } from './server/inquiryRules.js';
import { quotationRules } from './server/sealed.js';
import { inquiryOperations } from './server/inquiryOperations.js';
import { quotationOperations } from './server/quotationOperations.js';
import { notifyAwarded, notifyBargaining, notifyBidsOpened, notifyPublished } from './server/notify.js';
import { doBidOpening } from './server/bidOpening.js';
import { reloadSupplier } from './server/reloadSupplier.js';
import { sourcingDemo } from './seed/demo.js';
import { registerExportRoute } from './server/exportRoute.js';
import { registerQuotationFileRoute } from './server/quotationFiles.js';
import { defaultValidity, latestUnitPrices, recordPriceItems } from './server/priceItems.js';
import { awards } from './server/awardRead.js';
import { doAddRequisitionLines, requisitionLinesForInquiry } from './server/fromRequisitions.js';
import { getMaterialItemUnit, listByPageWithLadder } from './server/ladderReads.js';
import { awardedPriceItems, validPriceItems } from './server/priceReads.js';
import type { SourcingApi } from './api.js';

export default defineModule({
  name: 'sourcing',
  // supplier: who may be invited and who its contacts are; messages: publish and result notices;
  // workflow: the award's approval (SRC_AWARD), whether a process took a submitted award.
  // requisition: approved requisition lines an inquiry's lines come from.
  dependsOn: ['base', 'admin', 'supplier', 'messages', 'workflow', 'requisition'],
  rules: { srmSrcInquiry: inquiryRules, srmSrcQuotation: quotationRules },
  operations: {
    srmSrcInquiry: { ...inquiryOperations, requisitionLinesForInquiry, doAddRequisitionLines, getMaterialItemUnit, doBidOpening, reloadSupplier },
    srmSrcQuotation: { ...quotationOperations, listByPageWithLadder },
  },
  subscribers: {
    'inquiry.published': notifyPublished,
    'inquiry.bargaining': notifyBargaining,
    'inquiry.awarded': notifyAwarded,
    'inquiry.bidsOpened': notifyBidsOpened,
  },
  routes: (server, { app }) => {
    registerExportRoute(server, app);
    registerQuotationFileRoute(server, app);
  },
  seed: { demo: sourcingDemo },
  api: (): SourcingApi => ({ recordPriceItems, latestUnitPrices, defaultValidity, awards, validPriceItems, awardedPriceItems }),
});

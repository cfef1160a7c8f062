// Demo company, sourcing: the grants (buyer01's 寻源 folder, the suppliers' 询价报价), the offer templates
// and inquiries in every state (seed/demoInquiries.ts).
import type { DemoStep } from '../../../server/modules/types.js';
import { demoInquiries } from './demoInquiries.js';
import { demoOfferTemplates } from './demoOfferTemplates.js';
import { demoAwardProcesses } from './demoAwardProcesses.js';
import { recordPriceItems } from '../server/priceItems.js';

const grants: DemoStep = {
  name: 'grants',
  after: ['admin:users'],
  async run(_db, demo) {
    await demo.grant('BUYER', 'SRC_INQUIRY', [
      'btnAdd',
      'btnEdit',
      'btnView',
      'btnSave',
      'btnDelete',
      'btnPublish',
      'btnExport',
      'btnClose',
      'btnCancel',
      'btnAward',
      'btnBargain',
      'btnOpenBids',
    ]);
    await demo.grant('BUYER', 'SRC_OFFER_TEMPLATE', ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete']);
    await demo.grant('BUYER', 'SRC_PRICE_ITEM', ['btnExport']);
    await demo.grant('SUPPLIER_PORTAL', 'SRC_BID', ['btnQuote', 'btnUploadAttachment', 'btnPreviewAttachment', 'btnDownloadAttachment', 'btnDelAttachment']);
  },
};

/** The price library's writer for other modules' demo steps (a demo step has no app, hence no public API):
 *  the same function SourcingApi.recordPriceItems is. The auction demo writes its award's prices with it. */
const priceWriter: DemoStep = {
  name: 'priceWriter',
  async run(_db, demo) {
    demo.share('sourcing.recordPriceItems', recordPriceItems);
  },
};

export const sourcingDemo: readonly DemoStep[] = [grants, priceWriter, demoOfferTemplates, demoInquiries, demoAwardProcesses];

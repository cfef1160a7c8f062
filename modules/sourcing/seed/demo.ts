// Demo company, sourcing: the grants (buyer01's 寻源 folder, the suppliers' 询价报价) and inquiries in
// every state (seed/demoInquiries.ts).
import type { DemoStep } from '../../../server/modules/types.js';
import { demoInquiries } from './demoInquiries.js';
import { demoAwardProcesses } from './demoAwardProcesses.js';

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
    ]);
    await demo.grant('BUYER', 'SRC_PRICE_ITEM', ['btnExport']);
    await demo.grant('SUPPLIER_PORTAL', 'SRC_BID', ['btnQuote']);
  },
};

export const sourcingDemo: readonly DemoStep[] = [grants, demoInquiries, demoAwardProcesses];

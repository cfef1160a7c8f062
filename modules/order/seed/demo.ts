// Demo company, orders' part: the menus of buyers, approvers and suppliers (the orders themselves: demoOrders.ts).
import type { DemoStep } from '../../../server/modules/types.js';
import { demoOrders } from './demoOrders.js';
import { demoErp } from './demoErp.js';

const grants: DemoStep = {
  name: 'grants',
  after: ['admin:users'],
  async run(_db, demo) {
    await demo.grant('BUYER', 'PO_ORDER', [
      'btnAdd',
      'btnEdit',
      'btnView',
      'btnSave',
      'btnDelete',
      'btnSubmit',
      'btnExport',
      'btnRelease',
      'btnBuyerConfirm',
      'btnRevise',
      'btnClose',
      'btnCancel',
    ]);
    await demo.grant('BUYER', 'PO_LINE_BOARD', []);
    await demo.grant('BUYER', 'PO_RECEIPT', ['btnAdd', 'btnView', 'btnSave', 'btnExport', 'btnInspect']);
    await demo.grant('BUYER', 'PO_RETURN', ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnSubmit', 'btnApprove', 'btnReject', 'btnExport']);
    // Approvers open the orders their to-do list shows.
    await demo.grant('PR_APPROVER', 'PO_ORDER', ['btnView']);
    await demo.grant('SUPPLIER_PORTAL', 'MY_ORDERS', ['btnView', 'btnExport', 'btnConfirm']);
    await demo.grant('SUPPLIER_PORTAL', 'MY_DELIVERIES', ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnExport', 'btnShip', 'btnCancel']);
    await demo.grant('SUPPLIER_PORTAL', 'MY_RECEIPTS', ['btnView']);
  },
};

export const orderDemo: readonly DemoStep[] = [grants, ...demoOrders, demoErp];

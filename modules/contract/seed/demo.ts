// Demo company, contracts' part: the menus of buyers, approvers and suppliers (the data: demoData.ts).
import type { DemoStep } from '../../../server/modules/types.js';
import { demoLibrary } from './demoLibrary.js';
import { demoContracts } from './demoContracts.js';
import { demoServices } from './demoServices.js';
import { demoAccountImages, demoAccounts } from './demoAccounts.js';

const grants: DemoStep = {
  name: 'grants',
  after: ['admin:users'],
  async run(_db, demo) {
    await demo.grant('BUYER', 'CON_CONTRACT', [
      'btnAdd',
      'btnEdit',
      'btnView',
      'btnSave',
      'btnDelete',
      'btnSubmit',
      'btnExport',
      'btnSendConfirm',
      'btnSign',
      'btnChange',
      'btnTerminate',
    ]);
    for (const menu of ['CON_TEMPLATE', 'CON_TERM']) await demo.grant('BUYER', menu, ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnExport']);
    await demo.grant('BUYER', 'CON_WATERMARK', ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete']);
    await demo.grant('BUYER', 'CON_ESIGN', ['btnView', 'btnExport']);
    await demo.grant('BUYER', 'CON_ESIGN_ACCOUNT', [
      'btnAdd',
      'btnEdit',
      'btnView',
      'btnSave',
      'btnUploadAttachment',
      'btnPreviewAttachment',
      'btnDownloadAttachment',
      'btnDelAttachment',
    ]);
    await demo.grant('BUYER', 'CON_SERVICE', ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnExport', 'btnConfirm']);
    // Approvers open the contracts their to-do list shows.
    await demo.grant('PR_APPROVER', 'CON_CONTRACT', ['btnView']);
    await demo.grant('SUPPLIER_PORTAL', 'MY_ESIGN_ACCOUNT', [
      'btnAdd',
      'btnEdit',
      'btnView',
      'btnSave',
      'btnUploadAttachment',
      'btnPreviewAttachment',
      'btnDownloadAttachment',
      'btnDelAttachment',
    ]);
    await demo.grant('SUPPLIER_PORTAL', 'MY_SERVICE_SCORES', ['btnView', 'btnExport']);
    await demo.grant('SUPPLIER_PORTAL', 'MY_CONTRACTS', ['btnView', 'btnExport', 'btnConfirm', 'btnRefuse', 'btnSign']);
  },
};

export const contractDemo: readonly DemoStep[] = [grants, demoLibrary, demoContracts, demoServices, demoAccounts, demoAccountImages];

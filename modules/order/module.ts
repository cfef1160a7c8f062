// Purchase orders, delivery notes (ASN), goods receipts with incoming inspection, and returns: the daily
// collaboration between buyers and suppliers (docs/order.md).
import { defineModule } from '../../server/modules/types.js';
import './api.js';
import { orderRules } from './server/orderRules.js';
import { doBuyerConfirm, doBuyerRejectChange, doSupplierConfirm } from './server/confirm.js';
import { doCancel, doClose } from './server/changes.js';
import { doRevise } from './server/revise.js';
import { findVersions } from './server/versions.js';
import { listOpenLines } from './server/lineBoard.js';
import { createFromRequisition } from './server/fromRequisition.js';
import { createFromAward } from './server/fromAward.js';
import { awardedSources } from './server/awardList.js';
import { createFromContract, signedContracts } from './server/fromContract.js';
import { deliveryRules } from './server/deliveryRules.js';
import { receiptRules } from './server/receiptRules.js';
import { returnRules } from './server/returnRules.js';
import { doSyncInspection } from './server/inspection.js';
import { orderFacts } from './server/facts.js';
import { orderSubscribers } from './server/notify.js';
import { deliveryOperations } from './server/labels.js';
import { orderDemo } from './seed/demo.js';
import { overdueProgram } from './server/overdueProgram.js';
import { doRetry, erpProgram, erpSubscribers } from './server/erp/program.js';

export default defineModule({
  name: 'order',
  // requisition: orders from approved lines (its API); sourcing: prices and awards (its API); contract: signed
  // contracts (its API); messages: the hand-over messages.
  dependsOn: ['base', 'admin', 'supplier', 'requisition', 'sourcing', 'contract', 'workflow', 'messages', 'scheduler'],
  rules: { srmPoOrder: orderRules, srmPoDelivery: deliveryRules, srmPoReceipt: receiptRules, srmPoReturn: returnRules },
  operations: {
    srmPoOrder: {
      doSupplierConfirm,
      doBuyerConfirm,
      doBuyerRejectChange,
      doClose,
      doCancel,
      doRevise,
      findVersions,
      createFromRequisition,
      createFromAward,
      awardedSources,
      createFromContract,
      signedContracts,
      listOpenLines,
    },
    srmPoDelivery: deliveryOperations,
    srmPoReceipt: { doSyncInspection },
    srmPoErpOutbox: { doRetry },
  },
  // PO_APPROVAL's gateway tests the order's total in CNY.
  documentFacts: { srmPoOrder: orderFacts },
  // Released orders and receipts: the message, and a push run for the ERP outbox (written in the transaction).
  subscribers: {
    ...orderSubscribers,
    'order.released': async (e, app) => {
      await erpSubscribers['order.released'](e, app);
      await orderSubscribers['order.released'](e, app);
    },
    'receipt.posted': async (e, app) => {
      await erpSubscribers['receipt.posted'](e, app);
      await orderSubscribers['receipt.posted'](e, app);
    },
  },
  // The overdue-delivery reminder and the ERP push (scheduler).
  programs: [overdueProgram, erpProgram],
  seed: { demo: orderDemo },
});

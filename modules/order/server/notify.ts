// A message at each hand-over, sent after the commit (subscribers of the module's own events): released,
// changed and returned go to the supplier's contacts; confirmed and shipped to the buyer who created the
// order; received to the supplier.
import type { AppContext } from '../../../server/context.js';
import type { DomainEvents } from '../../../server/events/domainEvents.js';
import type { MessagesApi, MessageRecipient } from '../../messages/api.js';

async function send(app: AppContext, sourceType: string, documentNumber: string, recipients: MessageRecipient[], route: string) {
  await app.modules.api<MessagesApi>('messages').send({ sourceType, variables: { documentNumber }, recipients, route });
}

const supplierOrder = (id: number) => `/main/order/supplierOrderEdit?id=${id}&mode=view`;
const buyerOrder = (id: number) => `/main/order/poOrderEdit?id=${id}&mode=view`;

export const orderSubscribers = {
  'order.released': async (e: DomainEvents['order.released'], app: AppContext) =>
    send(app, 'PO_RELEASED', e.orderNumber, [{ supplierId: e.supplierId }], supplierOrder(e.orderId)),
  'order.confirmed': async (e: DomainEvents['order.confirmed'], app: AppContext) =>
    send(app, e.status === 'CONFIRMED' ? 'PO_CONFIRMED' : 'PO_CHANGED', e.orderNumber, [{ userId: e.buyerId }], buyerOrder(e.orderId)),
  'order.changed': async (e: DomainEvents['order.changed'], app: AppContext) =>
    send(app, 'PO_CHANGED', e.orderNumber, [{ supplierId: e.supplierId }], supplierOrder(e.orderId)),
  'delivery.shipped': async (e: DomainEvents['delivery.shipped'], app: AppContext) =>
    send(app, 'PO_SHIPPED', e.deliveryNumber, [{ userId: e.buyerId }], `/main/order/poReceiptEdit?deliveryId=${e.deliveryId}`),
  'receipt.posted': async (e: DomainEvents['receipt.posted'], app: AppContext) =>
    send(app, 'PO_RECEIVED', e.receiptNumber, [{ supplierId: e.supplierId }], `/main/order/supplierReceiptEdit?id=${e.receiptId}&mode=view`),
  'return.approved': async (e: DomainEvents['return.approved'], app: AppContext) =>
    send(app, 'PO_RETURNED', e.returnNumber, [{ supplierId: e.supplierId }], `/main/order/supplierReturnEdit?id=${e.returnId}&mode=view`),
};

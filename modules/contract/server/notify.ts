// A message at each hand-over, sent after the commit (subscribers of the module's own events, through the
// messages module's API): sent and terminated go to the supplier's contacts; confirmed or refused to the
// buyer who made the contract; signed to the other side (both when complete).
import type { AppContext } from '../../../server/context.js';
import type { DomainEvents } from '../../../server/events/domainEvents.js';
import type { MessagesApi, MessageRecipient } from '../../messages/api.js';

async function send(app: AppContext, sourceType: string, documentNumber: string, recipients: MessageRecipient[], route: string) {
  await app.modules.api<MessagesApi>('messages').send({ sourceType, variables: { documentNumber }, recipients, route });
}

const supplierView = (id: number) => `/main/contract/supplierContractEdit?id=${id}&mode=view`;
const buyerView = (id: number) => `/main/contract/contractEdit?id=${id}&mode=view`;

export const contractSubscribers = {
  'contract.sent': async (e: DomainEvents['contract.sent'], app: AppContext) =>
    send(app, 'CON_SENT', e.contractNumber, [{ supplierId: e.supplierId }], supplierView(e.contractId)),
  'contract.answered': async (e: DomainEvents['contract.answered'], app: AppContext) =>
    send(app, e.status === 'CONFIRMED' ? 'CON_CONFIRMED' : 'CON_REFUSED', e.contractNumber, [{ userId: e.buyerId }], buyerView(e.contractId)),
  'contract.signed': async (e: DomainEvents['contract.signed'], app: AppContext) => {
    if (e.complete || e.side === 'BUYER') await send(app, 'CON_SIGNED', e.contractNumber, [{ supplierId: e.supplierId }], supplierView(e.contractId));
    if (e.complete || e.side === 'SUPPLIER') await send(app, 'CON_SIGNED', e.contractNumber, [{ userId: e.buyerId }], buyerView(e.contractId));
  },
  'contract.terminated': async (e: DomainEvents['contract.terminated'], app: AppContext) =>
    send(app, 'CON_TERMINATED', e.contractNumber, [{ supplierId: e.supplierId }], supplierView(e.contractId)),
};

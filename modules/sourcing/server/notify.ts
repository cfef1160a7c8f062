// Messages to suppliers' contacts (site + e-mail, through the messages module's templates), after the
// commit: an invitation when an inquiry is published or a bargaining round opens, and the result
// (awarded / not awarded) after the award; the bid opening. A failed send is reported by the event bus, never undoes the business step.
import type { AppContext } from '../../../server/context.js';
import type { DomainEvents } from '../../../server/events/domainEvents.js';
import type { MessagesApi } from '../../messages/api.js';

const BID_ROUTE = '/main/sourcing/bidList';

async function sendEach(app: AppContext, supplierIds: number[], message: (supplierId: number) => Parameters<MessagesApi['send']>[0]) {
  if (!app.modules.hasApi('messages')) return;
  const messages = app.modules.api<MessagesApi>('messages');
  // Every supplier is tried; the first failure is then reported by the event bus.
  let failure: unknown = null;
  for (const supplierId of supplierIds) {
    try {
      await messages.send(message(supplierId));
    } catch (err) {
      failure ??= err;
    }
  }
  if (failure) throw failure;
}

export async function notifyPublished(e: DomainEvents['inquiry.published'], app: AppContext): Promise<void> {
  await sendEach(app, e.supplierIds, (supplierId) => ({
    sourceType: 'SRC_INQUIRY_INVITED',
    variables: { inquiryNumber: e.inquiryNumber, title: e.title, deadline: e.deadline },
    recipients: [{ supplierId }],
    route: BID_ROUTE,
    senderId: e.senderId,
  }));
}

export async function notifyBargaining(e: DomainEvents['inquiry.bargaining'], app: AppContext): Promise<void> {
  await notifyPublished(e, app);
}

export async function notifyAwarded(e: DomainEvents['inquiry.awarded'], app: AppContext): Promise<void> {
  const result = (sourceType: string) => (supplierId: number) => ({
    sourceType,
    variables: { inquiryNumber: e.inquiryNumber, title: e.title },
    recipients: [{ supplierId }],
    route: BID_ROUTE,
    senderId: e.senderId,
  });
  await sendEach(app, e.winnerIds, result('SRC_INQUIRY_WON'));
  await sendEach(app, e.loserIds, result('SRC_INQUIRY_LOST'));
}

export async function notifyBidsOpened(e: DomainEvents['inquiry.bidsOpened'], app: AppContext): Promise<void> {
  await sendEach(app, e.supplierIds, (supplierId) => ({
    sourceType: 'SRC_INQUIRY_OPENED',
    variables: { inquiryNumber: e.inquiryNumber, title: e.title, openedAt: e.openedAt },
    recipients: [{ supplierId }],
    route: BID_ROUTE,
    senderId: e.senderId,
  }));
}

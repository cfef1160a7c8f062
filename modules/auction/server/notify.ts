// After the commit: the invited suppliers hear of a published auction (message + e-mail through the
// messages module) and of its result; watchers of the hall get a frame for every change.
import type { AppContext } from '../../../server/context.js';
import { messageInEveryLanguage } from '../../../server/i18n/messages.js';
import type { MessagesApi } from '../../messages/api.js';
import { textOf } from './clock.js';
import { publishAuction } from './live.js';
import { invitedSuppliers, loadAuction } from './repo.js';

const HALL_ROUTE = '/main/auction/competeHall';

export async function notifyPublished(p: { auctionId: number }, app: AppContext): Promise<void> {
  await publishAuction(app, p.auctionId, 'publish');
  const a = await loadAuction(app.db, p.auctionId, false);
  if (!a || !app.modules.hasApi('messages')) return;
  const suppliers = await invitedSuppliers(app.db, a.auctionId);
  await app.modules.api<MessagesApi>('messages').send({
    sourceType: 'AUCTION_INVITED',
    templateCode: 'AUCTION_INVITED',
    variables: { auctionNumber: a.auctionNumber, title: a.title, startTime: textOf(a.startMs), endTime: textOf(a.endMs) },
    recipients: suppliers.map((s) => ({ supplierId: s.supplierId })),
    route: `${HALL_ROUTE}?id=${a.auctionId}`,
    senderId: a.createdBy,
  });
}

export async function notifyCancelled(p: { auctionId: number }, app: AppContext): Promise<void> {
  await publishAuction(app, p.auctionId, 'cancel');
}

export async function notifyAwarded(p: { auctionId: number; supplierId: number }, app: AppContext): Promise<void> {
  const a = await loadAuction(app.db, p.auctionId, false);
  if (!a || !app.modules.hasApi('messages')) return;
  const messages = app.modules.api<MessagesApi>('messages');
  for (const s of await invitedSuppliers(app.db, a.auctionId)) {
    await messages.send({
      sourceType: 'AUCTION_RESULT',
      templateCode: 'AUCTION_RESULT',
      variables: {
        auctionNumber: a.auctionNumber,
        title: a.title,
        won: messageInEveryLanguage(s.supplierId === p.supplierId ? 'auction.result.won' : 'auction.result.lost'),
      },
      recipients: [{ supplierId: s.supplierId }],
      route: `${HALL_ROUTE}?id=${a.auctionId}`,
      senderId: a.createdBy,
    });
  }
}

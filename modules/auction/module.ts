// Reverse auctions and the live competition hall (CONTRACT.md "Sourcing": srmSrcAuctionRestful): English,
// Dutch and Japanese formats, the server clock deciding every bid, automatic extension against
// last-second bids, a hash-chained log of bids and extensions, and live frames on /srm-ws (docs/auction.md).
import { defineModule } from '../../server/modules/types.js';
import { auctionDemo } from './seed/demo.js';
import { auctionOperations } from './server/operations.js';
import { auctionRules } from './server/rules.js';
import { installSupplierReadGuard } from './server/readGuard.js';
import { notifyAwarded, notifyCancelled, notifyPublished } from './server/notify.js';
import './api.js';

export default defineModule({
  name: 'auction',
  // supplier: who may be invited and its contacts; push: live frames; messages: the publish notice;
  // sourcing: its 寻源 folder holds the auction menus.
  dependsOn: ['base', 'admin', 'supplier', 'push', 'messages', 'sourcing'],
  rules: { srmSrcAuction: auctionRules },
  operations: { srmSrcAuction: auctionOperations },
  httpHooks: (server, { app }) => installSupplierReadGuard(server, app),
  subscribers: { 'auction.published': notifyPublished, 'auction.cancelled': notifyCancelled, 'auction.awarded': notifyAwarded },
  seed: { demo: auctionDemo },
});

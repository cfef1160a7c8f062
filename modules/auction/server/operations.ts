// srmSrcAuctionRestful's operations besides the generic actions and the declared transitions.
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { autoAwardByMinPrice, doAward } from './award.js';
import { doSupplierOfferPrice } from './bid.js';
import { doClose, doCompeteHallTurnProcess, doExtend, doPause, doResume } from './control.js';
import { doVerifyLog, getCompeteHallInfo, getCompeteSupplierInfo, listAuctionLog, listByPageForCompete } from './info.js';

export const auctionOperations: Record<string, FamilyAction> = {
  doSupplierOfferPrice,
  doCompeteHallTurnProcess,
  doPause,
  doResume,
  doExtend,
  doClose,
  autoAwardByMinPrice,
  doAward,
  getCompeteSupplierInfo,
  getCompeteHallInfo,
  listByPageForCompete,
  listAuctionLog,
  doVerifyLog,
};

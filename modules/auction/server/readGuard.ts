// A supplier reaches auctions only through the supplier calls (listByPageForCompete,
// getCompeteSupplierInfo, doSupplierOfferPrice): the generic reads of srmSrcAuctionRestful would show
// every auction with its invited suppliers and the board. The hall page of the supplier portal names the
// family (its buttons are the permissions of those calls), so the menu alone would let them through; this
// hook refuses them for EXTERNAL users before the family runs (after the signature check set the session).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../server/context.js';
import { forbidden } from '../../../server/errors.js';

const FAMILY = '/api/srmServer/v1/srmSrcAuctionRestful/';
const SUPPLIER_CALLS = new Set(['listByPageForCompete', 'getCompeteSupplierInfo', 'doSupplierOfferPrice']);

export function installSupplierReadGuard(server: FastifyInstance, _app: AppContext): void {
  server.addHook('preHandler', async (req) => {
    const path = req.url.split('?')[0];
    if (!path.startsWith(FAMILY) || req.session?.userType !== 'EXTERNAL') return;
    if (!SUPPLIER_CALLS.has(path.slice(FAMILY.length))) throw forbidden('auth.forbidden');
  });
}

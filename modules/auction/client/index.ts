// Auctions, client side: the live competition halls (registered renderers of the custom pages
// auction/supplierHall and auction/competeHall).
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { BuyerHall } from './BuyerHall';
import { SupplierHall } from './SupplierHall';

export default defineClientModule({ name: 'auction', renderers: { auctionSupplierHall: SupplierHall, auctionBuyerHall: BuyerHall } });

// Auctions, client side: the live competition halls (registered renderers of the custom pages
// auction/supplierHall and auction/competeHall), and the supplier home's running and coming auctions.
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { BuyerHall } from './BuyerHall';
import { SupplierHall } from './SupplierHall';
import { AuctionsHomeCard } from './auctionsHomeCard';

export default defineClientModule({
  name: 'auction',
  renderers: { auctionSupplierHall: SupplierHall, auctionBuyerHall: BuyerHall },
  homePanels: { supplierAuctions: { order: 7, homes: ['ex'], menus: ['SUPPLIER_AUCTION_HALL'], component: AuctionsHomeCard } },
});

// Sourcing screens (kind custom), by renderer name: the buyer's comparison and award, the supplier's quoting;
// and the supplier home's inquiries to quote.
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { InquiryCompare } from './InquiryCompare';
import { SupplierBid } from './SupplierBid';
import { BidsHomeCard } from './bidsHomeCard';

export default defineClientModule({
  name: 'sourcing',
  renderers: { inquiryCompare: InquiryCompare, supplierBid: SupplierBid },
  homePanels: { supplierBids: { order: 6, homes: ['ex'], menus: ['SRC_BID'], component: BidsHomeCard } },
});

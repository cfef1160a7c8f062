// Sourcing screens (kind custom), by renderer name: the buyer's comparison and award, the supplier's quoting;
// the supplier home's inquiries to quote; a draft inquiry's lines from approved requisition lines; the bid
// opening of a published inquiry.
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { InquiryCompare } from './InquiryCompare';
import { SupplierBid } from './SupplierBid';
import { BidsHomeCard } from './bidsHomeCard';
import { FromRequisitionsPanel } from './FromRequisitionsPanel';
import { BidOpeningPanel } from './BidOpeningPanel';

export default defineClientModule({
  name: 'sourcing',
  renderers: { inquiryCompare: InquiryCompare, supplierBid: SupplierBid },
  editAddons: {
    srcFromRequisitions: { order: 37, component: FromRequisitionsPanel },
    srcBidOpening: { order: 38, component: BidOpeningPanel },
  },
  homePanels: { supplierBids: { order: 6, homes: ['ex'], menus: ['SRC_BID'], component: BidsHomeCard } },
});

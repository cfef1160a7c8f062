// Sourcing screens (kind custom), by renderer name: the buyer's comparison and award, the supplier's quoting;
// the supplier home's inquiries to quote; and a draft inquiry's lines from approved requisition lines.
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { InquiryCompare } from './InquiryCompare';
import { SupplierBid } from './SupplierBid';
import { BidsHomeCard } from './bidsHomeCard';
import { FromRequisitionsPanel } from './FromRequisitionsPanel';

export default defineClientModule({
  name: 'sourcing',
  renderers: { inquiryCompare: InquiryCompare, supplierBid: SupplierBid },
  editAddons: { srcFromRequisitions: { order: 37, component: FromRequisitionsPanel } },
  homePanels: { supplierBids: { order: 6, homes: ['ex'], menus: ['SRC_BID'], component: BidsHomeCard } },
});

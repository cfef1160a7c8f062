// Sourcing screens (kind custom), by renderer name: the buyer's comparison and award, the supplier's quoting.
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { InquiryCompare } from './InquiryCompare';
import { SupplierBid } from './SupplierBid';

export default defineClientModule({
  name: 'sourcing',
  renderers: { inquiryCompare: InquiryCompare, supplierBid: SupplierBid },
});

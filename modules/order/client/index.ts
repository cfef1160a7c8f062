// The order module's client part: edit-page panels for what a generic form cannot say — the supplier's
// line-by-line confirmation, reasons for refusing changes / closing / cancelling, a delivery note from a
// confirmed order (and its labels), a receipt started by scanning a label, a new order from an award or a signed contract, the
// change order and the kept revisions; the supplier home's open orders.
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { SupplierConfirmPanel } from './SupplierConfirmPanel';
import { ReasonPanel } from './ReasonPanel';
import { DeliveryPanel } from './DeliveryPanel';
import { ReceiptPanel } from './ReceiptPanel';
import { LineBoard } from './LineBoard';
import { FromAwardPanel } from './FromAwardPanel';
import { FromContractPanel } from './FromContractPanel';
import { ChangeOrderPanel } from './ChangeOrderPanel';
import { VersionsPanel } from './VersionsPanel';
import { OrdersHomeCard } from './ordersHomeCard';

export default defineClientModule({
  name: 'order',
  renderers: { poLineBoard: LineBoard },
  homePanels: { supplierOrders: { order: 5, homes: ['ex'], menus: ['MY_ORDERS'], component: OrdersHomeCard } },
  editAddons: {
    poSupplierConfirm: { order: 30, component: SupplierConfirmPanel },
    poReasons: { order: 31, component: ReasonPanel },
    poDeliveryFromOrder: { order: 32, component: DeliveryPanel },
    poReceiveByBarcode: { order: 33, component: ReceiptPanel },
    poFromAward: { order: 34, component: FromAwardPanel },
    poFromContract: { order: 34.5, component: FromContractPanel },
    poChangeOrder: { order: 35, component: ChangeOrderPanel },
    poVersions: { order: 36, component: VersionsPanel },
  },
});

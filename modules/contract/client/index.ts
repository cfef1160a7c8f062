// The contract module's client part: edit-page panels for what a generic form cannot say — the PDF, the
// e-signature box, the steps with a reason (refuse, change, terminate), the versions, and a new contract
// made from an award.
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { ContractPanel } from './ContractPanel';
import { AwardPanel } from './AwardPanel';

export default defineClientModule({
  name: 'contract',
  editAddons: {
    conContractPanel: { order: 30, component: ContractPanel },
    conFromAward: { order: 31, component: AwardPanel },
  },
});

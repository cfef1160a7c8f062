// Suppliers, client side: the profile card of the supplier portal's home (what the company still has to fill in).
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { ProfileHomeCard } from './profileHomeCard';

export default defineClientModule({
  name: 'supplier',
  homePanels: { supplierProfile: { order: 8, homes: ['ex'], component: ProfileHomeCard } },
});

// Logs, client side: the internal home's recent documents (read from the caller's operation log).
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { RecentDocumentsCard } from './recentDocumentsCard';

export default defineClientModule({
  name: 'logs',
  homePanels: { recentDocuments: { order: 6, homes: ['in'], component: RecentDocumentsCard } },
});

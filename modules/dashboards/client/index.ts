// Dashboards, client side: the KPI card of the internal home (requisition numbers and charts).
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { KpiHomeCard } from './kpiHomeCard';

export default defineClientModule({
  name: 'dashboards',
  homePanels: { kpis: { order: 20, homes: ['in'], component: KpiHomeCard } },
});

// Dashboards, client side: the KPI card of the internal home (requisition numbers and charts).
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { KpiHomeCard } from './kpiHomeCard';

export default defineClientModule({
  name: 'dashboards',
  // Requisition figures: for the users whose menus let them read requisitions (the list or this dashboard).
  homePanels: { kpis: { order: 20, homes: ['in'], menus: ['REQUISITION', 'PURCHASE_DASHBOARD'], component: KpiHomeCard } },
});

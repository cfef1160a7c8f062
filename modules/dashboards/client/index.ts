// Dashboards, client side: the KPI card of the internal home, the dashboard page `dashboard/homeKpis`
// (requisition numbers and charts) drawn by the shell.
import { defineClientModule } from '../../../runtime/registry/clientModule';

export default defineClientModule({
  name: 'dashboards',
  // Requisition figures: for the users whose menus let them read requisitions (the list or this dashboard).
  homePanels: { kpis: { order: 20, homes: ['in'], menus: ['REQUISITION', 'PURCHASE_DASHBOARD'], page: 'dashboard/homeKpis' } },
});

// The built-in dashboard widgets. Registered with the other built-ins when the page runtime loads, and
// by a home card that draws widgets without that runtime (a reload straight onto the home: nothing has
// loaded the runtime yet, and the card would find no widget of its type).
import { dashboardWidgets } from '../registry/index.js';
import { ChartWidget } from './ChartWidget.js';
import { ListWidget } from './ListWidget.js';
import { StatWidget } from './StatWidget.js';

const BUILT_IN = { chart: { component: ChartWidget }, stat: { component: StatWidget }, list: { component: ListWidget } };

/** Safe to call more than once; a module's own widget of the same name stays. */
export function registerDashboardWidgets(): void {
  for (const [name, def] of Object.entries(BUILT_IN)) if (!dashboardWidgets.has(name)) dashboardWidgets.register(name, def);
}

// Dashboards: pages of kind "dashboard" (charts, numbers and short lists over other modules' families,
// read through their REST families with the reader's rights). The purchasing dashboard is for buyers.
import { defineModule } from '../../server/modules/types.js';
import { dashboardsDemo } from './seed/demo.js';

export default defineModule({ name: 'dashboards', seed: { demo: dashboardsDemo } });

// The BUYER responsibility gets the purchasing dashboard (its widgets read requisitions and suppliers,
// which the menu then allows buyers to list and aggregate).
import type { DemoStep } from '../../../server/modules/types.js';

const grant: DemoStep = {
  name: 'grant',
  after: ['admin:users'],
  async run(_db, demo) {
    await demo.grant('BUYER', 'PURCHASE_DASHBOARD', []);
  },
};

export const dashboardsDemo: readonly DemoStep[] = [grant];

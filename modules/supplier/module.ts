// Suppliers: the supplier master and the supplier's own company page in the portal.
import { defineModule } from '../../server/modules/types.js';
import { supplierDemo } from './seed/demo.js';
import { supplierApi } from './server/supplierApi.js';
import type { SupplierApi } from './api.js';

export default defineModule({
  name: 'supplier',
  // admin: the supplier's portal users (its contacts).
  dependsOn: ['base', 'admin'],
  api: ({ app }): SupplierApi => supplierApi(app),
  seed: { demo: supplierDemo },
});

// Suppliers: the supplier master and the supplier's own company page in the portal.
import { defineModule } from '../../server/modules/types.js';
import { supplierDemo } from './seed/demo.js';
import { supplierApi } from './server/supplierApi.js';
import type { SupplierApi } from './api.js';

export default defineModule({
  name: 'supplier',
  dependsOn: ['base'],
  api: ({ app }): SupplierApi => supplierApi(app.db),
  seed: { demo: supplierDemo },
});

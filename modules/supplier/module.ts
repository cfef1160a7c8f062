// Suppliers: the supplier master and the supplier's own company page in the portal.
import { defineModule } from '../../server/modules/types.js';
import { supplierDemo } from './seed/demo.js';
import { supplierApi } from './server/supplierApi.js';
import type { SupplierApi } from './api.js';
import { PUBLIC_PATHS, registerPublicRoutes } from './server/register/publicRoutes.js';

export default defineModule({
  name: 'supplier',
  dependsOn: ['base'],
  publicPaths: PUBLIC_PATHS,
  routes: (server, { app }) => registerPublicRoutes(server, app),
  api: ({ app }): SupplierApi => supplierApi(app.db),
  seed: { demo: supplierDemo },
});

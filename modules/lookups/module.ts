// Lookups: lookup types and their values, edited as one document, cached for every form and grid.
import { defineModule } from '../../server/modules/types.js';
import { registerLookupAdminRoutes } from './server/lookupAdminRoutes.js';
import { registerFindDicRoute } from './server/findDicRoute.js';
import { lookupData } from './server/lookupData.js';

export default defineModule({
  name: 'lookups',
  provides: { lookups: lookupData },
  cacheEffects: { baseLookupType: (app) => app.lookups.invalidate(), baseLookupValues: (app) => app.lookups.invalidate() },
  routes(server, { app }) {
    registerFindDicRoute(server, app);
    registerLookupAdminRoutes(server, app);
  },
});

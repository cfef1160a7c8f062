// Developer tools: the designer's publish/overlay API, code generation, database and API catalogues.
import { defineModule } from '../../server/modules/types.js';
import { registerDefinitionRoutes } from './server/definitionRoutes.js';
import { registerDevtoolsRoutes } from './server/routes.js';
import { overlayData } from './server/overlayRows.js';

export default defineModule({
  name: 'devtools',
  dependsOn: ['admin'],
  provides: { overlays: overlayData },
  routes(server, { app, definitions }) {
    registerDefinitionRoutes(server, app, definitions);
    registerDevtoolsRoutes(server, app);
  },
});

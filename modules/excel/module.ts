// Excel: export and import of any list, background exports and My exports. The xlsx engine is a
// platform service (server/excel); this module serves the calls and owns the export jobs. Generated
// files are recorded through the files module's API.
import { defineModule } from '../../server/modules/types.js';
import { registerExcelRoutes } from './server/routes.js';
import { failedExportCleanup } from './server/failedExportCleanup.js';

export default defineModule({
  name: 'excel',
  dependsOn: ['files'],
  routes: (server, { app }) => registerExcelRoutes(server, app),
  programs: [failedExportCleanup],
});

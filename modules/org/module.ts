// Organisation: institutions, departments, position levels, jobs, positions, employees and allotments.
import { defineModule } from '../../server/modules/types.js';
import { orgDemo } from './seed/demo.js';
import { allotBeforeSave } from './server/allotRules.js';
import { registerOrgRoutes } from './server/orgRoutes.js';

export default defineModule({
  name: 'org',
  rules: { basePositionAllot: { beforeSave: allotBeforeSave } },
  routes: (server, { app }) => registerOrgRoutes(server, app),
  seed: { demo: orgDemo },
});

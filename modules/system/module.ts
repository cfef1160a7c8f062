// System settings: profiles (typed settings), articles, reminder settings, per-user table settings, cache admin.
import { defineModule } from '../../server/modules/types.js';
import { systemDemo } from './seed/demo.js';
import { articleBeforeSave } from './server/articleRules.js';
import { registerCacheAdminRoutes } from './server/cacheAdmin.js';
import { profileBeforeSave } from './server/profileRules.js';
import { profileData } from './server/profileData.js';
import { registerTableConfigRoutes } from './server/tableConfig/routes.js';
import { reminderSend } from './server/reminderSend.js';

export default defineModule({
  name: 'system',
  provides: { profiles: profileData },
  rules: { baseProfile: { beforeSave: profileBeforeSave }, baseArticle: { beforeSave: articleBeforeSave } },
  cacheEffects: { baseProfile: (app) => app.profiles.invalidate() },
  routes(server, { app }) {
    registerCacheAdminRoutes(server, app);
    registerTableConfigRoutes(server, app);
  },
  programs: [reminderSend],
  seed: { demo: systemDemo },
});

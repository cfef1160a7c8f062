// Notices and notifications (SPEC §1, §2): written and published by buyers to an audience (all suppliers,
// chosen suppliers, suppliers of chosen categories, internal staff), valid between two dates, rich text
// sanitised, with attachments. Public ones in a language show on the login page's notice pages without a
// session; signed-in users see theirs on their home, updated live over /srm-ws (docs/notices.md).
import { defineModule } from '../../server/modules/types.js';
import { noticesDemo } from './seed/demo.js';
import { noticeChanged } from './server/live.js';
import { PUBLIC_PATHS, registerNoticeRoutes } from './server/routes.js';
import { noticeRules } from './server/rules.js';

export default defineModule({
  name: 'notices',
  dependsOn: ['admin', 'push'],
  rules: { srmNotice: noticeRules },
  publicPaths: PUBLIC_PATHS,
  routes: (server, { app }) => registerNoticeRoutes(server, app),
  subscribers: { 'entity.transitioned': noticeChanged },
  seed: { demo: noticesDemo },
});

// Live push: the /srm-ws websocket, its tickets, and the frames modules publish to signed-in browsers
// (docs/push.md). Other modules call `app.modules.api<PushApi>('push').publish(userIds, type, data)`.
import { defineModule } from '../../server/modules/types.js';
import type { PushApi } from './api.js';
import { hubOf } from './server/hub.js';
import { registerPushRoutes } from './server/routes.js';

export default defineModule({
  name: 'push',
  dependsOn: [],
  api: ({ app }): PushApi => hubOf(app),
  routes: (server, { app }) => registerPushRoutes(server, app),
});

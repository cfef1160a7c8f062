// System logs: user operations, interface calls, third-party (tripartite) calls, sent messages. The
// operation and interface logs are written by one request hook for every route; the call logs are the
// platform's (services.ts CallLogs).
import { defineModule } from '../../server/modules/types.js';
import { installAuditHook } from './server/auditHook.js';
import { callLogs } from './server/callLogs.js';
import { logsDemo } from './seed/demo.js';

export default defineModule({
  name: 'logs',
  provides: { callLogs },
  httpHooks: (server, { app }) => installAuditHook(server, app),
  seed: { demo: logsDemo },
});

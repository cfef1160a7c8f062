// Scheduler: the programs the modules declare (`programs` in their manifests), requests to run them once,
// at a time or by cron, their runs and log. pg-boss drives the runs on PostgreSQL; on PGlite the same
// JobEngine interface runs in-process (docs/decisions.md "Scheduler").
import { defineModule } from '../../server/modules/types.js';
import { schedulingDemo } from './seed/demo.js';
import { doCancel, doLaunch, doPause, doSubmit, findEvents, findLog } from './server/operations.js';
import { runPurge } from './server/programs/runPurge.js';
import { requestRules } from './server/requestRules.js';
import { schedulerOf } from './server/service.js';
import { schedulerApi } from './server/api.js';
import type { SchedulerApi } from './api.js';

export default defineModule({
  name: 'scheduler',
  operations: { scheduleRequest: { doSubmit, doLaunch, doPause, doCancel, findLog, findEvents } },
  rules: { scheduleRequest: requestRules },
  programs: [runPurge],
  routes(server, { app }) {
    // Runs start once the server is ready (every module's API is built) and stop before the database closes.
    const scheduler = schedulerOf(app);
    server.addHook('onReady', () => scheduler.start());
    server.addHook('onClose', () => scheduler.stop());
  },
  seed: { demo: schedulingDemo },
  api: ({ app }): SchedulerApi => schedulerApi(app),
});

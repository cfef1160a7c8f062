// Messages: templates per event and channel in four languages with typed variables, sources (which
// module event feeds which template), configurations (who receives what on which channel), instances
// with their delivery state per recipient and channel, the delivery log; the in-app inbox and its
// bell, e-mail through the platform mailer with retries through the scheduler, SMS through the
// platform's provider (docs/messages.md). Other modules send through `MessagesApi` (api.ts).
import { defineModule } from '../../server/modules/types.js';
import type { MessagesApi } from './api.js';
import { messagesDemo } from './seed/demo.js';
import { seedTemplates } from './seed/shipped.js';
import { dispatcherOf } from './server/dispatch.js';
import { registerInboxRoutes } from './server/inbox.js';
import { registerPreferenceRoutes } from './server/preferences.js';
import { doResend, doSendManual, findDeliveries, getChannelInfo } from './server/operations.js';
import { messageRetry } from './server/program.js';
import { configRules, templateRules } from './server/rules.js';
import { sendMessage } from './server/send.js';
import { taskAssigned, taskUrged } from './server/subscribers.js';

export default defineModule({
  name: 'messages',
  // admin: users, their contacts and responsibilities; push: live frames; scheduler: retries later;
  // supplier: a supplier's contacts (SUPPLIER rule).
  dependsOn: ['admin', 'push', 'scheduler', 'supplier'],
  rules: { msgTemplate: templateRules, msgConfig: configRules },
  operations: { msgLog: { getChannelInfo }, msgDelivery: { doResend }, msgInstance: { findDeliveries, doSendManual } },
  programs: [messageRetry],
  subscribers: { 'workflow.taskAssigned': taskAssigned, 'workflow.taskUrged': taskUrged },
  routes(server, { app }) {
    registerInboxRoutes(server, app);
    registerPreferenceRoutes(server, app);
    const dispatcher = dispatcherOf(app);
    // Deliveries a stopped process left waiting get their retry run (after the scheduler has started).
    server.addHook('onReady', async () => {
      const next = await dispatcher.nextRetry();
      if (next) await dispatcher.retryBy(next);
    });
    // Attempts under way finish before the database closes.
    server.addHook('onClose', () => dispatcher.idle());
  },
  // Every module's messageTemplates.json (this one's too) is written through this slot.
  provides: { messageTemplates: { seed: seedTemplates } },
  api: ({ app }): MessagesApi => ({ send: (message) => sendMessage(app, message) }),
  seed: { demo: messagesDemo },
});

// MESSAGE_RETRY: the scheduled run that sends again the e-mail and SMS deliveries whose retry time came.
// The dispatcher asks the scheduler for a run by the next retry time (SchedulerApi.runBy), so a failure
// is retried with backoff on whichever server process the scheduler picks, exactly once.
import type { ScheduledProgram } from '../../../server/modules/types.js';
import { dispatcherOf, RETRY_PROGRAM } from './dispatch.js';

export const messageRetry: ScheduledProgram = {
  code: RETRY_PROGRAM,
  names: { CN: '消息重发', EN: 'Resend messages', TH: 'ส่งข้อความซ้ำ', VN: 'Gửi lại tin nhắn' },
  timeoutMs: 15 * 60_000,
  async run(app, _params, run) {
    await dispatcherOf(app).runDue(run);
  },
};

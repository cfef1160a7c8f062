// BPM_ESCALATE: the scheduled run that fires the boundary timers whose time came (timers.ts). `asOf`
// (yyyy-MM-dd HH:mm:ss, UTC) runs it as of a later time: the tests' controllable clock, or an
// administrator catching up.
import type { ScheduledProgram } from '../../../server/modules/types.js';
import { ESCALATE_PROGRAM, escalateDue } from './timers.js';

export const escalateProgram: ScheduledProgram = {
  code: ESCALATE_PROGRAM,
  names: { CN: '流程超时升级', EN: 'Escalate overdue process steps', TH: 'ยกระดับขั้นตอนที่เกินเวลา', VN: 'Chuyển cấp bước quy trình quá hạn' },
  paramsSchema: {
    type: 'object',
    properties: {
      asOf: {
        type: 'string',
        maxLength: 19,
        title: { CN: '按此时间（UTC）', EN: 'As of (UTC)', TH: 'ณ เวลา (UTC)', VN: 'Tính đến (UTC)' },
      },
    },
  },
  async run(app, params, run) {
    const asOf = typeof params.asOf === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.asOf) ? params.asOf : undefined;
    const fired = await escalateDue(app, asOf);
    run?.log(`escalated ${fired}`);
  },
};

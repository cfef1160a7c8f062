// BPM_URGE: the scheduled run of the urge rules (urge.ts): asked for when a task of a model with an enabled
// rule is assigned (by its first reminder) and, after each run, by the next reminder due; `asOf`
// (yyyy-MM-dd HH:mm:ss, UTC) runs it as of another time — the tests' controllable clock. Also the save
// rules of an urge rule: a published model's key, hours and counts in range.
import type { EntityRules, ScheduledProgram } from '../../../server/modules/types.js';
import { refuse } from '../../../server/errors.js';
import { nextUrgeDue, urgeDue } from './urge.js';
import type { SchedulerApi } from '../../scheduler/api.js';
import { wf } from './store.js';

export const URGE_PROGRAM = 'BPM_URGE';

export const urgeProgram: ScheduledProgram = {
  code: URGE_PROGRAM,
  names: { CN: '流程自动催办', EN: 'Remind assignees of open tasks', TH: 'เตือนผู้รับผิดชอบงานที่ค้าง', VN: 'Nhắc người xử lý nhiệm vụ đang mở' },
  paramsSchema: {
    type: 'object',
    properties: {
      asOf: { type: 'string', maxLength: 19, title: { CN: '按此时间（UTC）', EN: 'As of (UTC)', TH: 'ณ เวลา (UTC)', VN: 'Tính đến (UTC)' } },
    },
  },
  async run(app, params, run) {
    const asOf = typeof params.asOf === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.asOf) ? params.asOf : undefined;
    run?.log(`reminded ${await urgeDue(app, asOf)}`);
    // A real run (not one as of another time) asks for the next one when the next reminder falls due.
    const next = asOf ? null : await nextUrgeDue(app);
    if (next) await app.modules.api<SchedulerApi>('scheduler').runBy(URGE_PROGRAM, next);
  },
};

const MAX_HOURS = 24 * 365;

export const urgeRuleRules: EntityRules = {
  async beforeSave(_ctx, db, values) {
    if (typeof values.model_key === 'string') {
      const key = values.model_key.trim();
      const model = await wf(db).selectFrom('bpm_model').select('model_id').where('model_key', '=', key).executeTakeFirst();
      if (!model) throw refuse('bpm.urge.unknownModel', { key });
      values.model_key = key;
    }
    if (typeof values.node_id === 'string') values.node_id = values.node_id.trim() || null;
    for (const [col, min, max] of [
      ['after_hours', 0, MAX_HOURS],
      ['repeat_hours', 1, MAX_HOURS],
      ['max_times', 1, 100],
    ] as const) {
      const v = values[col];
      if (v !== undefined && v !== null && (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max))
        throw refuse('bpm.urge.range', { field: col, min, max });
    }
  },
};

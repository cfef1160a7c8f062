// Demo urge rules (reminderSetting): PR_APPROVAL's manager step reminded after a day, daily, three times
// (the open task of PR-2026-000002 has had all three); its finance step's rule switched off; every step of
// PR_BUDGET_CHECK after 8 hours. BPM_URGE runs them (asked for through the scheduler when a task is assigned and after each run).
import type { DemoStep } from '../../../server/modules/types.js';
import { auditInsert } from '../../../server/db/typed.js';
import { sql } from 'kysely';
import { wf } from '../server/store.js';

export const urgeDemo: DemoStep = {
  name: 'urgeRules',
  after: ['workflow:budgetCheck'],
  async run(db, demo) {
    const t = wf(db);
    const admin = demo.ids.get('user', 'admin');
    const rule = async (model_key: string, node_id: string | null, after: number, repeat: number, max: number, enabled: 'Y' | 'N', description: string) =>
      (
        await t
          .insertInto('bpm_urge_rule')
          .values({ model_key, node_id, after_hours: after, repeat_hours: repeat, max_times: max, enabled_flag: enabled, description, ...auditInsert(admin) })
          .returning('rule_id')
          .executeTakeFirstOrThrow()
      ).rule_id;
    const manager = await rule('PR_APPROVAL', 'approve01', 24, 24, 3, 'Y', '采购经理一天未处理即提醒，每天一次，最多三次');
    await rule('PR_APPROVAL', 'approve02', 48, 24, 2, 'N', '财务总监审批提醒（暂停）');
    await rule('PR_BUDGET_CHECK', null, 8, 8, 5, 'Y', '预算校验流程各环节 8 小时提醒');
    const open = await t
      .selectFrom('bpm_task as k')
      .innerJoin('bpm_instance as i', 'i.instance_id', 'k.instance_id')
      .select(['k.task_id', 'k.assignee_id', 'k.instance_id', 'k.create_date'])
      .where('i.model_key', '=', 'PR_APPROVAL')
      .where('k.node_id', '=', 'approve01')
      .where('k.state', '=', 'OPEN')
      .execute();
    for (const task of open) {
      for (let n = 1; n <= 3; n++) {
        const sent = sql<string>`cast(${task.create_date} as timestamp) + make_interval(days => ${n})`;
        await t
          .insertInto('bpm_urge_log')
          .values({ task_id: task.task_id, rule_id: manager, assignee_id: task.assignee_id, times: n, sent_date: sent, ...auditInsert(0) })
          .execute();
        await t
          .insertInto('bpm_history')
          .values({
            instance_id: task.instance_id,
            task_id: task.task_id,
            node_id: 'approve01',
            node_name: '采购经理审批',
            action: 'AUTO_URGE',
            user_id: null,
            user_name: null,
            comment: `${n}/3`,
            action_date: sent,
            ...auditInsert(0),
          })
          .execute();
      }
    }
  },
};

// Demo process roles: two in use (approver02 as purchase director; approver01 and approver02 as finance
// reviewers) and a disabled one, so the processRoleList screen shows both states.
import type { DemoStep } from '../../../server/modules/types.js';
import { auditInsert } from '../../../server/db/typed.js';
import { wf } from '../server/store.js';

const ROLES = [
  { code: 'PURCHASE_DIRECTOR', name: '采购总监 / Purchase director', enabled: 'Y' as const, members: ['approver02'], description: '大额采购申请的终审' },
  { code: 'FINANCE_REVIEW', name: '财务复核 / Finance review', enabled: 'Y' as const, members: ['approver01', 'approver02'], description: '会签：财务复核人' },
  { code: 'LEGAL_REVIEW', name: '法务审核 / Legal review', enabled: 'N' as const, members: ['admin'], description: '合同模块上线后启用' },
];

export const processRoleDemo: DemoStep = {
  name: 'processRoles',
  after: ['admin:users'],
  async run(db, demo) {
    const t = wf(db);
    const admin = demo.ids.get('user', 'admin');
    for (const r of ROLES) {
      const row = await t
        .insertInto('bpm_process_role')
        .values({ role_code: r.code, role_name: r.name, enabled_flag: r.enabled, description: r.description, ...auditInsert(admin) })
        .returning('role_id')
        .executeTakeFirstOrThrow();
      await t
        .insertInto('bpm_process_role_member')
        .values(r.members.map((user_name) => ({ role_id: row.role_id, user_name, ...auditInsert(admin) })))
        .execute();
    }
  },
};

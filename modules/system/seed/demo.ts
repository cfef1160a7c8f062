// Demo company, system settings: a few profiles, two articles (one published) and reminder rules.
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { DemoStep } from '../../../server/modules/types.js';
import type { SystemTables } from '../generated/tables.js';

const settings: DemoStep = {
  name: 'settings',
  after: ['admin:users'],
  async run(db, demo) {
    const adminId = demo.ids.get('user', 'admin');
    const profiles: [string, string, string, string, string][] = [
      ['SYSTEM_NAME', '系统名称', 'STRING', '示范制造 SRM', '页面标题显示的系统名称'],
      ['PASSWORD_MIN_LENGTH', '密码最小长度', 'NUMBER', '8', '用户密码的最小长度'],
      ['SUPPLIER_SELF_REGISTER', '允许供应商自助注册', 'BOOLEAN', 'Y', 'Y 允许，N 关闭'],
      ['FISCAL_YEAR_START', '财年开始日期', 'DATE', '2026-01-01', ''],
      ['EXPORT_LIMITS', '导出限制', 'JSON', '{"sheetMaxRow":50000,"pageRows":20000}', '导出 Excel 的行数限制'],
    ];
    const system = typed<SystemTables>(db);
    const audit = auditInsert(adminId);
    for (const [code, name, type, value, desc] of profiles) {
      await system
        .insertInto('base_profile')
        .values({ profile_code: code, profile_name: name, value_type: type, profile_value: value, description: desc || null, ...audit })
        .execute();
    }

    await system
      .insertInto('base_article')
      .values([
        {
          title: '供应商门户上线通知',
          category: 'NEWS',
          content: '<p>供应商门户已于 <strong>2026 年 11 月</strong> 正式上线，请各供应商使用分配的账号登录。</p>',
          status: 'PUBLISHED',
          publish_date: '2026-11-01 09:00:00',
          published_by: adminId,
          ...audit,
        },
        {
          title: '采购管理制度（2026 版）',
          category: 'POLICY',
          content: '<h2>总则</h2><p>本制度适用于集团各公司的采购活动。</p><ul><li>公开透明</li><li>货比三家</li></ul>',
          status: 'DRAFT',
          publish_date: null,
          published_by: null,
          ...audit,
        },
      ])
      .execute();

    await system
      .insertInto('base_reminder_setting')
      .values([
        {
          reminder_name: '合同到期提醒',
          business_type: 'CONTRACT_EXPIRY',
          days_before: 30,
          recipients: 'buyer01,approver01',
          channel: 'MAIL',
          description: '合同到期前 30 天邮件提醒采购员和审批人',
          ...audit,
        },
        {
          reminder_name: '资质到期提醒',
          business_type: 'QUALIFICATION_EXPIRY',
          days_before: 15,
          recipients: 'buyer01',
          channel: 'SITE',
          description: null,
          ...audit,
        },
      ])
      .execute();
  },
};

export const systemDemo: readonly DemoStep[] = [settings];

// The templates, sources and configurations every installation needs (seed.product: every start, only
// what is missing, so an administrator's edits survive an upgrade): a workflow task assigned, a
// forgotten-password code, a reminder, and a notice an administrator writes.
import type { Db } from '../../../server/db/connect.js';
import { auditInsert } from '../../../server/db/typed.js';
import { msg } from '../server/store.js';
import type { VariableType } from '../server/templates.js';
import { ORDER_TEMPLATES } from './shippedOrders.js';

type Lang = 'CN' | 'EN' | 'TH' | 'VN';
type Texts = Record<Lang, [subject: string | null, content: string]>;

interface ShippedTemplate {
  code: string;
  name: string;
  description: string;
  variables: [name: string, type: VariableType, required: boolean, description: string][];
  contents: Partial<Record<'SITE' | 'MAIL' | 'SMS', Texts>>;
  /** optional: users may switch it off in their message settings (msgUser). */
  source: { code: string; name: string; module: string; event: string; optional: boolean };
  config?: { site: boolean; mail: boolean; sms: boolean };
}

export const SHIPPED: readonly ShippedTemplate[] = [
  {
    code: 'WF_TASK_ASSIGNED',
    name: '待办任务通知',
    description: '流程任务分配给用户时通知处理人',
    variables: [
      ['taskName', 'STRING', true, '任务名称'],
      ['documentNumber', 'STRING', true, '单据编号'],
      ['processKey', 'STRING', false, '流程编码'],
      ['initiatorName', 'STRING', false, '发起人'],
    ],
    contents: {
      SITE: {
        CN: ['待办：{{taskName}} {{documentNumber}}', '{{initiatorName}} 提交的单据 {{documentNumber}} 等待您处理（{{taskName}}）。'],
        EN: ['To do: {{taskName}} {{documentNumber}}', 'Document {{documentNumber}} from {{initiatorName}} is waiting for you ({{taskName}}).'],
        TH: ['งานที่ต้องทำ: {{taskName}} {{documentNumber}}', 'เอกสาร {{documentNumber}} จาก {{initiatorName}} รอคุณดำเนินการ ({{taskName}})'],
        VN: ['Việc cần làm: {{taskName}} {{documentNumber}}', 'Chứng từ {{documentNumber}} của {{initiatorName}} đang chờ bạn xử lý ({{taskName}}).'],
      },
      MAIL: {
        CN: [
          '【SRM】待办：{{taskName}} {{documentNumber}}',
          '您好：\n\n{{initiatorName}} 提交的单据 {{documentNumber}} 等待您处理（{{taskName}}）。请登录 SRM 在“我的消息”中打开。',
        ],
        EN: [
          '[SRM] To do: {{taskName}} {{documentNumber}}',
          'Hello,\n\nDocument {{documentNumber}} from {{initiatorName}} is waiting for you ({{taskName}}). Sign in to the SRM and open it from your messages.',
        ],
        TH: [
          '[SRM] งานที่ต้องทำ: {{taskName}} {{documentNumber}}',
          'สวัสดี\n\nเอกสาร {{documentNumber}} จาก {{initiatorName}} รอคุณดำเนินการ ({{taskName}}) กรุณาเข้าสู่ระบบ SRM และเปิดจากข้อความของคุณ',
        ],
        VN: [
          '[SRM] Việc cần làm: {{taskName}} {{documentNumber}}',
          'Xin chào,\n\nChứng từ {{documentNumber}} của {{initiatorName}} đang chờ bạn xử lý ({{taskName}}). Hãy đăng nhập SRM và mở từ tin nhắn của bạn.',
        ],
      },
    },
    source: { code: 'WF_TASK_ASSIGNED', name: '流程任务分配', module: 'workflow', event: 'workflow.taskAssigned', optional: true },
    config: { site: true, mail: true, sms: false },
  },
  // Urge rules (workflow reminderSetting): an open task waiting too long.
  {
    code: 'WF_TASK_URGED',
    name: '待办催办',
    description: '催办设置按规则提醒待办任务的处理人',
    variables: [
      ['taskName', 'STRING', true, '任务名称'],
      ['documentNumber', 'STRING', true, '单据编号'],
      ['hoursOpen', 'NUMBER', true, '已等待小时数'],
      ['times', 'NUMBER', true, '第几次提醒'],
    ],
    contents: {
      SITE: {
        CN: [
          '催办：{{taskName}} {{documentNumber}}',
          '单据 {{documentNumber}} 的“{{taskName}}”已等待您 {{hoursOpen}} 小时，请尽快处理（第 {{times}} 次提醒）。',
        ],
        EN: [
          'Reminder: {{taskName}} {{documentNumber}}',
          '"{{taskName}}" of document {{documentNumber}} has waited for you {{hoursOpen}} hours; please handle it (reminder {{times}}).',
        ],
        TH: [
          'เตือน: {{taskName}} {{documentNumber}}',
          '"{{taskName}}" ของเอกสาร {{documentNumber}} รอคุณมา {{hoursOpen}} ชั่วโมงแล้ว กรุณาดำเนินการ (เตือนครั้งที่ {{times}})',
        ],
        VN: [
          'Nhắc nhở: {{taskName}} {{documentNumber}}',
          '"{{taskName}}" của chứng từ {{documentNumber}} đã chờ bạn {{hoursOpen}} giờ; vui lòng xử lý (lần nhắc {{times}}).',
        ],
      },
    },
    source: { code: 'WF_TASK_URGED', name: '流程催办', module: 'workflow', event: 'workflow.taskUrged', optional: true },
    config: { site: true, mail: false, sms: false },
  },
  // Reverse auctions (modules/auction): the invitation on publish, and the result after the award.
  {
    code: 'AUCTION_INVITED',
    name: '竞价邀请',
    description: '竞价发布时通知受邀供应商',
    variables: [
      ['auctionNumber', 'STRING', true, '竞价单号'],
      ['title', 'STRING', true, '标题'],
      ['startTime', 'STRING', true, '开始时间 (UTC)'],
      ['endTime', 'STRING', true, '结束时间 (UTC)'],
    ],
    contents: {
      SITE: {
        CN: [
          '竞价邀请：{{auctionNumber}} {{title}}',
          '您受邀参加竞价 {{auctionNumber}}「{{title}}」，{{startTime}} 开始，{{endTime}} 结束（UTC）。请在“竞价大厅”出价。',
        ],
        EN: [
          'Auction invitation: {{auctionNumber}} {{title}}',
          'You are invited to auction {{auctionNumber}} "{{title}}", from {{startTime}} to {{endTime}} (UTC). Bid in the competition hall.',
        ],
        TH: [
          'คำเชิญประมูล: {{auctionNumber}} {{title}}',
          'คุณได้รับเชิญเข้าร่วมการประมูล {{auctionNumber}} "{{title}}" ตั้งแต่ {{startTime}} ถึง {{endTime}} (UTC) เสนอราคาได้ที่ห้องประมูล',
        ],
        VN: [
          'Mời đấu giá: {{auctionNumber}} {{title}}',
          'Bạn được mời tham gia đấu giá {{auctionNumber}} "{{title}}", từ {{startTime}} đến {{endTime}} (UTC). Hãy trả giá trong phòng đấu giá.',
        ],
      },
      MAIL: {
        CN: [
          '【SRM】竞价邀请：{{auctionNumber}} {{title}}',
          '您好：\n\n您受邀参加竞价 {{auctionNumber}}「{{title}}」，{{startTime}} 开始，{{endTime}} 结束（UTC）。请登录 SRM 在“竞价大厅”出价。',
        ],
        EN: [
          '[SRM] Auction invitation: {{auctionNumber}} {{title}}',
          'Hello,\n\nYou are invited to auction {{auctionNumber}} "{{title}}", from {{startTime}} to {{endTime}} (UTC). Sign in to the SRM and bid in the competition hall.',
        ],
        TH: [
          '[SRM] คำเชิญประมูล: {{auctionNumber}} {{title}}',
          'สวัสดี\n\nคุณได้รับเชิญเข้าร่วมการประมูล {{auctionNumber}} "{{title}}" ตั้งแต่ {{startTime}} ถึง {{endTime}} (UTC) กรุณาเข้าสู่ระบบ SRM และเสนอราคาที่ห้องประมูล',
        ],
        VN: [
          '[SRM] Mời đấu giá: {{auctionNumber}} {{title}}',
          'Xin chào,\n\nBạn được mời tham gia đấu giá {{auctionNumber}} "{{title}}", từ {{startTime}} đến {{endTime}} (UTC). Hãy đăng nhập SRM và trả giá trong phòng đấu giá.',
        ],
      },
    },
    source: { code: 'AUCTION_INVITED', name: '竞价发布', module: 'auction', event: 'auction.published', optional: false },
    config: { site: true, mail: true, sms: false },
  },
  {
    code: 'AUCTION_RESULT',
    name: '竞价结果',
    description: '竞价定标后通知受邀供应商结果',
    variables: [
      ['auctionNumber', 'STRING', true, '竞价单号'],
      ['title', 'STRING', true, '标题'],
      ['won', 'STRING', true, 'Y 中标 / N 未中标'],
    ],
    contents: {
      SITE: {
        CN: ['竞价结果：{{auctionNumber}}', '竞价 {{auctionNumber}}「{{title}}」已定标（中标：{{won}}）。'],
        EN: ['Auction result: {{auctionNumber}}', 'Auction {{auctionNumber}} "{{title}}" has been awarded (awarded to you: {{won}}).'],
        TH: ['ผลการประมูล: {{auctionNumber}}', 'การประมูล {{auctionNumber}} "{{title}}" ได้ตัดสินแล้ว (คุณชนะ: {{won}})'],
        VN: ['Kết quả đấu giá: {{auctionNumber}}', 'Đấu giá {{auctionNumber}} "{{title}}" đã được trao thầu (bạn trúng thầu: {{won}}).'],
      },
    },
    source: { code: 'AUCTION_RESULT', name: '竞价定标', module: 'auction', event: 'auction.awarded', optional: true },
    config: { site: true, mail: false, sms: false },
  },
  {
    code: 'PASSWORD_RESET_CODE',
    name: '找回密码验证码',
    description: '忘记密码时发送的验证码（邮件或短信）',
    variables: [
      ['code', 'STRING', true, '验证码'],
      ['minutes', 'NUMBER', true, '有效分钟数'],
      ['user', 'STRING', true, '用户名'],
    ],
    contents: {
      MAIL: {
        CN: ['SRM 找回密码验证码', '用户 {{user}}：您的验证码是 {{code}}，{{minutes}} 分钟内有效。如非本人操作请忽略。'],
        EN: ['SRM password reset code', 'User {{user}}: your code is {{code}}, valid for {{minutes}} minutes. If you did not ask for it, ignore this message.'],
        TH: ['รหัสรีเซ็ตรหัสผ่าน SRM', 'ผู้ใช้ {{user}}: รหัสของคุณคือ {{code}} ใช้ได้ {{minutes}} นาที หากคุณไม่ได้ขอ โปรดเพิกเฉย'],
        VN: ['Mã đặt lại mật khẩu SRM', 'Người dùng {{user}}: mã của bạn là {{code}}, có hiệu lực {{minutes}} phút. Nếu bạn không yêu cầu, hãy bỏ qua.'],
      },
      SMS: {
        CN: [null, '【SRM】用户 {{user}} 的验证码 {{code}}，{{minutes}} 分钟内有效。'],
        EN: [null, '[SRM] Code for {{user}}: {{code}} (valid {{minutes}} min).'],
        TH: [null, '[SRM] รหัสสำหรับ {{user}}: {{code}} (ใช้ได้ {{minutes}} นาที)'],
        VN: [null, '[SRM] Mã cho {{user}}: {{code}} (hiệu lực {{minutes}} phút).'],
      },
    },
    source: { code: 'PASSWORD_RESET', name: '忘记密码', module: 'admin', event: 'basePasswordService/sendEmailCode, sendPhoneCode', optional: false },
  },
  {
    code: 'REMINDER',
    name: '提醒',
    description: '提醒设置（REMINDER_SEND）按规则发送的提醒',
    variables: [
      ['reminderName', 'STRING', true, '提醒名称'],
      ['businessType', 'STRING', true, '业务类型'],
      ['daysBefore', 'NUMBER', true, '提前天数'],
      ['description', 'STRING', false, '描述'],
    ],
    contents: {
      SITE: {
        CN: ['提醒：{{reminderName}}', '{{businessType}}：提前 {{daysBefore}} 天提醒。{{description}}'],
        EN: ['Reminder: {{reminderName}}', '{{businessType}}: {{daysBefore}} day(s) ahead. {{description}}'],
        TH: ['การแจ้งเตือน: {{reminderName}}', '{{businessType}}: ล่วงหน้า {{daysBefore}} วัน {{description}}'],
        VN: ['Nhắc nhở: {{reminderName}}', '{{businessType}}: trước {{daysBefore}} ngày. {{description}}'],
      },
      MAIL: {
        CN: ['【SRM】提醒：{{reminderName}}', '您好：\n\n{{businessType}}：提前 {{daysBefore}} 天提醒。{{description}}'],
        EN: ['[SRM] Reminder: {{reminderName}}', 'Hello,\n\n{{businessType}}: {{daysBefore}} day(s) ahead. {{description}}'],
        TH: ['[SRM] การแจ้งเตือน: {{reminderName}}', 'สวัสดี\n\n{{businessType}}: ล่วงหน้า {{daysBefore}} วัน {{description}}'],
        VN: ['[SRM] Nhắc nhở: {{reminderName}}', 'Xin chào,\n\n{{businessType}}: trước {{daysBefore}} ngày. {{description}}'],
      },
      SMS: {
        CN: [null, '【SRM】提醒 {{reminderName}}：{{businessType}}，提前 {{daysBefore}} 天。'],
        EN: [null, '[SRM] Reminder {{reminderName}}: {{businessType}}, {{daysBefore}} day(s) ahead.'],
        TH: [null, '[SRM] แจ้งเตือน {{reminderName}}: {{businessType}} ล่วงหน้า {{daysBefore}} วัน'],
        VN: [null, '[SRM] Nhắc {{reminderName}}: {{businessType}}, trước {{daysBefore}} ngày.'],
      },
    },
    source: { code: 'REMINDER', name: '提醒设置', module: 'system', event: 'REMINDER_SEND', optional: true },
  },
  {
    code: 'MANUAL_NOTICE',
    name: '系统通知',
    description: '管理员在“发送消息”中手工发送的通知',
    variables: [
      ['title', 'STRING', true, '标题'],
      ['content', 'STRING', true, '内容'],
    ],
    contents: {
      SITE: { CN: ['{{title}}', '{{content}}'], EN: ['{{title}}', '{{content}}'], TH: ['{{title}}', '{{content}}'], VN: ['{{title}}', '{{content}}'] },
      MAIL: {
        CN: ['【SRM】{{title}}', '{{content}}'],
        EN: ['[SRM] {{title}}', '{{content}}'],
        TH: ['[SRM] {{title}}', '{{content}}'],
        VN: ['[SRM] {{title}}', '{{content}}'],
      },
    },
    source: { code: 'MANUAL', name: '手工发送', module: 'messages', event: 'messageListDetail', optional: true },
    config: { site: true, mail: false, sms: false },
  },
  {
    code: 'SRC_INQUIRY_INVITED',
    name: '询价邀请',
    description: '询价发布或发起议价时通知被邀请供应商',
    variables: [
      ['inquiryNumber', 'STRING', true, '询价单号'],
      ['title', 'STRING', true, '标题'],
      ['deadline', 'STRING', true, '报价截止时间'],
    ],
    contents: {
      SITE: {
        CN: ['询价邀请：{{inquiryNumber}} {{title}}', '您被邀请参加询价 {{inquiryNumber}}（{{title}}），请在 {{deadline}} 之前报价。'],
        EN: ['Invitation to quote: {{inquiryNumber}} {{title}}', 'You are invited to quote on {{inquiryNumber}} ({{title}}) before {{deadline}}.'],
        TH: ['คำเชิญเสนอราคา: {{inquiryNumber}} {{title}}', 'คุณได้รับเชิญให้เสนอราคา {{inquiryNumber}} ({{title}}) ก่อน {{deadline}}'],
        VN: ['Mời báo giá: {{inquiryNumber}} {{title}}', 'Bạn được mời báo giá {{inquiryNumber}} ({{title}}) trước {{deadline}}.'],
      },
      MAIL: {
        CN: [
          '【SRM】询价邀请：{{inquiryNumber}} {{title}}',
          '您被邀请参加询价 {{inquiryNumber}}（{{title}}），请在 {{deadline}} 之前报价。请登录 SRM 在“询价报价”中报价。',
        ],
        EN: [
          '[SRM] Invitation to quote: {{inquiryNumber}} {{title}}',
          'You are invited to quote on {{inquiryNumber}} ({{title}}) before {{deadline}}. Sign in to the SRM to quote.',
        ],
        TH: [
          '[SRM] คำเชิญเสนอราคา: {{inquiryNumber}} {{title}}',
          'คุณได้รับเชิญให้เสนอราคา {{inquiryNumber}} ({{title}}) ก่อน {{deadline}} กรุณาเข้าสู่ระบบ SRM เพื่อเสนอราคา',
        ],
        VN: [
          '[SRM] Mời báo giá: {{inquiryNumber}} {{title}}',
          'Bạn được mời báo giá {{inquiryNumber}} ({{title}}) trước {{deadline}}. Hãy đăng nhập SRM để báo giá.',
        ],
      },
    },
    source: { code: 'SRC_INQUIRY_INVITED', name: '询价发布/议价', module: 'sourcing', event: 'inquiry.published, inquiry.bargaining', optional: false },
    config: { site: true, mail: true, sms: false },
  },
  {
    code: 'SRC_INQUIRY_WON',
    name: '中标通知',
    description: '询价定标后通知中标供应商',
    variables: [
      ['inquiryNumber', 'STRING', true, '询价单号'],
      ['title', 'STRING', true, '标题'],
    ],
    contents: {
      SITE: {
        CN: ['中标通知：{{inquiryNumber}}', '恭喜，您在询价 {{inquiryNumber}}（{{title}}）中中标，详情请查看询价报价。'],
        EN: ['Awarded: {{inquiryNumber}}', 'Congratulations: you were awarded on {{inquiryNumber}} ({{title}}). See the details under your quotations.'],
        TH: ['ได้รับการคัดเลือก: {{inquiryNumber}}', 'ขอแสดงความยินดี คุณได้รับการคัดเลือกใน {{inquiryNumber}} ({{title}}) ดูรายละเอียดในใบเสนอราคาของคุณ'],
        VN: ['Trúng thầu: {{inquiryNumber}}', 'Chúc mừng: bạn đã trúng thầu {{inquiryNumber}} ({{title}}). Xem chi tiết trong báo giá của bạn.'],
      },
      MAIL: {
        CN: ['【SRM】中标通知：{{inquiryNumber}}', '恭喜，您在询价 {{inquiryNumber}}（{{title}}）中中标，详情请查看询价报价。'],
        EN: ['[SRM] Awarded: {{inquiryNumber}}', 'Congratulations: you were awarded on {{inquiryNumber}} ({{title}}). See the details under your quotations.'],
        TH: ['[SRM] ได้รับการคัดเลือก: {{inquiryNumber}}', 'ขอแสดงความยินดี คุณได้รับการคัดเลือกใน {{inquiryNumber}} ({{title}}) ดูรายละเอียดในใบเสนอราคาของคุณ'],
        VN: ['[SRM] Trúng thầu: {{inquiryNumber}}', 'Chúc mừng: bạn đã trúng thầu {{inquiryNumber}} ({{title}}). Xem chi tiết trong báo giá của bạn.'],
      },
    },
    source: { code: 'SRC_INQUIRY_WON', name: '询价中标', module: 'sourcing', event: 'inquiry.awarded', optional: false },
    config: { site: true, mail: true, sms: false },
  },
  {
    code: 'SRC_INQUIRY_LOST',
    name: '未中标通知',
    description: '询价定标后通知未中标供应商',
    variables: [
      ['inquiryNumber', 'STRING', true, '询价单号'],
      ['title', 'STRING', true, '标题'],
    ],
    contents: {
      SITE: {
        CN: ['询价结果：{{inquiryNumber}}', '感谢参与询价 {{inquiryNumber}}（{{title}}），本次未中标。'],
        EN: ['Result: {{inquiryNumber}}', 'Thank you for quoting on {{inquiryNumber}} ({{title}}); this time it was not awarded to you.'],
        TH: ['ผลการคัดเลือก: {{inquiryNumber}}', 'ขอบคุณที่เสนอราคา {{inquiryNumber}} ({{title}}) ครั้งนี้คุณไม่ได้รับการคัดเลือก'],
        VN: ['Kết quả: {{inquiryNumber}}', 'Cảm ơn bạn đã báo giá {{inquiryNumber}} ({{title}}); lần này bạn không trúng thầu.'],
      },
      MAIL: {
        CN: ['【SRM】询价结果：{{inquiryNumber}}', '感谢参与询价 {{inquiryNumber}}（{{title}}），本次未中标。'],
        EN: ['[SRM] Result: {{inquiryNumber}}', 'Thank you for quoting on {{inquiryNumber}} ({{title}}); this time it was not awarded to you.'],
        TH: ['[SRM] ผลการคัดเลือก: {{inquiryNumber}}', 'ขอบคุณที่เสนอราคา {{inquiryNumber}} ({{title}}) ครั้งนี้คุณไม่ได้รับการคัดเลือก'],
        VN: ['[SRM] Kết quả: {{inquiryNumber}}', 'Cảm ơn bạn đã báo giá {{inquiryNumber}} ({{title}}); lần này bạn không trúng thầu.'],
      },
    },
    source: { code: 'SRC_INQUIRY_LOST', name: '询价未中标', module: 'sourcing', event: 'inquiry.awarded', optional: false },
    config: { site: true, mail: true, sms: false },
  },
  ...ORDER_TEMPLATES,
];

export async function seedShipped(db: Db): Promise<void> {
  const t = msg(db);
  const audit = auditInsert(0);
  for (const s of SHIPPED) {
    let templateId = (await t.selectFrom('msg_template').select('template_id').where('template_code', '=', s.code).executeTakeFirst())?.template_id;
    if (templateId === undefined) {
      templateId = (
        await t
          .insertInto('msg_template')
          .values({ template_code: s.code, template_name: s.name, description: s.description, enabled_flag: 'Y', ...audit })
          .returning('template_id')
          .executeTakeFirstOrThrow()
      ).template_id;
      const id = templateId;
      await t
        .insertInto('msg_template_variable')
        .values(
          s.variables.map(([name, type, required, description]) => ({
            template_id: id,
            variable_name: name,
            variable_type: type,
            required_flag: required ? ('Y' as const) : ('N' as const),
            description,
            ...audit,
          })),
        )
        .execute();
      await t
        .insertInto('msg_template_content')
        .values(
          Object.entries(s.contents).flatMap(([channel, texts]) =>
            Object.entries(texts).map(([language, [subject, content]]) => ({ template_id: id, channel, language, subject, content, ...audit })),
          ),
        )
        .execute();
    }
    await t
      .insertInto('msg_source')
      .values({
        source_code: s.source.code,
        source_name: s.source.name,
        module_name: s.source.module,
        event_name: s.source.event,
        template_id: templateId,
        enabled_flag: 'Y',
        optional_flag: s.source.optional ? 'Y' : 'N',
        ...audit,
      })
      .onConflict((oc) => oc.column('source_code').doNothing())
      .execute();
    if (s.config) {
      await t
        .insertInto('msg_config')
        .values({
          template_id: templateId,
          site_flag: s.config.site ? 'Y' : 'N',
          mail_flag: s.config.mail ? 'Y' : 'N',
          sms_flag: s.config.sms ? 'Y' : 'N',
          enabled_flag: 'Y',
          ...audit,
        })
        .onConflict((oc) => oc.column('template_id').doNothing())
        .execute();
    }
  }
}

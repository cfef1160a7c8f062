// Demo messages: inbox messages for buyer01, approver01 and supplier01 (read and unread, opening demo
// requisitions), and instances in every delivery state an administrator meets on msgInstance / msgLog:
// sent, waiting to retry after an SMTP refusal, failed after the last attempt, written to the message log
// by the default SMS provider, not sent (no address), and a rule that resolved to nobody.
import type { Db } from '../../../server/db/connect.js';
import { auditInsert } from '../../../server/db/typed.js';
import type { DemoStep } from '../../../server/modules/types.js';
import { MAX_ATTEMPTS } from '../server/dispatch.js';
import { msg, type Channel, type DeliveryStatus, type InstanceStatus } from '../server/store.js';
import { render } from '../server/templates.js';

type Document = { id: number; number: string; title: string; status: string; date: string };

const EMAIL: Record<string, string> = {
  buyer01: 'buyer01@srm.example.com',
  approver01: 'approver01@srm.example.com',
  supplier01: 'supplier01@hd-steel.example.com',
};

const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

interface DemoDelivery {
  user: string;
  channel: Channel;
  status: DeliveryStatus;
  read?: boolean;
  attempts?: number;
  error?: string;
  address?: string | null;
}

interface DemoInstance {
  template: string;
  sourceType: string;
  variables: Record<string, string | number>;
  route?: string;
  status: InstanceStatus;
  hoursAgo: number;
  deliveries: DemoDelivery[];
  unresolved?: string;
}

/** The template's Chinese text as shipped (the modules' messageTemplates.json are written before the demo). */
async function textOf(db: Db, templateCode: string, channel: Channel, variables: Record<string, string | number>) {
  const row = await msg(db)
    .selectFrom('msg_template_content as c')
    .innerJoin('msg_template as t', 't.template_id', 'c.template_id')
    .select(['c.subject', 'c.content'])
    .where('t.template_code', '=', templateCode)
    .where('c.channel', '=', channel)
    .where('c.language', '=', 'CN')
    .executeTakeFirst();
  const subject = row?.subject ?? null;
  const body = render(row?.content ?? '', variables);
  return { title: render(subject ?? '', variables) || body.slice(0, 60), content: body };
}

async function write(db: Db, ids: (name: string) => number, adminId: number, i: DemoInstance): Promise<void> {
  const t = msg(db);
  const audit = { ...auditInsert(adminId), creation_date: ago(i.hoursAgo), last_update_date: ago(i.hoursAgo) };
  const first = await textOf(db, i.template, i.deliveries[0]?.channel ?? 'SITE', i.variables);
  const { instance_id } = await t
    .insertInto('msg_instance')
    .values({
      template_code: i.template,
      source_type: i.sourceType,
      title: first.title,
      route: i.route ?? null,
      language: 'CN',
      variables: JSON.stringify(i.variables),
      instance_status: i.status,
      recipient_count: new Set(i.deliveries.map((d) => d.user)).size,
      delivery_count: i.deliveries.length,
      unresolved: i.unresolved ?? null,
      ...audit,
    })
    .returning('instance_id')
    .executeTakeFirstOrThrow();
  for (const d of i.deliveries) {
    const text = await textOf(db, i.template, d.channel, i.variables);
    const address = d.address !== undefined ? d.address : d.channel === 'MAIL' ? EMAIL[d.user] : d.channel === 'SMS' ? '+86 138 0000 0001' : null;
    const sent = d.status === 'SENT' || d.status === 'LOGGED';
    const { delivery_id } = await t
      .insertInto('msg_delivery')
      .values({
        instance_id,
        user_id: ids(d.user),
        user_name: d.user,
        channel: d.channel,
        address,
        language: 'CN',
        ...text,
        route: i.route ?? null,
        source_type: i.sourceType,
        delivery_status: d.status,
        attempts: d.attempts ?? (d.channel === 'SITE' ? 0 : 1),
        next_attempt_at: d.status === 'RETRY' ? ago(-1) : null,
        last_error: d.error ?? null,
        sent_time: sent ? ago(i.hoursAgo) : null,
        read_flag: d.read ? 'Y' : 'N',
        read_time: d.read ? ago(i.hoursAgo - 0.5) : null,
        ...audit,
      })
      .returning('delivery_id')
      .executeTakeFirstOrThrow();
    if (d.channel === 'SITE') continue;
    const attempts = d.attempts ?? 1;
    for (let a = 1; a <= attempts; a++) {
      const last = a === attempts;
      await t
        .insertInto('msg_log')
        .values({
          delivery_id,
          instance_id,
          channel: d.channel,
          address,
          provider: d.channel === 'MAIL' ? 'smtp' : 'message-log',
          log_status: last ? (d.status === 'RETRY' ? 'FAILED' : d.status) : 'FAILED',
          attempt: d.status === 'SKIPPED' ? 0 : a,
          subject: text.title,
          content: text.content,
          error_msg: last && !d.error ? null : (d.error ?? null),
          duration_ms: d.status === 'SKIPPED' ? 0 : 40 + a * 7,
          ...audit,
        })
        .execute();
    }
  }
}

const messages: DemoStep = {
  name: 'messages',
  after: ['admin:users', 'requisition:requisitions'],
  async run(db, demo) {
    const ids = (name: string) => demo.ids.get('user', name);
    const adminId = ids('admin');
    const docs = demo.shared<Document[]>('requisition.documents');
    const route = (d: Document) => `/main/order/requisitionEdit?id=${d.id}&mode=view`;
    const submitted = docs.filter((d) => d.status === 'SUBMITTED');
    const approved = docs.find((d) => d.status === 'APPROVED') ?? docs[0];
    const refused = 'connect ECONNREFUSED 127.0.0.1:25';
    const task = (d: Document) => ({ taskName: '部门审批', documentNumber: d.number, processKey: 'PR_APPROVAL', initiatorName: '张采购' });

    const instances: DemoInstance[] = [
      // approver01: an approved requisition's task, read; the submitted ones', unread (one e-mail waits to retry).
      {
        template: 'WF_TASK_ASSIGNED',
        sourceType: 'WF_TASK_ASSIGNED',
        variables: task(approved),
        route: route(approved),
        status: 'SENT',
        hoursAgo: 70,
        deliveries: [
          { user: 'approver01', channel: 'SITE', status: 'SENT', read: true },
          { user: 'approver01', channel: 'MAIL', status: 'SENT' },
        ],
      },
      ...submitted.slice(0, 2).map((d, n): DemoInstance => ({
        template: 'WF_TASK_ASSIGNED',
        sourceType: 'WF_TASK_ASSIGNED',
        variables: task(d),
        route: route(d),
        status: n === 0 ? 'QUEUED' : 'SENT',
        hoursAgo: 6 - n,
        deliveries: [
          { user: 'approver01', channel: 'SITE', status: 'SENT' },
          n === 0
            ? { user: 'approver01', channel: 'MAIL', status: 'RETRY', attempts: 2, error: refused }
            : { user: 'approver01', channel: 'MAIL', status: 'SENT' },
        ],
      })),
      // buyer01: reminders, one read; an e-mail that failed after the last attempt.
      {
        template: 'REMINDER',
        sourceType: 'REMINDER',
        variables: { reminderName: '合同到期提醒', businessType: '合同到期', daysBefore: 30, description: '合同到期前 30 天提醒' },
        status: 'FAILED',
        hoursAgo: 48,
        deliveries: [
          { user: 'buyer01', channel: 'SITE', status: 'SENT', read: true },
          { user: 'buyer01', channel: 'MAIL', status: 'FAILED', attempts: MAX_ATTEMPTS, error: refused },
        ],
      },
      {
        template: 'REMINDER',
        sourceType: 'REMINDER',
        variables: { reminderName: '资质到期提醒', businessType: '资质到期', daysBefore: 15, description: '' },
        status: 'SENT',
        hoursAgo: 3,
        deliveries: [
          { user: 'buyer01', channel: 'SITE', status: 'SENT' },
          { user: 'buyer01', channel: 'SMS', status: 'LOGGED' },
        ],
      },
      // supplier01: notices, one read; its user has no phone, so the SMS was not sent.
      {
        template: 'MANUAL_NOTICE',
        sourceType: 'MANUAL',
        variables: { title: '供应商门户上线通知', content: '供应商门户已上线，请及时维护企业资料和联系人。' },
        status: 'SENT',
        hoursAgo: 96,
        deliveries: [{ user: 'supplier01', channel: 'SITE', status: 'SENT', read: true }],
      },
      {
        template: 'MANUAL_NOTICE',
        sourceType: 'MANUAL',
        variables: { title: '年度供应商大会', content: '年度供应商大会将于 12 月 18 日举行，请确认参会人员。' },
        status: 'SENT',
        hoursAgo: 2,
        deliveries: [{ user: 'supplier01', channel: 'SITE', status: 'SENT' }],
      },
      {
        template: 'REMINDER',
        sourceType: 'REMINDER',
        variables: { reminderName: '交货到期提醒', businessType: '交货到期', daysBefore: 3, description: '' },
        status: 'FAILED',
        hoursAgo: 1,
        deliveries: [
          { user: 'supplier01', channel: 'SITE', status: 'SENT' },
          { user: 'supplier01', channel: 'SMS', status: 'SKIPPED', address: null, error: '用户没有手机号码' },
        ],
      },
      // A rule that reached nobody: kept and reported, not dropped.
      {
        template: 'REMINDER',
        sourceType: 'REMINDER',
        variables: { reminderName: '付款到期提醒', businessType: '付款到期', daysBefore: 5, description: '' },
        status: 'NO_RECIPIENT',
        hoursAgo: 20,
        deliveries: [],
        unresolved: '职责 QA_MANAGER：没有任何有效用户持有该职责',
      },
    ];
    for (const i of instances) await write(db, ids, adminId, i);
    // Message settings (msgUser): some switched off, one switched back on.
    const settings: [string, string, string, 'Y' | 'N'][] = [
      ['designer01', 'REMINDER', 'SMS', 'N'],
      ['designer01', 'REMINDER', 'MAIL', 'Y'],
      ['approver02', 'MANUAL', 'MAIL', 'N'],
      ['supplier02', 'WF_TASK_ASSIGNED', 'MAIL', 'N'],
    ];
    await msg(db)
      .insertInto('msg_user_setting')
      .values(
        settings.map(([user, source, channel, flag]) => ({
          user_id: ids(user),
          user_name: user,
          source_code: source,
          channel,
          enabled_flag: flag,
          created_by: adminId,
          last_updated_by: adminId,
        })),
      )
      .execute();
    // Everyone reads their own messages (SYS_ADMIN holds every menu already).
    for (const resp of ['BUYER', 'PR_APPROVER', 'DESIGNER', 'SUPPLIER_PORTAL']) await demo.grant(resp, 'MSG_RECEIVE', []);
  },
};

export const messagesDemo: readonly DemoStep[] = [messages];

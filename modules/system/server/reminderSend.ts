// REMINDER_SEND: the enabled reminder rules (reminderSetting) go out to their recipients through the
// messages module (its source REMINDER and template, on the rule's channel); a recipient name that
// reaches nobody is reported on the message instance. Without the messages module nothing can be
// delivered: each message is written to the message log (the platform's callLogs service) instead, and
// the run's output says so.
import type { ScheduledProgram } from '../../../server/modules/types.js';
import { typed } from '../../../server/db/typed.js';
import { LANGUAGES, type Language } from '../../../server/i18n/messages.js';
import type { MessagesApi } from '../../messages/api.js';
import type { SystemTables } from '../generated/tables.js';

const CHANNELS = ['MAIL', 'SMS', 'SITE'] as const;
type Channel = (typeof CHANNELS)[number];

export const reminderSend: ScheduledProgram = {
  code: 'REMINDER_SEND',
  names: { CN: '发送提醒', EN: 'Send reminders', TH: 'ส่งการแจ้งเตือน', VN: 'Gửi nhắc nhở' },
  paramsSchema: {
    type: 'object',
    properties: {
      businessType: {
        type: 'string',
        maxLength: 30,
        title: { CN: '业务类型（空为全部）', EN: 'Business type (empty: all)', TH: 'ประเภทธุรกิจ (ว่าง: ทั้งหมด)', VN: 'Loại nghiệp vụ (trống: tất cả)' },
      },
    },
  },
  timeoutMs: 5 * 60_000,
  retry: { limit: 2, delayMs: 60_000 },
  async run(app, params, run) {
    const messages = app.modules.hasApi('messages') ? app.modules.api<MessagesApi>('messages') : null;
    const log = app.modules.optionalService('callLogs');
    if (!messages && !log) throw new Error('neither the messages module nor a message log (callLogs) runs: reminders cannot go anywhere');
    let q = typed<SystemTables>(app.db)
      .selectFrom('base_reminder_setting')
      .select(['reminder_id', 'reminder_name', 'business_type', 'days_before', 'recipients', 'channel', 'description'])
      .where('enabled_flag', '=', 'Y')
      .orderBy('reminder_id');
    if (typeof params.businessType === 'string' && params.businessType) q = q.where('business_type', '=', params.businessType);
    const rules = await q.execute();
    // The business type's name in every language: each recipient reads it in its own (a per-language value).
    const types = new Map(await Promise.all(LANGUAGES.map(async (l) => [l, await app.lookups.findDic('REMINDER_BUSINESS_TYPE', l)] as const)));
    const typeNames = (code: string) =>
      Object.fromEntries(LANGUAGES.map((l) => [l, types.get(l)?.find((t) => t.lookupCode === code)?.meaning ?? code])) as Record<Language, string>;
    let written = 0;
    for (const r of rules) {
      run?.signal.throwIfAborted();
      const channel: Channel = CHANNELS.find((c) => c === r.channel) ?? 'SITE';
      const recipients = (r.recipients ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (messages) {
        const sent = await messages.send({
          sourceType: 'REMINDER',
          variables: {
            reminderName: r.reminder_name,
            businessType: r.business_type ? typeNames(r.business_type) : '',
            daysBefore: r.days_before ?? 0,
            description: r.description ?? null,
          },
          recipients: recipients.map((userName) => ({ userName })),
          channels: [channel],
        });
        written += sent.deliveries;
        const nobody = sent.unresolved.length ? `; reached nobody: ${sent.unresolved.join('; ')}` : '';
        run?.log(`${r.reminder_name} (${channel}): message ${sent.instanceId} ${sent.status}, ${sent.deliveries} delivery(ies)${nobody}`);
        continue;
      }
      const text = `[${r.reminder_name}] ${r.business_type ?? ''} ${r.days_before ?? 0}d${r.description ? `: ${r.description}` : ''}`.slice(0, 1000);
      for (const to of recipients) {
        await log!.recordMessage(app.db, channel, to, text);
        written++;
      }
      run?.log(`${r.reminder_name} (${channel}): ${recipients.length} recipient(s)`);
    }
    run?.log(
      messages
        ? `SENT: ${written} delivery(ies) of ${rules.length} enabled rule(s) through the messages module (msgInstance, msgLog)`
        : `NOT SENT: no messaging module runs; ${written} message(s) of ${rules.length} enabled rule(s) written to the message log (base_message_log) instead`,
    );
  },
};

// Registered operations of the admin screens: the log's channel facts (the SMS provider in use, whether
// SMTP is configured) and the resending of a delivery that failed or was not sent.
import { auditUpdate } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { loadRecord, parseId } from '../../../server/rest/read.js';
import { dispatcherOf, refreshInstance } from './dispatch.js';
import { sendMessage } from './send.js';
import { isChannel, msg, type Channel } from './store.js';

/** msgLogRestful/getChannelInfo → {smsProvider, smsDelivers, mailConfigured, mailServer}. */
export const getChannelInfo: FamilyAction = async (ctx) => {
  const smtp = ctx.app.config.smtp;
  return ok({
    smsProvider: ctx.app.sms.provider,
    // The default provider writes the message log only: no text message reaches a phone.
    smsDelivers: ctx.app.sms.provider !== 'message-log',
    mailConfigured: Boolean(smtp.host),
    mailServer: smtp.host ? `${smtp.host}:${smtp.port}` : null,
  });
};

/** msgDeliveryRestful/doResend {id}: a FAILED, SKIPPED or waiting e-mail/SMS delivery goes out again now. */
export const doResend: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const t = msg(ctx.app.db);
  const updated = await t
    .updateTable('msg_delivery')
    .set({ delivery_status: 'PENDING', attempts: 0, next_attempt_at: null, last_error: null, ...auditUpdate(ctx.session.userId) })
    .where('delivery_id', '=', id)
    .where('channel', 'in', ['MAIL', 'SMS'])
    .where('delivery_status', 'in', ['FAILED', 'SKIPPED', 'RETRY'])
    .where('address', 'is not', null)
    .returning('instance_id')
    .executeTakeFirst();
  if (!updated) throw refuse('msg.notResendable');
  await refreshInstance(t, updated.instance_id);
  await dispatcherOf(ctx.app).attempt(id);
  return ok(await loadRecord(ctx, ctx.app.db, id));
};

/** msgInstanceRestful/findDeliveries {id, pageIndex, pageRows}: the instance's deliveries, paged (an instance may have thousands). */
export const findDeliveries: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  await loadRecord(ctx, ctx.app.db, id);
  const pageIndex = ctx.body.pageIndex ?? 1;
  const pageRows = ctx.body.pageRows ?? 20;
  const whole = (v: unknown, max: number) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1 && v <= max;
  if (!whole(pageIndex, 1_000_000) || !whole(pageRows, 500)) throw refuse('error.malformed', { detail: 'pageIndex, pageRows' });
  const base = msg(ctx.app.db).selectFrom('msg_delivery').where('instance_id', '=', id);
  const [rows, count] = await Promise.all([
    base
      .select([
        'delivery_id as deliveryId',
        'user_id as userId',
        'user_name as userName',
        'channel',
        'address',
        'language',
        'title',
        'delivery_status as deliveryStatus',
        'attempts',
        'next_attempt_at as nextAttemptAt',
        'sent_time as sentTime',
        'read_flag as readFlag',
        'last_error as lastError',
      ])
      .orderBy('delivery_id')
      .limit(pageRows as number)
      .offset(((pageIndex as number) - 1) * (pageRows as number))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return ok(rows, '', { count: Number(count?.n ?? 0), curIndex: pageIndex as number, pageRows: pageRows as number });
};

const names = (v: unknown, max: number): string[] => {
  if (v === undefined || v === null || v === '') return [];
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[,，\s]+/) : null;
  if (!list || !list.every((x) => typeof x === 'string' && x.length <= 100) || list.length > max) throw refuse('msg.badRecipients', { max });
  return [...new Set((list as string[]).map((x) => x.trim()).filter(Boolean))];
};
const text = (v: unknown, field: string, max: number): string => {
  if (typeof v !== 'string' || !v.trim() || v.length > max) throw refuse('msg.badText', { field, max });
  return v.trim();
};

/**
 * msgInstanceRestful/doSendManual {userNames, responsibilities, channels, title, content, route?}: an
 * administrator's message (source MANUAL, template MANUAL_NOTICE) to users and responsibilities (button
 * btnSend of 发送消息). Answers what send answers: the instance, its state and who it could not reach.
 */
export const doSendManual: FamilyAction = async (ctx) => {
  const b = ctx.body;
  const userNames = names(b.userNames, 200);
  const responsibilities = names(b.responsibilities, 20);
  if (userNames.length + responsibilities.length === 0) throw refuse('msg.noRecipients');
  const channels = names(b.channels, 3);
  if (channels.length === 0 || !channels.every(isChannel)) throw refuse('msg.badChannel', { channel: channels.join(',').slice(0, 40) || '-' });
  const route = typeof b.route === 'string' && b.route.trim() ? b.route.trim() : null;
  const sent = await sendMessage(ctx.app, {
    sourceType: 'MANUAL',
    variables: { title: text(b.title, 'title', 200), content: text(b.content, 'content', 2000) },
    recipients: [...userNames.map((userName) => ({ userName })), ...responsibilities.map((responsibility) => ({ responsibility }))],
    channels: channels as Channel[],
    route,
    language: ctx.lang,
    senderId: ctx.session.userId,
  });
  return ok(sent);
};

// Sending one message: the template (named, or the one its source points at) and its checked variables,
// the recipients, one delivery per recipient and channel with the texts in the recipient's language, all
// in one transaction. After the commit the in-app deliveries are pushed to open browsers and the e-mail
// and SMS deliveries start going out (dispatch.ts); the call does not wait for them.
import { sql } from 'kysely';
import { withMenuCodes } from '../../../server/acl/menuContext.js';
import type { AppContext } from '../../../server/context.js';
import { auditInsert } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import { LANGUAGES, message, type Language } from '../../../server/i18n/messages.js';
import type { AdminApi, UserContact } from '../../admin/api.js';
import type { PushApi } from '../../push/api.js';
import type { SupplierApi } from '../../supplier/api.js';
import type { SendMessage, SentMessage } from '../api.js';
import { dispatcherOf } from './dispatch.js';
import { switchedOff } from './preferences.js';
import { resolveRecipients } from './recipients.js';
import { CHANNELS, instanceStatus, isChannel, loadTemplate, msg, type Channel, type DeliveryStatus, type LoadedTemplate } from './store.js';
import { checkValues, isHtml, render, type VariableValue } from './templates.js';

/** A route inside the app: `/main/{page}` with an optional query; nothing that leaves it. */
export const ROUTE = /^\/main\/[A-Za-z0-9/_-]{1,200}(\?[A-Za-z0-9_\-.~%&=+,:]{0,290})?$/;
const SOURCE_TYPE = /^[A-Z][A-Z0-9_]{0,59}$/;
/** Rows per INSERT of deliveries (one statement's parameters stay far below PostgreSQL's 65,535). */
const CHUNK = 500;

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

interface Text {
  title: string;
  content: string;
}

/** The texts of a channel in a language: that language's, else the message's, else CN's, else any. */
function texts(template: LoadedTemplate, values: Readonly<Record<string, VariableValue>>, fallback: Language) {
  const cache = new Map<string, Text | null>();
  return (channel: Channel, language: string): Text | null => {
    const key = `${channel}:${language}`;
    if (cache.has(key)) return cache.get(key) ?? null;
    const of = template.contents.filter((c) => c.channel === channel);
    const c = of.find((x) => x.language === language) ?? of.find((x) => x.language === fallback) ?? of.find((x) => x.language === 'CN') ?? of[0];
    // A per-language value speaks the language of the text it goes into (the recipient's, or the fallback's).
    const content = c ? render(c.content, values, channel === 'MAIL' && isHtml(c.content), c.language) : null;
    const t = c && content !== null ? { title: cut(render(c.subject ?? '', values, false, c.language) || content, 300), content: cut(content, 4000) } : null;
    cache.set(key, t);
    return t;
  };
}

async function chosenTemplate(app: AppContext, m: SendMessage): Promise<{ template: LoadedTemplate } | { disabled: true }> {
  const t = msg(app.db);
  if (m.templateCode) {
    const template = await loadTemplate(t, { code: m.templateCode });
    if (!template || !template.enabled) throw refuse('msg.unknownTemplate', { template: String(m.templateCode).slice(0, 60) });
    return { template };
  }
  const source = await t.selectFrom('msg_source').select(['template_id', 'enabled_flag']).where('source_code', '=', m.sourceType).executeTakeFirst();
  if (!source) throw refuse('msg.unknownSource', { source: m.sourceType });
  if (source.enabled_flag === 'N') return { disabled: true };
  const template = await loadTemplate(t, { id: source.template_id });
  if (!template || !template.enabled) throw refuse('msg.unknownTemplate', { template: m.sourceType });
  return { template };
}

export async function sendMessage(app: AppContext, m: SendMessage): Promise<SentMessage> {
  if (typeof m.sourceType !== 'string' || !SOURCE_TYPE.test(m.sourceType)) throw refuse('msg.badSourceType', { source: String(m.sourceType).slice(0, 60) });
  const route = m.route ?? null;
  if (route !== null && (typeof route !== 'string' || !ROUTE.test(route))) throw refuse('msg.badRoute', { route: String(route).slice(0, 80) });
  const lang: Language = isLanguage(m.language) ? m.language : 'CN';
  if (m.channels && !m.channels.every(isChannel)) throw refuse('msg.badChannel', { channel: String(m.channels).slice(0, 40) });

  const chosen = await chosenTemplate(app, m);
  if ('disabled' in chosen) return { instanceId: 0, status: 'DISABLED', recipients: 0, deliveries: 0, unresolved: [] };
  const { template } = chosen;
  const values = checkValues(template.templateCode, template.variables, m.variables);
  const text = texts(template, values, lang);
  const admin = app.modules.api<AdminApi>('admin');
  const supplier = app.modules.hasApi('supplier') ? app.modules.api<SupplierApi>('supplier') : null;
  const smtpOn = Boolean(app.config.smtp.host);

  const written = await app.db.transaction().execute(async (trx) => {
    const t = msg(trx);
    const config = await t
      .selectFrom('msg_config')
      .select(['config_id', 'site_flag', 'mail_flag', 'sms_flag'])
      .where('template_id', '=', template.templateId)
      .where('enabled_flag', '=', 'Y')
      .executeTakeFirst();
    const rules = config
      ? await t
          .selectFrom('msg_config_recipient')
          .select(['recipient_type as type', 'recipient_value as value'])
          .where('config_id', '=', config.config_id)
          .orderBy('recipient_id')
          .execute()
      : [];
    const wanted: Channel[] = m.channels
      ? [...new Set(m.channels)]
      : config
        ? CHANNELS.filter((c) => (c === 'SITE' ? config.site_flag : c === 'MAIL' ? config.mail_flag : config.sms_flag) === 'Y')
        : CHANNELS.filter((c) => template.contents.some((x) => x.channel === c));
    const { users, unresolved } = await resolveRecipients(trx, admin, supplier, lang, m.recipients ?? [], rules, m.context);
    const channels = wanted.filter((c) => {
      const has = template.contents.some((x) => x.channel === c);
      if (!has) unresolved.push(message(lang, 'msg.rule.noTexts', { channel: c }));
      return has;
    });

    const now = (await sql<{ now: string }>`select localtimestamp(0)::text as now`.execute(trx)).rows[0].now;
    // What recipients switched off (msgUser) is not sent; a recipient left with no channel is not one.
    const off = await switchedOff(
      t,
      m.sourceType,
      users.map((u) => u.userId),
    );
    const rows = users.flatMap((u) => channels.filter((c) => !off.has(`${u.userId}:${c}`)).map((c) => delivery(u, c)));
    const optedOut = channels.length ? users.filter((u) => channels.every((c) => off.has(`${u.userId}:${c}`))).length : 0;
    if (optedOut > 0) unresolved.push(message(lang, 'msg.rule.optedOut', { count: optedOut }));
    const recipients = users.length - optedOut;
    function delivery(u: UserContact, channel: Channel) {
      const language = !m.useMessageLanguage && isLanguage(u.language) ? u.language : lang;
      const tx = text(channel, language) as Text;
      const address = channel === 'MAIL' ? u.email : channel === 'SMS' ? u.phone : null;
      let status: DeliveryStatus = channel === 'SITE' ? 'SENT' : 'PENDING';
      let error: string | null = null;
      if (channel !== 'SITE' && !address) [status, error] = ['SKIPPED', message(language, channel === 'MAIL' ? 'msg.noEmail' : 'msg.noPhone')];
      else if (channel === 'MAIL' && !smtpOn) [status, error] = ['SKIPPED', message(language, 'msg.smtpOff')];
      return { user: u, channel, language, address: address ?? null, status, error, ...tx };
    }
    const title = (text('SITE', lang) ?? text('MAIL', lang) ?? text('SMS', lang))?.title ?? template.templateCode;
    const status = recipients === 0 ? 'NO_RECIPIENT' : instanceStatus(rows.map((r) => r.status));
    const audit = auditInsert(m.senderId ?? 0);
    const instance = await t
      .insertInto('msg_instance')
      .values({
        template_code: template.templateCode,
        source_type: m.sourceType,
        title,
        route,
        language: lang,
        variables: JSON.stringify(values),
        instance_status: status,
        recipient_count: recipients,
        delivery_count: rows.length,
        unresolved: unresolved.length ? cut(unresolved.join('\n'), 2000) : null,
        ...audit,
      })
      .returning('instance_id')
      .executeTakeFirstOrThrow();
    const site: { messageId: number; userId: number; title: string; content: string }[] = [];
    const outside: number[] = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const ids = await t
        .insertInto('msg_delivery')
        .values(
          chunk.map((r) => ({
            instance_id: instance.instance_id,
            user_id: r.user.userId,
            user_name: r.user.userName,
            channel: r.channel,
            address: r.address,
            language: r.language,
            title: r.title,
            content: r.content,
            route,
            source_type: m.sourceType,
            delivery_status: r.status,
            attempts: 0,
            last_error: r.error,
            sent_time: r.status === 'SENT' ? now : null,
            read_flag: 'N' as const,
            ...audit,
          })),
        )
        .returning('delivery_id')
        .execute();
      chunk.forEach((r, j) => {
        const id = ids[j].delivery_id;
        if (r.channel === 'SITE') site.push({ messageId: id, userId: r.user.userId, title: r.title, content: r.content });
        else if (r.status === 'PENDING') outside.push(id);
      });
      const skipped = chunk.flatMap((r, j) => (r.status === 'SKIPPED' ? [{ r, id: ids[j].delivery_id }] : []));
      if (skipped.length) {
        await t
          .insertInto('msg_log')
          .values(
            skipped.map(({ r, id }) => ({
              delivery_id: id,
              instance_id: instance.instance_id,
              channel: r.channel,
              address: r.address,
              provider: r.channel === 'MAIL' ? 'smtp' : app.sms.provider,
              log_status: 'SKIPPED',
              attempt: 0,
              subject: r.title,
              content: r.content,
              error_msg: r.error,
              duration_ms: 0,
              ...audit,
            })),
          )
          .execute();
      }
    }
    const answer: SentMessage = { instanceId: instance.instance_id, status, recipients, deliveries: rows.length, unresolved };
    return { answer, site, outside, now };
  });

  await pushSite(app, written.site, m.sourceType, route, written.now);
  dispatcherOf(app).start(written.outside);
  return written.answer;
}

/** Frames for the recipients' open browsers (the bell refreshes); a push that fails loses nothing (the inbox has it). */
async function pushSite(
  app: AppContext,
  site: { messageId: number; userId: number; title: string; content: string }[],
  sourceType: string,
  route: string | null,
  sendTime: string,
) {
  if (site.length === 0 || !app.modules.hasApi('push')) return;
  // The link names the menus whose buttons its page has, as the inbox answers it (server/acl/menuContext.ts).
  const linked = withMenuCodes(app.defs, route);
  // One batch for every recipient (one Redis pipeline, ~1 MB per PUBLISH), each with their own message id.
  await app.modules
    .api<PushApi>('push')
    .publishEach(
      site.map((s) => ({
        userId: s.userId,
        type: 'message',
        data: { messageId: s.messageId, title: s.title, content: s.content, sourceType, route: linked, sendTime },
      })),
    )
    .catch((err: unknown) => console.error('messages: push failed', err));
}

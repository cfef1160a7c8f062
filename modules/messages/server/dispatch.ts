// E-mail and SMS deliveries going out. A delivery is claimed by one guarded UPDATE (PENDING or RETRY →
// SENDING, attempts + 1), so two processes never send it twice; its attempt is logged (msg_log) with the
// outcome. A failed attempt leaves it RETRY with a doubling delay and asks the scheduler to run
// MESSAGE_RETRY by then; after the last attempt it is FAILED. Nothing is lost: every state, error and text
// stays on the delivery and in the log (msgInstanceCheck, msgLog).
import { sql } from 'kysely';
import type { AppContext } from '../../../server/context.js';
import { auditUpdate } from '../../../server/db/typed.js';
import { message, type Language } from '../../../server/i18n/messages.js';
import type { ProgramRun } from '../../../server/modules/types.js';
import { drainDue } from '../../../server/jobs/drainDue.js';
import type { SchedulerApi } from '../../scheduler/api.js';
import { sanitizeHtml } from '../../../server/files/sanitizeHtml.js';
import { htmlToText, isHtml } from './templates.js';
import { instanceStatus, msg, type DeliveryStatus, type Tables } from './store.js';

/** Tries of one delivery; the waits between them are RETRY_BASE_MS × 1, 2, 4, 8. */
export const MAX_ATTEMPTS = 5;
export const RETRY_BASE_MS = 60_000;
/** A delivery SENDING this long lost its process (a send ends by the mailer's timeouts well before). */
const LOST_AFTER_MINUTES = 10;
/** Deliveries one process sends at once (SMTP connections). */
const CONCURRENCY = 4;
export const RETRY_PROGRAM = 'MESSAGE_RETRY';

export const retryDelayMs = (attempt: number) => RETRY_BASE_MS * 2 ** (attempt - 1);

interface Claimed {
  delivery_id: number;
  instance_id: number;
  channel: string;
  address: string | null;
  user_name: string | null;
  language: string | null;
  title: string | null;
  content: string | null;
  attempts: number | null;
}

export class Dispatcher {
  private readonly queue: number[] = [];
  private active = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly app: AppContext) {}

  /** Starts these PENDING deliveries in the background (after the commit that wrote them). */
  start(ids: readonly number[]): void {
    if (ids.length === 0) return;
    this.queue.push(...ids);
    this.pump();
  }

  /** Resolves when nothing is queued or going out in this process (server close, tests). */
  idle(): Promise<void> {
    if (this.active === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.active < CONCURRENCY && this.queue.length > 0) {
      const id = this.queue.shift() as number;
      this.active++;
      void this.attempt(id)
        .catch((err: unknown) => console.error(`messages: delivery ${id} failed unexpectedly`, err))
        .finally(() => {
          this.active--;
          this.pump();
          if (this.active === 0 && this.queue.length === 0) for (const w of this.idleWaiters.splice(0)) w();
        });
    }
  }

  /** One attempt of one delivery, if it is still waiting (another process or run may have taken it). */
  async attempt(id: number): Promise<DeliveryStatus | null> {
    const t = msg(this.app.db);
    const d = (await t
      .updateTable('msg_delivery')
      .set({ delivery_status: 'SENDING', attempts: sql<number>`coalesce(attempts, 0) + 1`, ...auditUpdate(0) })
      .where('delivery_id', '=', id)
      .where('delivery_status', 'in', ['PENDING', 'RETRY'])
      .returning(['delivery_id', 'instance_id', 'channel', 'address', 'user_name', 'language', 'title', 'content', 'attempts'])
      .executeTakeFirst()) as Claimed | undefined;
    if (!d) return null;
    const attempt = d.attempts ?? 1;
    const lang = (d.language ?? 'CN') as Language;
    const started = performance.now();
    let status: DeliveryStatus;
    let error: string | null = null;
    let provider = 'smtp';
    try {
      if (d.channel === 'MAIL') {
        if (!this.app.config.smtp.host) [status, error] = ['SKIPPED', message(lang, 'msg.smtpOff')];
        else {
          // An HTML body goes with its plain-text alternative (multipart/alternative).
          const body = d.content ?? '';
          const html = isHtml(body) ? sanitizeHtml(body) : null;
          await this.app.mailer.send(
            { to: d.address ?? '', subject: d.title ?? '', text: html ? htmlToText(html) : body, ...(html ? { html } : {}) },
            d.user_name,
          );
          status = 'SENT';
        }
      } else {
        provider = this.app.sms.provider;
        await this.app.sms.send(d.address ?? '', d.content ?? '', d.title ?? '', d.user_name);
        // The default provider only writes the message log: the delivery says so instead of "sent".
        status = provider === 'message-log' ? 'LOGGED' : 'SENT';
      }
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'error';
      status = attempt >= MAX_ATTEMPTS ? 'FAILED' : 'RETRY';
    }
    const durationMs = Math.round(performance.now() - started);
    const retryAt = status === 'RETRY' ? Date.now() + retryDelayMs(attempt) : null;
    await this.app.db.transaction().execute(async (trx) => {
      const tx = msg(trx);
      await tx
        .updateTable('msg_delivery')
        .set({
          delivery_status: status,
          last_error: error,
          sent_time: status === 'SENT' || status === 'LOGGED' ? sql<string>`localtimestamp(0)` : null,
          next_attempt_at: retryAt === null ? null : sql<string>`localtimestamp(0) + make_interval(secs => ${retryDelayMs(attempt) / 1000})`,
          ...auditUpdate(0),
        })
        .where('delivery_id', '=', d.delivery_id)
        .execute();
      await tx
        .insertInto('msg_log')
        .values({
          delivery_id: d.delivery_id,
          instance_id: d.instance_id,
          channel: d.channel,
          address: d.address,
          provider,
          log_status: status === 'RETRY' ? 'FAILED' : status,
          attempt,
          subject: d.title,
          content: d.content,
          error_msg: error,
          duration_ms: durationMs,
          created_by: 0,
          last_updated_by: 0,
        })
        .execute();
      await refreshInstance(tx, d.instance_id);
    });
    if (retryAt !== null) await this.retryBy(new Date(retryAt));
    return status;
  }

  /** Asks the scheduler for a MESSAGE_RETRY run by `at`; without the scheduler the next start's recovery does it. */
  async retryBy(at: Date): Promise<void> {
    if (!this.app.modules.hasApi('scheduler')) return;
    await this.app.modules
      .api<SchedulerApi>('scheduler')
      .runBy(RETRY_PROGRAM, at)
      .catch((err: unknown) => console.error('messages: scheduling the retry failed', err));
  }

  /**
   * MESSAGE_RETRY: every delivery whose time has come (a RETRY past its next attempt, a PENDING one its
   * process never started, a SENDING one whose process died) gets its attempt; then the next run is
   * asked for by the earliest waiting retry.
   */
  async runDue(run?: ProgramRun): Promise<{ attempted: number; sent: number }> {
    const t = msg(this.app.db);
    await t
      .updateTable('msg_delivery')
      .set({ delivery_status: 'RETRY', next_attempt_at: sql<string>`localtimestamp(0)`, ...auditUpdate(0) })
      .where('delivery_status', '=', 'SENDING')
      .where('last_update_date', '<', sql<string>`localtimestamp(0) - make_interval(mins => ${LOST_AFTER_MINUTES})`)
      .execute();
    const r = await drainDue({
      signal: run?.signal,
      concurrency: CONCURRENCY,
      due: async () =>
        (
          await t
            .selectFrom('msg_delivery')
            .select('delivery_id')
            .where((eb) =>
              eb.or([
                eb.and([eb('delivery_status', '=', 'RETRY'), eb('next_attempt_at', '<=', sql<string>`localtimestamp(0)`)]),
                eb.and([eb('delivery_status', '=', 'PENDING'), eb('creation_date', '<', sql<string>`localtimestamp(0) - make_interval(mins => 1)`)]),
              ]),
            )
            .orderBy('delivery_id')
            .limit(200)
            .execute()
        ).map((row) => row.delivery_id),
      attempt: (id) => this.attempt(id),
    });
    const attempted = r.attempted;
    const sent = (r.outcomes.get('SENT') ?? 0) + (r.outcomes.get('LOGGED') ?? 0);
    const next = await this.nextRetry();
    if (next) await this.retryBy(next);
    run?.log(`${attempted} delivery attempt(s), ${sent} sent${next ? `; next retry due ${next.toISOString()}` : ''}`);
    return { attempted, sent };
  }

  /** The earliest time a waiting delivery is due (now for a PENDING one), or null. */
  async nextRetry(): Promise<Date | null> {
    const t = msg(this.app.db);
    const row = await t
      .selectFrom('msg_delivery')
      .select((eb) => [
        eb.fn.min('next_attempt_at').as('next'),
        eb.fn.count<number>('delivery_id').filterWhere('delivery_status', 'in', ['PENDING', 'SENDING']).as('waiting'),
      ])
      .where('delivery_status', 'in', ['PENDING', 'SENDING', 'RETRY'])
      .executeTakeFirst();
    if (!row) return null;
    if (Number(row.waiting) > 0) return new Date(Date.now() + 60_000);
    return row.next ? new Date(`${String(row.next).replace(' ', 'T')}Z`) : null;
  }
}

/** The instance's state follows its deliveries' (after each attempt). */
export async function refreshInstance(t: Tables, instanceId: number): Promise<void> {
  const rows = await t.selectFrom('msg_delivery').select('delivery_status').distinct().where('instance_id', '=', instanceId).execute();
  const status = instanceStatus(rows.map((r) => r.delivery_status));
  await t
    .updateTable('msg_instance')
    .set({ instance_status: status, ...auditUpdate(0) })
    .where('instance_id', '=', instanceId)
    .where('instance_status', '<>', status)
    .execute();
}

const dispatchers = new WeakMap<AppContext, Dispatcher>();

export function dispatcherOf(app: AppContext): Dispatcher {
  let d = dispatchers.get(app);
  if (!d) dispatchers.set(app, (d = new Dispatcher(app)));
  return d;
}

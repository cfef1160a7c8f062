// One scheduler per running server (AppContext): its engine, the runs it executes now, and what the
// operations call. Started when the HTTP server is ready, stopped when it closes (module.ts).
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../../server/context.js';
import type { ScheduledProgram } from '../../../server/modules/types.js';
import { InProcessEngine } from './engine/inProcessEngine.js';
import type { DueJob, JobEngine } from './engine/jobEngine.js';
import { PgBossEngine } from './engine/pgBossEngine.js';
import { registerPrograms } from './registerPrograms.js';
import { notHeldDemoCron, tables, WAITING } from './repo.js';
import { runDue } from './runner.js';
import { LOST_GRACE_MS, sweepLostRuns } from './sweep.js';
import { dbTime, fromDbTime } from './time.js';

export class SchedulerService {
  readonly engine: JobEngine;
  /** This process's runs in progress, by request: cancel aborts them. */
  readonly running = new Map<number, AbortController>();
  /** Names this process in the runs it writes (hostname, pid, instance). */
  readonly worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private started = false;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(readonly app: AppContext) {
    const concurrency = Number(process.env.SRM_SCHEDULER_CONCURRENCY ?? 2) || 2;
    this.engine =
      app.database.kind === 'postgres' && app.config.databaseUrl
        ? new PgBossEngine({ connectionString: app.config.databaseUrl, concurrency, onError: (err) => console.error('scheduler (pg-boss):', err) })
        : new InProcessEngine(concurrency);
  }

  /** config.demoCrons off (test servers): the demo data's cron requests stay waiting and never run. */
  get holdsDemoCrons(): boolean {
    return !this.app.config.demoCrons;
  }

  program(code: string): (ScheduledProgram & { module: string }) | undefined {
    return this.app.modules.programs.find((p) => p.code === code);
  }

  async start(): Promise<void> {
    await registerPrograms(this.app);
    // SRM_SCHEDULER=0: queue only (on PostgreSQL the other processes run the jobs; on PGlite nothing runs).
    await this.engine.start(process.env.SRM_SCHEDULER === '0' ? null : (job) => runDue(this, job));
    this.started = true;
    await this.recover();
    if (process.env.SRM_SCHEDULER === '0') return;
    const sweep = () =>
      Promise.all([sweepLostRuns(this), this.recover(new Date(Date.now() - LOST_GRACE_MS))]).catch((err: unknown) =>
        console.error('scheduler: sweeping lost runs failed', err),
      );
    await sweep();
    this.sweeper = setInterval(() => void sweep(), 60_000);
    this.sweeper.unref();
  }

  /** Queues every waiting request again (timers lost with a restart, a queue write lost with a crash), or
   *  only those overdue since `overdueBefore` (the minutely sweep): a second delivery of the same dispatch is
   *  refused by the claim, so this is always safe. */
  private async recover(overdueBefore?: Date): Promise<void> {
    let q = tables(this.app.db).selectFrom('schedule_request').select(['request_id', 'dispatch_seq', 'next_run_at']).where('request_status', 'in', WAITING);
    if (overdueBefore) q = q.where('next_run_at', '<', dbTime(overdueBefore));
    if (this.holdsDemoCrons) q = q.where(notHeldDemoCron);
    const waiting = await q.execute();
    for (const r of waiting) await this.enqueue({ requestId: r.request_id, seq: r.dispatch_seq ?? 0 }, r.next_run_at ? fromDbTime(r.next_run_at) : new Date());
  }

  async enqueue(job: DueJob, runAt: Date): Promise<void> {
    if (this.started) await this.engine.enqueue(job, runAt);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    if (this.sweeper) clearInterval(this.sweeper);
    // A failure, not a cancel: the request goes on (retry or next cron time) when a process starts again.
    for (const c of this.running.values()) c.abort(new Error('the server stopped during the run'));
    await this.engine.stop();
  }
}

const services = new WeakMap<AppContext, SchedulerService>();

export function schedulerOf(app: AppContext): SchedulerService {
  let s = services.get(app);
  if (!s) services.set(app, (s = new SchedulerService(app)));
  return s;
}

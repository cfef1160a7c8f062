// The JobEngine on PostgreSQL: pg-boss (10.4, the last line that runs on Node 20). Jobs live in the
// database's `pgboss` schema; every server process works the same queue, and pg-boss fetches with
// `FOR UPDATE SKIP LOCKED`, so a job goes to one process. pg-boss retries are off (retryLimit 0): retries,
// backoff and timeouts are the scheduler's (runner.ts), the same on both engines.
import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { DueJob, JobEngine } from './jobEngine.js';

const QUEUE = 'srm-scheduler';

/** One job id per dispatch (a name-based UUID): sending the same dispatch again (recover, the sweep's
 *  re-queue) hits the job table's primary key and pg-boss inserts nothing. */
export function jobId(job: DueJob): string {
  const h = createHash('sha1').update(`srm-scheduler:${job.requestId}:${job.seq}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

export interface PgBossOptions {
  connectionString: string;
  /** Jobs handled at once by this process. */
  concurrency?: number;
  /** Seconds before a fetched job that never finished is expired by pg-boss (a process that died). */
  expireInSeconds?: number;
  onError?(err: unknown): void;
}

export class PgBossEngine implements JobEngine {
  readonly kind = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private workerId: string | null = null;

  constructor(private readonly opts: PgBossOptions) {
    this.boss = new PgBoss({
      connectionString: opts.connectionString,
      schema: 'pgboss',
      application_name: 'srm-scheduler',
      max: 4,
      // Cron is croner's (cron.ts): pg-boss's own scheduling is not used.
      schedule: false,
      supervise: true,
      migrate: true,
    });
    this.boss.on('error', (err) => opts.onError?.(err));
  }

  async start(handler: ((job: DueJob) => Promise<void>) | null): Promise<void> {
    await this.boss.start();
    await this.boss.createQueue(QUEUE, { name: QUEUE, policy: 'standard', retryLimit: 0 });
    if (!handler) return;
    const concurrency = this.opts.concurrency ?? 2;
    this.workerId = await this.boss.work<DueJob>(QUEUE, { batchSize: concurrency * 4, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      // A bounded pool over the fetched batch; the handler never throws, so every job completes.
      const queue = [...jobs];
      await Promise.all(
        Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
          for (let j = queue.shift(); j; j = queue.shift()) await handler(j.data);
        }),
      );
      // A full batch: fetch again at once instead of waiting for the polling interval.
      if (jobs.length && this.workerId) this.boss.notifyWorker(this.workerId);
    });
  }

  async enqueue(job: DueJob, runAt: Date): Promise<void> {
    await this.boss.send(QUEUE, job, {
      startAfter: runAt,
      retryLimit: 0,
      expireInSeconds: this.opts.expireInSeconds ?? 15 * 60,
      id: jobId(job),
    });
    // Due now: wake this process's worker rather than waiting for its next poll.
    if (runAt.getTime() <= Date.now() && this.workerId) this.boss.notifyWorker(this.workerId);
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

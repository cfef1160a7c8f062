// The one interface the scheduler drives runs through. Two implementations: pg-boss on PostgreSQL
// (pgBossEngine.ts: a SKIP LOCKED queue shared by every server process) and timers in this process on PGlite
// (inProcessEngine.ts: PGlite is one process's database). An engine only delivers "request R, dispatch S is
// due" to one worker, at or after its time; whether it still runs is decided by the claim (runner.ts), so
// a duplicate, late or stale delivery is harmless.
export interface DueJob {
  requestId: number;
  /** The request's dispatch number when this was queued; a pause, cancel or relaunch moves it on. */
  seq: number;
}

export interface JobEngine {
  readonly kind: 'pg-boss' | 'in-process';
  /** Starts delivering due jobs to `handler` (which never throws); without one, this process only queues
   *  jobs (SRM_SCHEDULER=0: other processes run them). */
  start(handler: ((job: DueJob) => Promise<void>) | null): Promise<void>;
  /** Queues a job, due at `runAt` (now or earlier: as soon as a worker is free). */
  enqueue(job: DueJob, runAt: Date): Promise<void>;
  /** Stops taking jobs and waits (bounded) for the running ones. */
  stop(): Promise<void>;
}

// The JobEngine on PGlite: timers in this process. PGlite is a single process's embedded database, so no
// other process can take a job; what a restart loses (timers) is re-queued from the requests table at start
// (service.ts `recover`). At most `concurrency` handlers run at once; the rest wait in arrival order.
import type { DueJob, JobEngine } from './jobEngine.js';

/** setTimeout's ceiling (~24.8 days): a later job is re-armed when it is reached. */
const MAX_DELAY = 2_147_483_000;

export class InProcessEngine implements JobEngine {
  readonly kind = 'in-process' as const;
  private handler: ((job: DueJob) => Promise<void>) | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly ready: DueJob[] = [];
  private active = 0;
  private stopped = false;
  private idle: (() => void) | null = null;

  constructor(private readonly concurrency = 2) {}

  async start(handler: ((job: DueJob) => Promise<void>) | null): Promise<void> {
    this.handler = handler;
    this.pump();
  }

  async enqueue(job: DueJob, runAt: Date): Promise<void> {
    if (this.stopped) return;
    const wait = runAt.getTime() - Date.now();
    if (wait <= 0) {
      this.ready.push(job);
      this.pump();
      return;
    }
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.enqueue(job, runAt);
      },
      Math.min(wait, MAX_DELAY),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private pump(): void {
    const handler = this.handler;
    if (!handler) return;
    while (!this.stopped && this.active < this.concurrency && this.ready.length) {
      const job = this.ready.shift() as DueJob;
      this.active++;
      void handler(job).finally(() => {
        this.active--;
        if (this.active === 0) this.idle?.();
        this.pump();
      });
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.ready.length = 0;
    if (this.active === 0) return;
    await new Promise<void>((resolve) => {
      const giveUp = setTimeout(resolve, 10_000);
      this.idle = () => (clearTimeout(giveUp), resolve());
    });
  }
}

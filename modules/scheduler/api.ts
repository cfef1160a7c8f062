// What other modules may use of the scheduler (types only; reached through app.modules.api('scheduler')).
// A module whose work must happen later (a failed delivery's retry) asks for a run of its own program
// instead of keeping timers: the run is a request like any other (visible on 提交请求, exactly once
// across processes, retried and timed out by the program's settings).

import type { Db } from '../../server/db/connect.js';

export interface SchedulerApi {
  /**
   * Makes sure `programCode` runs at `at` or soon after, without parameters: a waiting one-off request of
   * it that is due by then is enough (so many callers asking for about the same time make one run); else a
   * new request is submitted by the system. Throws for an unknown program; does nothing while the program
   * is disabled (its screen says so).
   */
  runBy(programCode: string, at: Date): Promise<void>;
  /**
   * A request that runs `programCode` by `cron` (minute hour day month weekday) with `params`, written in the
   * caller's transaction `db` (a module's demo data: its daily checks scheduled on a new installation). Keeps
   * one: when a waiting cron request of the program exists, answers its id and writes nothing. The scheduler
   * picks it up when it starts. Throws for an unknown program or a cron expression that never fires. `demo`:
   * the demo data's (a server with config.demoCrons off, e.g. a test server, never fires it).
   */
  scheduleCron(db: Db, request: { programCode: string; cron: string; params?: Record<string, unknown>; demo?: boolean }, userId: number): Promise<number>;
}

// The tripartite log: one row per call to a system outside this server (mail, SMS, third-party APIs).
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

export interface TripartiteCall {
  channel: 'MAIL' | 'SMS' | 'HTTP';
  target: string;
  subject: string;
  userName?: string | null;
}

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** Runs `call`, logs its outcome and duration, and passes on its result or error. */
export async function withTripartiteLog<T>(db: Db, c: TripartiteCall, call: () => Promise<T>): Promise<T> {
  const start = performance.now();
  let error: unknown = null;
  try {
    return await call();
  } catch (err) {
    error = err;
    throw err;
  } finally {
    const msg = error ? cut(error instanceof Error ? error.message : String(error), 500) : null;
    await sql`insert into srm_base_tripartite_logs (channel, target, subject, user_name, result_status, result_msg, duration_ms, request_time)
      values (${c.channel}, ${cut(c.target, 200)}, ${cut(c.subject, 300)}, ${c.userName ?? null}, ${error ? 'E' : 'S'}, ${msg}, ${Math.round(performance.now() - start)}, localtimestamp(0))`
      .execute(db)
      .catch(() => undefined);
  }
}

// The tripartite log: one entry per call to a system outside this server (mail, SMS, third-party APIs),
// written by the module keeping the logs (services.ts CallLogs); a server without it logs nothing.
import type { Db } from '../db/connect.js';
import type { CallLogs, OutsideCall } from '../modules/services.js';

export type TripartiteCall = Omit<OutsideCall, 'error' | 'durationMs'>;

/** Runs `call`, logs its outcome and duration, and passes on its result or error. */
export async function withTripartiteLog<T>(logs: CallLogs | undefined, db: Db, c: TripartiteCall, call: () => Promise<T>): Promise<T> {
  const start = performance.now();
  let error: unknown = null;
  try {
    return await call();
  } catch (err) {
    error = err;
    throw err;
  } finally {
    const msg = error ? (error instanceof Error ? error.message : String(error)) : null;
    // A lost log line never fails the call it describes.
    await logs?.recordCall(db, { ...c, error: msg, durationMs: Math.round(performance.now() - start) }).catch(() => undefined);
  }
}

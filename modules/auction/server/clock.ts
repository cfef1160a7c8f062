// The server clock that decides every auction (CONTRACT.md "Sourcing": the server clock decides). One per
// running server; API tests move it (`setAuctionClock`) instead of sleeping, so a bid "one millisecond
// before the end" is exact. Times in the tables are UTC text 'yyyy-MM-dd HH:mm:ss' like every timestamp.
import type { AppContext } from '../../../server/context.js';

const clocks = new WeakMap<AppContext, () => number>();

/** Milliseconds since the epoch, as the auction engine sees them. */
export function auctionNow(app: AppContext): number {
  return (clocks.get(app) ?? Date.now)();
}

/** Tests only: replaces the auction clock of one server (null restores the real one). */
export function setAuctionClock(app: AppContext, now: (() => number) | null): void {
  if (now) clocks.set(app, now);
  else clocks.delete(app);
}

/** 'yyyy-MM-dd HH:mm:ss' (UTC) → ms; the database's timestamp text. */
export function msOf(text: string): number {
  return Date.parse(`${text.replace(' ', 'T').slice(0, 19)}Z`);
}

/** ms → 'yyyy-MM-dd HH:mm:ss' (UTC), whole seconds (rounded up so that a deadline is never moved earlier). */
export function textOf(ms: number): string {
  return new Date(Math.ceil(ms / 1000) * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

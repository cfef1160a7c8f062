// Which request a database statement belongs to, without passing it through every call: the request's
// place in the database queue (server/db/fairQueue.ts) travels in an AsyncLocalStorage that the HTTP
// layer opens when the request arrives (server/http/databaseOrder.ts). Work outside any request (start-up,
// scheduled programs) takes a fresh ticket per statement, i.e. queues behind what is already waiting.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Place } from './fairQueue.js';

const places = new AsyncLocalStorage<Place>();
let last = 0;

/** A new ticket: later than every ticket handed out before (arrival order). */
export function nextTicket(): number {
  last += 1;
  return last;
}

/** The place of the running request, or a fresh one. */
export function currentPlace(): Place {
  return places.getStore() ?? { ticket: nextTicket() };
}

/** Runs `fn` (and everything it starts) with the database statements queued at `place`. */
export function runAt<T>(place: Place, fn: () => T): T {
  return places.run(place, fn);
}

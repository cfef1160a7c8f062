// Opens the database named by the configuration: PostgreSQL when DATABASE_URL is set, else PGlite in
// DATA_DIR. Both return the same JS shapes (see typeParsers), so nothing above this file can tell.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { PGliteDialect } from './pgliteDialect.js';
import { TYPE_PARSERS } from './typeParsers.js';
import { FairQueue, type Place } from './fairQueue.js';
import { queuedDialect } from './queuedDialect.js';
import { runAt } from './requestOrder.js';
import { RetryLater } from '../errors.js';
import { DB_QUEUE_DEFAULTS, type DbQueueConfig } from '../config.js';

// Tables are defined by metadata at run time, so queries are written with `sql` and checked there.
export type Db = Kysely<Record<string, Record<string, unknown>>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Calls `listener(table)` after every successful insert/update/delete statement, whichever code ran it. */
  onWrite(listener: (table: string) => void): void;
  /**
   * A `select 1` at the front of the queue within `ms` (health): `busy` when every connection stayed
   * held by running statements for that long, `down` when the database failed or did not answer.
   */
  ping(ms?: number): Promise<'up' | 'busy' | 'down'>;
  /** The line in front of the connections (sizes for health, tests). */
  queue: FairQueue;
  close(): Promise<void>;
}

/** Connections PostgreSQL statements may hold at once (the pg pool's size). */
export const PG_POOL_SIZE = 10;

/** Errors that mean "the database is not reachable now" (not a bad statement): answered 503, not 500. */
export function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (
    typeof e.code === 'string' &&
    (/^(08|57P)/.test(e.code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'].includes(e.code))
  )
    return true;
  return (
    typeof e.message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(e.message)
  );
}

function pinger(db: Db, queue: FairQueue): Database['ping'] {
  return async (ms = 2000) => {
    // At the front of the line, never shed: it waits only for the statements running now.
    const place: Place = { ticket: 0, maxWaitMs: ms };
    const answer = runAt(place, () => sql`select 1 as one`.execute(db)).then(
      () => 'up' as const,
      (e: unknown) => (e instanceof RetryLater ? ('busy' as const) : ('down' as const)),
    );
    // Still in line at the deadline: the database works, for others (busy). Otherwise it took the
    // statement and did not answer (a black-holed server): down.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'busy' | 'down'>((resolve) => (timer = setTimeout(() => resolve(queue.isWaiting(place) ? 'busy' : 'down'), ms)));
    try {
      return await Promise.race([answer, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

// The table a write statement names first: `insert into "t"`, `update t`, `delete from "t"`.
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i;

/** Kysely's query log, used as a generic after-write hook on tables (caches keyed by table contents). */
function writeHook(): { log: (e: LogEvent) => void; onWrite: Database['onWrite'] } {
  const listeners: ((table: string) => void)[] = [];
  return {
    onWrite: (l) => void listeners.push(l),
    log: (e) => {
      if (e.level !== 'query' || listeners.length === 0) return;
      const m = WRITE.exec(e.query.sql);
      if (m) for (const l of listeners) l(m[1].toLowerCase());
    },
  };
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /** Bounds of the database queue; default: configFromEnv's. */
  queue?: DbQueueConfig;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const bounds = opts.queue ?? DB_QUEUE_DEFAULTS;
  if (opts.databaseUrl) {
    // The queue holds at most PG_POOL_SIZE permits, so the pool's own (FIFO, unbounded) waiting list
    // stays empty: fairness, the bound and the busy answer are the queue's, on both databases.
    const queue = new FairQueue({ permits: PG_POOL_SIZE, ...bounds });
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: PG_POOL_SIZE,
      // A database gone away (a black hole, not a refusal) fails a new connection in 5 s, not never.
      // Only connecting is timed here: waiting for a pooled connection is the queue's (503 busy).
      connectionTimeoutMillis: 5000,
      // Connections once opened stay open (pg closes idle ones after 10 s by default): after a quiet spell
      // the next burst — an auction's last seconds — otherwise waits for new backends to start and warm
      // their catalog caches (the bench: 110–140 ms before the first group's BEGIN returned).
      min: PG_POOL_SIZE,
      types: {
        getTypeParser: ((oid: number, format?: string) => TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // An idle pooled connection that the server closes (restart, failover, a dropped database) is
    // reported here; without a listener Node treats it as uncaught and stops the process. The pool
    // opens a fresh connection for the next query, and a query in flight fails on its own.
    pool.on('error', () => undefined);
    // The same for a client in use when the connection drops (a database outage mid-request): its query
    // fails on its own (503, errorHandler); the event must not reach the process as uncaught.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const hook = writeHook();
    const db: Db = new Kysely({ dialect: queuedDialect(new PostgresDialect({ pool }), queue), log: hook.log });
    return { db, kind: 'postgres', onWrite: hook.onWrite, ping: pinger(db, queue), queue, close: () => db.destroy() };
  }
  let dir: string | undefined;
  if (!opts.inMemory) {
    dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  // pg_trgm: contains-filters (`filter: like`) use trigram GIN indexes on both databases.
  // PGlite ignores the options when the data dir argument is given as undefined: pass one object.
  const lite = new PGlite({ ...(dir ? { dataDir: dir } : {}), parsers: TYPE_PARSERS, extensions: { pg_trgm } });
  const hook = writeHook();
  const queue = new FairQueue({ permits: 1, ...bounds });
  const db: Db = new Kysely({ dialect: new PGliteDialect(lite, queue), log: hook.log });
  return { db, kind: 'pglite', onWrite: hook.onWrite, ping: pinger(db, queue), queue, close: () => db.destroy() };
}

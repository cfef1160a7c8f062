// A Kysely dialect over PGlite. PGlite is one connection for the whole process, so the connection is
// handed out through a fair queue with one permit (fairQueue.ts): a transaction never interleaves with
// another request's statements, and waiting requests are served in arrival order.
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { FairQueue } from './fairQueue.js';
import { queuedDriver } from './queuedDialect.js';

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}
  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    // Parameterless text may hold several statements (migrations); only the simple protocol takes those.
    if (q.parameters.length === 0) {
      const results = await this.pg.exec(q.sql);
      const last = results[results.length - 1];
      return {
        rows: (last?.rows ?? []) as R[],
        numAffectedRows: last?.affectedRows === undefined ? undefined : BigInt(last.affectedRows),
      };
    }
    const res = await this.pg.query<R>(q.sql, q.parameters as unknown[]);
    return {
      rows: res.rows,
      numAffectedRows: res.affectedRows === undefined ? undefined : BigInt(res.affectedRows),
    };
  }
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite; page through listByPage instead');
  }
}

/** The bare driver: one shared connection, no ordering of its own (the queue in front of it serialises). */
class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  constructor(private readonly pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }
  async init(): Promise<void> {
    await this.pg.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  /** `queue` must have one permit; without one, a private queue that only serialises (no practical bound). */
  constructor(
    private readonly pg: PGlite,
    private readonly queue: FairQueue = new FairQueue({ permits: 1, maxWaiting: Number.MAX_SAFE_INTEGER, maxWaitMs: 2 ** 31 - 1 }),
  ) {
    if (queue.permits !== 1) throw new Error('PGlite is one connection: its queue must have exactly one permit');
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return queuedDriver(new PGliteDriver(this.pg), this.queue);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

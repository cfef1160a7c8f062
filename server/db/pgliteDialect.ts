// A Kysely dialect over PGlite. PGlite is one connection for the whole process, so connections are
// handed out one at a time: a transaction never interleaves with another request's statements.
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

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

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
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite; page through listByPage instead');
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private readonly connection: PGliteConnection;
  constructor(private readonly pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }
  async init(): Promise<void> {
    await this.pg.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    // One shared object cannot key the WeakMap per holder, so each holder gets its own thin wrapper.
    const held: DatabaseConnection = {
      executeQuery: (q) => this.connection.executeQuery(q),
      streamQuery: () => this.connection.streamQuery(),
    };
    this.releases.set(held, release);
    return held;
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
  async releaseConnection(c: DatabaseConnection): Promise<void> {
    this.releases.get(c)?.();
    this.releases.delete(c);
  }
  async destroy(): Promise<void> {
    await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

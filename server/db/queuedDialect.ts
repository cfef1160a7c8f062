// Puts the fair queue (fairQueue.ts) in front of a Kysely driver: a connection is handed out only with
// a permit, taken at the running request's place (requestOrder.ts). Kysely acquires once per statement
// outside a transaction and once per transaction, so a transaction holds its permit to the end.
// A refused waiter becomes a 503 "database busy" with Retry-After (errors.ts RetryLater), never a 500.
import type { DatabaseConnection, Dialect, Driver, Kysely, QueryCompiler, TransactionSettings } from 'kysely';
import { RetryLater } from '../errors.js';
import { QueueRefusal, type FairQueue, type Release } from './fairQueue.js';
import { currentPlace } from './requestOrder.js';

class QueuedDriver implements Driver {
  private readonly held = new WeakMap<DatabaseConnection, Release>();

  constructor(
    private readonly inner: Driver,
    private readonly queue: FairQueue,
  ) {
    // Optional savepoint support: offered exactly when the wrapped driver offers it.
    if (inner.savepoint) this.savepoint = (c, name, compile) => inner.savepoint!(c, name, compile);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = (c, name, compile) => inner.rollbackToSavepoint!(c, name, compile);
    if (inner.releaseSavepoint) this.releaseSavepoint = (c, name, compile) => inner.releaseSavepoint!(c, name, compile);
  }

  savepoint?: (c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => Promise<void>;
  rollbackToSavepoint?: (c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => Promise<void>;
  releaseSavepoint?: (c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => Promise<void>;

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release: Release;
    try {
      release = await this.queue.acquire(currentPlace());
    } catch (e) {
      if (e instanceof QueueRefusal) throw new RetryLater('error.databaseBusy', e.retryAfterSeconds);
      throw e;
    }
    try {
      const c = await this.inner.acquireConnection();
      this.held.set(c, release);
      return c;
    } catch (e) {
      release();
      throw e;
    }
  }

  beginTransaction(c: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(c, settings);
  }
  commitTransaction(c: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(c);
  }
  rollbackTransaction(c: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(c);
  }

  async releaseConnection(c: DatabaseConnection): Promise<void> {
    // Taken out before the permit moves on: PGlite's next holder receives this same connection object.
    const release = this.held.get(c);
    this.held.delete(c);
    try {
      await this.inner.releaseConnection(c);
    } finally {
      release?.();
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `driver` with every connection taken through `queue`. */
export function queuedDriver(driver: Driver, queue: FairQueue): Driver {
  return new QueuedDriver(driver, queue);
}

/** `dialect` with every connection taken through `queue`. */
export function queuedDialect(dialect: Dialect, queue: FairQueue): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => queuedDriver(dialect.createDriver(), queue),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => dialect.createIntrospector(db),
  };
}

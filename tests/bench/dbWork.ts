// What a bench's load asked of PostgreSQL, from its statistics views: transactions committed and rolled
// back, and rows inserted / updated / deleted per table. Per accepted bid these say which requests touch
// the database besides the bid group itself (a log write, a session read) — the statistics collector
// reports a backend's counts when its transaction ends, so a snapshot a second after the load is complete.
import type pg from 'pg';

export interface DbWork {
  commits: number;
  rollbacks: number;
  /** table → rows inserted + updated + deleted. */
  writes: Record<string, number>;
}

export async function dbWorkNow(db: pg.Client, dbName: string): Promise<DbWork> {
  // A fresh snapshot, not the one cached for this transaction.
  await db.query('select pg_stat_clear_snapshot()');
  const x = await db.query<{ c: string; r: string }>(`select xact_commit as c, xact_rollback as r from pg_stat_database where datname = $1`, [dbName]);
  const t = await db.query<{ relname: string; n: string }>(`select relname, n_tup_ins + n_tup_upd + n_tup_del as n from pg_stat_user_tables`);
  return {
    commits: Number(x.rows[0]?.c ?? 0),
    rollbacks: Number(x.rows[0]?.r ?? 0),
    writes: Object.fromEntries(t.rows.map((r) => [r.relname, Number(r.n)])),
  };
}

/** The work between two snapshots, per accepted bid; tables written less than once per 100 bids are left out. */
export function dbWorkPer(a: DbWork, b: DbWork, accepted: number) {
  const per = (n: number) => (accepted ? +(n / accepted).toFixed(3) : null);
  const writes = Object.entries(b.writes)
    .map(([table, n]) => [table, n - (a.writes[table] ?? 0)] as const)
    .filter(([, n]) => accepted && n / accepted >= 0.01)
    .sort((x, y) => y[1] - x[1]);
  return {
    commitsPerAcceptedBid: per(b.commits - a.commits),
    rollbacksPerAcceptedBid: per(b.rollbacks - a.rollbacks),
    rowWritesPerAcceptedBid: Object.fromEntries(writes.map(([table, n]) => [table, per(n)])),
  };
}

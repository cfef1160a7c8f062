// Log rows gathered while the previous insert is in flight and written by ONE multi-row insert (a group
// commit): alone, a row is written at once as before; under load (an auction's thousand bids a second,
// each a logged call) one round trip carries every row that arrived meanwhile instead of one round trip
// and one pooled connection per call. A failed insert loses its rows and says so in the server log, as a
// failed single insert did; the answer to the call never waits for its log row.

/** Rows above this go in the next insert: one statement stays well inside PostgreSQL's 65,535 parameters. */
const MAX_ROWS = 500;

export class LogBatch<Row> {
  private waiting: Row[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly insert: (rows: Row[]) => Promise<unknown>,
    private readonly onError: (err: unknown) => void,
  ) {}

  add(row: Row): void {
    this.waiting.push(row);
    if (!this.running) this.running = this.drain();
  }

  /** Resolves once every row added so far is written (or failed): server stop, tests. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length) {
        const rows = this.waiting.splice(0, MAX_ROWS);
        await this.insert(rows).catch(this.onError);
      }
    } finally {
      this.running = null;
    }
  }
}

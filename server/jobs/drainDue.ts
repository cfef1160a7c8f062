// Works through the due rows of a queue a module keeps in its own table (the ERP outbox, message
// deliveries): the module fetches a batch of due ids and makes one attempt on an id; this loop makes
// sure each id is tried at most once per run (an attempt that leaves its row due, a retry at once,
// waits for the next run instead of spinning), asks for the next batch until nothing new comes, and
// stops at the run's abort signal. Why shared: both queues had grown the same loop, and a fix to one
// (the `done` set that ends the spin) must not be missed in the other.

export interface DrainOptions<S> {
  /** A batch of due ids, oldest first; ids already tried this run may come again and are skipped. */
  due(): Promise<number[]>;
  /** One attempt on an id: its outcome, or null when there was nothing to attempt (claimed elsewhere). */
  attempt(id: number): Promise<S | null>;
  /** Attempts in flight at once (1: one after another). */
  concurrency?: number;
  /** The run's abort signal (its timeout or cancel): thrown at the next attempt. */
  signal?: AbortSignal;
  /** An outcome that ends the whole drain (e.g. the connector is not configured: nothing can be sent). */
  stopsDrain?(outcome: S): boolean;
}

export interface DrainResult<S> {
  attempted: number;
  /** How many attempts ended in each outcome. */
  outcomes: Map<S, number>;
  /** The outcome that ended the drain early, if one did. */
  stoppedBy?: S;
}

export async function drainDue<S>(o: DrainOptions<S>): Promise<DrainResult<S>> {
  const width = Math.max(1, o.concurrency ?? 1);
  const done = new Set<number>();
  const result: DrainResult<S> = { attempted: 0, outcomes: new Map() };
  for (;;) {
    o.signal?.throwIfAborted();
    const fresh = (await o.due()).filter((id) => !done.has(id));
    if (fresh.length === 0) return result;
    for (let i = 0; i < fresh.length; i += width) {
      o.signal?.throwIfAborted();
      const batch = fresh.slice(i, i + width);
      for (const id of batch) done.add(id);
      const outcomes = await Promise.all(batch.map((id) => o.attempt(id)));
      for (const s of outcomes) {
        if (s === null) continue;
        if (o.stopsDrain?.(s)) {
          result.stoppedBy = s;
          return result;
        }
        result.attempted++;
        result.outcomes.set(s, (result.outcomes.get(s) ?? 0) + 1);
      }
    }
  }
}

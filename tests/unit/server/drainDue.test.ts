// drainDue: each due id tried once per run even when its attempt leaves it due, batches asked for until
// nothing new comes, concurrency honoured, an outcome that stops the drain ends it, the abort signal stops it.
import { describe, expect, it } from 'vitest';
import { drainDue } from '../../../server/jobs/drainDue';

describe('drainDue', () => {
  it('tries every due id once although a failed attempt keeps it due, and counts outcomes', async () => {
    const queue = [1, 2, 3, 4, 5];
    const tried: number[] = [];
    const r = await drainDue({
      due: async () => queue.slice(0, 3),
      attempt: async (id) => {
        tried.push(id);
        if (id % 2 === 0) return 'RETRY';
        queue.splice(queue.indexOf(id), 1);
        return 'SENT';
      },
    });
    expect(tried).toEqual([1, 2, 3, 4, 5]);
    expect(r.attempted).toBe(5);
    expect(Object.fromEntries(r.outcomes)).toEqual({ SENT: 3, RETRY: 2 });
    expect(queue).toEqual([2, 4]);
  });

  it('runs at most `concurrency` attempts at once and skips ids with nothing to attempt', async () => {
    let inFlight = 0;
    let widest = 0;
    const ids = Array.from({ length: 10 }, (_, i) => i + 1);
    const r = await drainDue({
      concurrency: 3,
      due: async () => ids,
      attempt: async (id) => {
        inFlight++;
        widest = Math.max(widest, inFlight);
        await new Promise((res) => setTimeout(res, 1));
        inFlight--;
        return id === 7 ? null : 'SENT';
      },
    });
    expect(widest).toBe(3);
    expect(r.attempted).toBe(9);
  });

  it('ends at an outcome that stops the drain, and at the run’s abort', async () => {
    const stopped = await drainDue({ due: async () => [1, 2, 3], attempt: async (id) => (id === 2 ? 'PENDING' : 'SENT'), stopsDrain: (s) => s === 'PENDING' });
    expect(stopped).toMatchObject({ attempted: 1, stoppedBy: 'PENDING' });

    const ctl = new AbortController();
    const run = drainDue({
      signal: ctl.signal,
      due: async () => [1, 2, 3],
      attempt: async (id) => {
        if (id === 1) ctl.abort(new Error('timed out'));
        return 'SENT';
      },
    });
    await expect(run).rejects.toThrow('timed out');
  });
});

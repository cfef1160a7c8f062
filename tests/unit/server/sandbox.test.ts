// The sandbox that runs work on untrusted files (server/worker/sandbox.ts): results and refusals come
// back; a task over its time budget or its memory budget is terminated and refused with its message;
// the event loop of the caller keeps turning meanwhile; the process's memory does not keep the task's.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/errors.js';
import { runSandboxed, SandboxFailure, type SandboxBudget } from '../../../server/worker/sandbox.js';

const tasks = new URL('./sandboxTasks.ts', import.meta.url);
// Generous time for the tasks that end by themselves: starting a worker that loads TypeScript takes seconds
// on a loaded machine, and the budget counts from the start.
const budget: SandboxBudget = { timeMs: 20_000, memoryMb: 64, timeoutKey: 'excel.parseTimeout', memoryKey: 'excel.parseMemory', params: { seconds: 20 } };
const run = (name: string, input: unknown = {}, b: Partial<SandboxBudget> = {}) => runSandboxed({ module: tasks, export: name }, input, { ...budget, ...b });

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('sandbox worker', () => {
  it('returns the result, and refusals as AppErrors with their key', async () => {
    expect(await run('echo', { text: 'abc' })).toBe('ABC');
    expect((await refusal(run('refuses'))).key).toBe('excel.noRows');
    await expect(run('fails')).rejects.toBeInstanceOf(SandboxFailure);
  });

  it('terminates a task that never yields at its time budget, while the caller keeps turning', async () => {
    let beats = 0;
    const beat = setInterval(() => beats++, 20);
    const t0 = Date.now();
    const err = await refusal(run('spin', {}, { timeMs: 800 }));
    clearInterval(beat);
    expect(err.key).toBe('excel.parseTimeout');
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(beats).toBeGreaterThan(10);
  });

  it('ends a task that allocates without bound at its memory budget; the process keeps none of it', async () => {
    const before = process.memoryUsage().rss;
    const err = await refusal(run('hog', {}, { memoryMb: 48, timeMs: 20_000 }));
    expect(err.key).toBe('excel.parseMemory');
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });
});

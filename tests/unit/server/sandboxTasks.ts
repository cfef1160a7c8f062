// Tasks for tests/unit/server/sandbox.test.ts, run inside sandbox workers.
import { refuse } from '../../../server/errors.js';

export async function echo(input: { text: string }): Promise<string> {
  return input.text.toUpperCase();
}

export async function refuses(): Promise<never> {
  throw refuse('excel.noRows');
}

export async function fails(): Promise<never> {
  throw new TypeError('boom');
}

/** A loop that never yields: only terminating the thread ends it. */
export async function spin(): Promise<never> {
  for (;;) Math.random();
}

/** Allocates until the heap budget is spent. */
export async function hog(): Promise<number> {
  const keep: string[][] = [];
  for (;;) keep.push(Array.from({ length: 100_000 }, (_, i) => `row ${i} ${keep.length}`));
}

// The cache store's several-key read and its pacing, the same on both stores: in memory, and on the Redis
// at 127.0.0.1:6379 when it answers (CI: always), under a namespace of its own.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { portAnswers } from '../../tests/support/portAnswers.js';
import { MemoryStore } from './memoryStore.js';
import { RedisStore } from './redisStore.js';
import type { CacheStore } from './store.js';

const redisAnswers = await portAnswers(6379);

const stores: [string, () => CacheStore][] = [['memory', () => new MemoryStore()]];
if (redisAnswers) stores.push(['redis', () => new RedisStore('redis://127.0.0.1:6379', `srm-store-test:${randomBytes(4).toString('hex')}:`)]);

describe.each(stores)('%s store', (_, open) => {
  const store = open();
  afterAll(() => store.close());

  it('getMany answers the keys in the order asked, null for a missing one', async () => {
    await store.ready?.();
    await store.set('a', '1', 60);
    await store.set('c', '3', 60);
    expect(await store.getMany(['c', 'b', 'a'])).toEqual(['3', null, '1']);
    expect(await store.getMany([])).toEqual([]);
  });

  it('paced allows a burst up to its size, then one call per interval, however unevenly they arrive', async () => {
    const t = 1_000_000;
    const allowed = async (ms: number) => store.paced('pace', t + ms, 5, 5);
    for (let i = 0; i < 5; i++) expect(await allowed(0)).toBe(true);
    expect(await allowed(0)).toBe(false);
    expect(await allowed(150)).toBe(false);
    expect(await allowed(200)).toBe(true);
    expect(await allowed(250)).toBe(false);
    // A refused call moved nothing: the next interval is still open at 400.
    expect(await allowed(400)).toBe(true);
    // After a quiet spell the full burst is back.
    for (let i = 0; i < 5; i++) expect(await allowed(5000)).toBe(true);
    expect(await allowed(5000)).toBe(false);
    // Another key has its own pace.
    expect(await store.paced('pace-2', t, 5, 5)).toBe(true);
  });
});

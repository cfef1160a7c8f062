import { MemoryStore } from './memoryStore.js';
import { RedisStore } from './redisStore.js';
import type { CacheStore } from './store.js';

export function openStore(redisUrl?: string, namespace?: string): CacheStore {
  return redisUrl ? new RedisStore(redisUrl, namespace) : new MemoryStore();
}

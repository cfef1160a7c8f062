// How the Acl asks the database for a session's grants: once however many requests of the session arrive
// while it is asking, answered from memory until the epoch moves, refreshed behind the request after the
// TTL one session at a time (sessions signed in together must not all reload at one moment), and at once
// after an invalidation.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Db } from '../db/connect.js';
import type { AccessData, GrantData } from '../modules/services.js';
import type { Session } from '../auth/session.js';
import { MemoryStore } from '../cache/memoryStore.js';
import { Acl } from './acl.js';

interface Asked {
  userId: number;
  answer: (g: GrantData) => void;
}

let asked: Asked[];
const access = {
  loadGrants: (_db: Db, userId: number) => new Promise<GrantData>((answer) => asked.push({ userId, answer })),
} as unknown as AccessData;

const grants = (menu: string): GrantData => ({ active: true, respIds: new Set(), menus: new Set([menu]), resources: new Set() });
const defs = { entities: new Map(), pages: new Map(), menus: { menus: [] } } as never;
/** A request's own Session object, as the signed API parses one per request. */
const request = (code = 'code-1', userId = 7): Session => ({
  authorizationCode: code,
  signKey: 'k',
  userId,
  userName: 'u',
  userType: 'INTERNAL',
  supplierId: null,
  createdAt: 0,
});
const settle = () => new Promise((r) => setTimeout(r, 0));
/** Past the pause the background refresher keeps between two reloads. */
const nextReload = () => new Promise((r) => setTimeout(r, 30));

/** The session's first request, answered with `menu`: its grants are in the cache. */
async function grantsKnown(menu: string): Promise<void> {
  const first = acl.grants(request());
  await settle();
  asked[0].answer(grants(menu));
  await first;
}

let acl: Acl;
beforeEach(() => {
  asked = [];
  vi.useFakeTimers({ toFake: ['Date'] });
  acl = new Acl({} as Db, defs, new MemoryStore(), access);
});
afterEach(() => vi.useRealTimers());

test('requests of one session arriving while its grants are asked share one look-up', async () => {
  const answers = [acl.grants(request()), acl.grants(request()), acl.grants(request())];
  await settle();
  expect(asked).toHaveLength(1);
  asked[0].answer(grants('A'));
  for (const g of await Promise.all(answers)) expect([...g.menus]).toEqual(['A']);
  await acl.grants(request());
  expect(asked).toHaveLength(1);
});

test('past the TTL the request is answered from the cached grants and one refresh runs behind it', async () => {
  await grantsKnown('A');
  vi.setSystemTime(Date.now() + 91_000); // past the TTL and its spread
  const late = await Promise.all([acl.grants(request()), acl.grants(request())]);
  expect(late.map((g) => [...g.menus])).toEqual([['A'], ['A']]);
  expect(asked).toHaveLength(2);
  asked[1].answer(grants('B'));
  await settle();
  expect([...(await acl.grants(request())).menus]).toEqual(['B']);
  expect(asked).toHaveLength(2);
});

test('stale sessions are refreshed one at a time, each request still answered at once', async () => {
  const sessions = [1, 2, 3].map((n) => request(`code-${n}`, n));
  const first = sessions.map((x) => acl.grants(x));
  await settle();
  asked.forEach((a) => a.answer(grants('A')));
  await Promise.all(first);
  expect(asked).toHaveLength(3);
  vi.setSystemTime(Date.now() + 91_000);
  // All three come back after a quiet spell: answered from the cache, one reload asked so far.
  const again = await Promise.all(sessions.map((x) => acl.grants({ ...x })));
  expect(again.map((g) => [...g.menus])).toEqual([['A'], ['A'], ['A']]);
  await settle();
  expect(asked.map((a) => a.userId)).toEqual([1, 2, 3, 1]);
  asked[3].answer(grants('B'));
  await nextReload();
  expect(asked.map((a) => a.userId)).toEqual([1, 2, 3, 1, 2]);
  asked[4].answer(grants('B'));
  await nextReload();
  asked[5].answer(grants('B'));
  await nextReload();
  expect(asked).toHaveLength(6);
  for (const x of sessions) expect([...(await acl.grants({ ...x })).menus]).toEqual(['B']);
  expect(asked).toHaveLength(6);
});

test('after an invalidation the next request waits for fresh grants', async () => {
  await grantsKnown('A');
  await acl.invalidate();
  const next = acl.grants(request());
  await settle();
  expect(asked).toHaveLength(2);
  asked[1].answer(grants('B'));
  expect([...(await next).menus]).toEqual(['B']);
});

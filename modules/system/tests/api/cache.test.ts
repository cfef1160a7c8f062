// Cache management on the store the server uses (PGlite run: in-memory; PostgreSQL run: Redis):
// SCAN paging by pattern, type-aware capped values, delete, lookup rebuild, masking of every
// session/nonce/captcha key, and only the administrator.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { LOOKUP_VALUES, REDIS } from '../../../../tests/support/orgHelpers.js';
import { sql } from 'kysely';

interface KeyPage {
  store: string;
  cursor: string;
  done: boolean;
  keys: { key: string; protected: boolean; ttl: number }[];
}

for (const backend of await backends()) {
  describe(`cache management on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    const store = backend === 'postgres' ? 'redis' : 'memory';

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await signIn(t.url, 'admin', 'EN');
    });
    afterAll(async () => t?.stop());

    const allKeys = async (pattern: string, pageRows = 50) => {
      const out: KeyPage['keys'] = [];
      let cursor = '0';
      let pages = 0;
      do {
        const p = expectOk(await admin.call<KeyPage>(`${REDIS}/findKeys`, { pattern, cursor, pageRows }));
        expect(p.store).toBe(store);
        out.push(...p.keys);
        cursor = p.cursor;
        pages++;
      } while (cursor !== '0' && pages < 100);
      return out;
    };

    it('says which store is in use', async () => {
      const info = expectOk(await admin.call<Rec>(`${REDIS}/info`, {}));
      expect(info.store).toBe(store);
      const health = (await (await fetch(`${t.url}/api/health`)).json()) as { data: { cache: string } };
      expect(health.data.cache).toBe(store);
    });

    it('pages keys by pattern with SCAN cursors until done, each key once', async () => {
      for (let i = 0; i < 130; i++) await t.app.ctx.cache.set(`lookup:PAGING_${String(i).padStart(3, '0')}`, `[{"i":${i}}]`, 600);
      const first = expectOk(await admin.call<KeyPage>(`${REDIS}/findKeys`, { pattern: 'lookup:PAGING_*', cursor: '0', pageRows: 50 }));
      expect(first.keys.length).toBeGreaterThan(0);
      expect(first.keys.length).toBeLessThan(130);
      const keys = await allKeys('lookup:PAGING_*');
      const unique = new Set(keys.map((k) => k.key));
      expect(unique.size).toBe(130);
      expect([...unique].every((k) => /^lookup:PAGING_\d{3}$/.test(k))).toBe(true);
      expect(keys.every((k) => !k.protected && k.ttl > 0 && k.ttl <= 600)).toBe(true);
      expect(await allKeys('lookup:PAGING_00?')).toHaveLength(10);
      expect(await allKeys('lookup:PAGING_[01]2[05]')).toHaveLength(4);
    });

    it('one call finds a narrow match far into a large keyspace (the server keeps scanning, not the client)', async () => {
      for (let i = 0; i < 4000; i += 500) {
        await Promise.all(Array.from({ length: 500 }, (_, j) => t.app.ctx.cache.set(`lookup:FILLER_${i + j}`, '[]', 600)));
      }
      await t.app.ctx.cache.set('lookup:NEEDLE_ONLY', '[]', 600);
      const page = expectOk(await admin.call<KeyPage>(`${REDIS}/findKeys`, { pattern: 'lookup:NEEDLE_*', cursor: '0', pageRows: 10 }));
      expect(page.keys.map((k) => k.key)).toEqual(['lookup:NEEDLE_ONLY']);
    });

    it('masks session, nonce and other secret keys and never sends a secret', async () => {
      const raw = await admin.call<KeyPage>(`${REDIS}/findKeys`, { pattern: '*', cursor: '0', pageRows: 500 });
      const text = JSON.stringify(raw);
      expect(text).not.toContain(admin.session!.authorizationCode);
      expect(text).not.toContain(admin.session!.signKey);
      const keys = await allKeys('*', 500);
      const sessions = keys.filter((k) => k.key.startsWith('session:'));
      expect(sessions.length).toBeGreaterThan(0);
      expect(sessions.every((k) => k.key === 'session:****' && k.protected)).toBe(true);
      expect(keys.some((k) => k.key === 'nonce:****')).toBe(true);
      // Asking for a session by its real key is refused, so is deleting it; the session still works.
      const real = `session:${admin.session!.authorizationCode}`;
      expectRefusal(await admin.call(`${REDIS}/findValue`, { key: real }), 200, 'This key holds session or security data and cannot be viewed or deleted here');
      expectRefusal(await admin.call(`${REDIS}/deleteKey`, { key: real }), 200, 'This key holds session or security data and cannot be viewed or deleted here');
      expectRefusal(
        await admin.call(`${REDIS}/findValue`, { key: 'session:****' }),
        200,
        'This key holds session or security data and cannot be viewed or deleted here',
      );
      expect(await t.app.ctx.cache.get(real)).not.toBeNull();
      expect(expectOk(await admin.call<Rec>(`${REDIS}/info`, {})).store).toBe(store);
    });

    it('shows a value type-aware and size-capped', async () => {
      await admin.call(`${LOOKUP_VALUES}/findDic`, { lookupType: 'SEX' });
      const v = expectOk(await admin.call<Rec>(`${REDIS}/findValue`, { key: 'lookup:SEX' }));
      expect(v).toMatchObject({ key: 'lookup:SEX', type: 'string', truncated: false });
      expect((JSON.parse(String(v.value)) as Rec[]).map((r) => r.lookupCode)).toEqual(['M', 'F']);
      const big = 'x'.repeat(100_000);
      await t.app.ctx.cache.set('profile:BIG', big, 600);
      const b = expectOk(await admin.call<Rec>(`${REDIS}/findValue`, { key: 'profile:BIG' }));
      expect([b.size, String(b.value).length, b.truncated]).toEqual([100_000, 65_536, true]);
      expectRefusal(await admin.call(`${REDIS}/findValue`, { key: 'lookup:NOPE' }), 200, 'The key does not exist or has expired');
      if (store === 'redis') {
        // Collections under the store's namespace are shown as their first elements.
        const ns = (t.app.ctx.cache as unknown as { namespace: string }).namespace;
        const r = new Redis(REDIS_URL);
        try {
          await r.rpush(`${ns}lookup:LIST`, ...Array.from({ length: 150 }, (_, i) => `item${i}`));
          await r.hset(`${ns}lookup:HASH`, { a: '1', b: '2' });
          const list = expectOk(await admin.call<Rec>(`${REDIS}/findValue`, { key: 'lookup:LIST' }));
          expect([list.type, list.size, list.truncated, (JSON.parse(String(list.value)) as string[]).length]).toEqual(['list', 150, true, 100]);
          const hash = expectOk(await admin.call<Rec>(`${REDIS}/findValue`, { key: 'lookup:HASH' }));
          expect([hash.type, JSON.parse(String(hash.value))]).toEqual(['hash', { a: '1', b: '2' }]);
        } finally {
          await r.del(`${ns}lookup:LIST`, `${ns}lookup:HASH`);
          r.disconnect();
        }
      }
    });

    it('deletes a key and rebuilds the lookup cache', async () => {
      await admin.call(`${LOOKUP_VALUES}/findDic`, { lookupType: 'SEX' });
      expectOk(await admin.call(`${REDIS}/deleteKey`, { key: 'lookup:SEX' }));
      expect(await t.app.ctx.cache.get('lookup:SEX')).toBeNull();
      const rebuilt = expectOk(await admin.call<Rec>(`${LOOKUP_VALUES}/createLookupRedisCache`, {}));
      expect(rebuilt.store).toBe(store);
      expect(rebuilt.types).toBeGreaterThanOrEqual(15);
      expect(await t.app.ctx.cache.get('lookup:SEX')).not.toBeNull();
      expect(await t.app.ctx.cache.get('lookup:PAGING_001')).toBeNull();
    });

    it('refuses bad patterns and cursors exactly', async () => {
      expectRefusal(await admin.call(`${REDIS}/findKeys`, { pattern: 'x'.repeat(201) }), 200, 'The key pattern is invalid');
      expectRefusal(await admin.call(`${REDIS}/findKeys`, { pattern: '*', cursor: 'abc' }), 200, 'The paging cursor is invalid');
      expectRefusal(await admin.call(`${REDIS}/deleteKey`, {}), 200, 'A cache key is required');
    });

    it('only the administrator: others get 403, unsigned 401, nothing deleted', async () => {
      await admin.call(`${LOOKUP_VALUES}/findDic`, { lookupType: 'SEX' });
      for (const user of ['buyer01', 'supplier01']) {
        const c = await signIn(t.url, user, 'EN');
        for (const [path, body] of [
          ['info', {}],
          ['findKeys', { pattern: '*' }],
          ['findValue', { key: 'lookup:SEX' }],
          ['deleteKey', { key: 'lookup:SEX' }],
        ] as const) {
          expectRefusal(await c.call(`${REDIS}/${path}`, body), 403, 'You are not permitted to do this');
        }
        expectRefusal(await c.call(`${LOOKUP_VALUES}/createLookupRedisCache`, {}), 403, 'You are not permitted to do this');
      }
      const res = await fetch(`${t.url}/api/${REDIS}/findKeys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(401);
      expect(await t.app.ctx.cache.get('lookup:SEX')).not.toBeNull();
    });

    it('a menu shipped by an upgrade reaches the system administrator with its buttons', async () => {
      const db = t.app.ctx.db;
      await sql`delete from base_resp_resource where resource_id in (select resource_id from base_resource where menu_id = (select menu_id from base_menu where menu_code = 'REDIS_MANAGE'))`.execute(
        db,
      );
      await sql`delete from base_resource where menu_id = (select menu_id from base_menu where menu_code = 'REDIS_MANAGE')`.execute(db);
      await sql`delete from base_resp_menu where menu_id = (select menu_id from base_menu where menu_code = 'REDIS_MANAGE')`.execute(db);
      await sql`delete from base_menu where menu_code = 'REDIS_MANAGE'`.execute(db);
      t.app.ctx.acl.forget();
      expectRefusal(await admin.call(`${REDIS}/findKeys`, {}), 403, 'You are not permitted to do this');
      await t.app.ctx.modules.service('access').seedMenus(db, t.app.ctx.defs);
      t.app.ctx.acl.forget();
      expectOk(await admin.call(`${REDIS}/findKeys`, {}));
      await t.app.ctx.cache.set('lookup:UPGRADE', '[]', 60);
      expectOk(await admin.call(`${REDIS}/deleteKey`, { key: 'lookup:UPGRADE' }));
      // The buyer got nothing new.
      const buyer = await signIn(t.url, 'buyer01', 'EN');
      expectRefusal(await buyer.call(`${REDIS}/findKeys`, {}), 403, 'You are not permitted to do this');
    });
  });
}

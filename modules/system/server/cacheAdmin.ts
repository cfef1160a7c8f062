// Cache management (SPEC §2 redis, redisManage): browse keys by pattern with SCAN paging, look at a
// value (type-aware, size-capped), delete a key, rebuild the lookup cache — on Redis or on the
// in-memory store, whichever the server uses. Keys that hold or reveal session secrets (sessions,
// nonces, captcha codes, tickets, login counters, and anything not listed as clear) are shown masked
// and can be neither read nor deleted here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../server/context.js';
import { forbidden, refuse, unauthorized } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import { globToRegExp } from '../../../server/cache/store.js';

/** Prefixes whose keys and values are plain data, safe to show and to drop (they are rebuilt on demand). */
export const CLEAR_PREFIXES = ['lookup:', 'profile:'];
export const VALUE_MAX_BYTES = 64 * 1024;
export const VALUE_MAX_ITEMS = 100;
/** One findKeys call scans at most this long before it answers with what it has and the cursor to go on. */
const SCAN_BUDGET_MS = 1500;
const SCAN_COUNT_MAX = 5000;

export function isClearKey(key: string): boolean {
  return CLEAR_PREFIXES.some((p) => key.startsWith(p));
}

/** `session:3fa9…` → `session:****`: the kind of key stays visible, its secret part does not. */
export function maskKey(key: string): string {
  const i = key.indexOf(':');
  return i > 0 ? `${key.slice(0, i + 1)}****` : '****';
}

export const MENU_OVERVIEW = 'REDIS';
export const MENU_MANAGE = 'REDIS_MANAGE';

function keyParam(body: unknown): string {
  const key = (body as { key?: unknown } | null)?.key;
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) throw refuse('cache.keyRequired');
  return key;
}

export function registerCacheAdminRoutes(server: FastifyInstance, app: AppContext): void {
  const need = async (req: FastifyRequest, options: [string, string | undefined][]) => {
    if (!req.session) throw unauthorized('auth.noSession');
    for (const [menu, resource] of options) if (await app.acl.holds(req.session, menu, resource)) return;
    throw forbidden('auth.forbidden');
  };
  const bases = ['/api/baseServer/v1/baseRedisRestful', '/api/zuul/baseServer/v1/baseRedisRestful'];

  for (const base of bases) {
    server.post(`${base}/info`, async (req) => {
      await need(req, [
        [MENU_OVERVIEW, undefined],
        [MENU_MANAGE, undefined],
      ]);
      const [lookups, profiles] = await Promise.all([app.cache.keys('lookup:'), app.cache.keys('profile:')]);
      return ok({
        store: app.cache.kind,
        lookupKeys: lookups.length,
        profileKeys: profiles.length,
        clearPrefixes: CLEAR_PREFIXES,
        valueMaxBytes: VALUE_MAX_BYTES,
      });
    });

    server.post(`${base}/findKeys`, async (req) => {
      await need(req, [[MENU_MANAGE, undefined]]);
      const body = (req.body ?? {}) as { pattern?: unknown; cursor?: unknown; pageRows?: unknown };
      const pattern = body.pattern === undefined || body.pattern === '' ? '*' : body.pattern;
      const cursor = body.cursor === undefined || body.cursor === '' ? '0' : body.cursor;
      const pageRows = body.pageRows === undefined ? 50 : Number(body.pageRows);
      if (typeof pattern !== 'string' || pattern.length > 200) throw refuse('cache.badPattern');
      try {
        globToRegExp(pattern);
      } catch {
        throw refuse('cache.badPattern');
      }
      if (typeof cursor !== 'string' || !/^\d{1,20}$/.test(cursor)) throw refuse('cache.badCursor');
      if (!Number.isSafeInteger(pageRows) || pageRows < 1 || pageRows > 500) throw refuse('error.malformed', { detail: 'pageRows' });
      // SCAN steps until a page is full, the keyspace is done or the time budget is spent (as Redis SCAN
      // users do: a narrow pattern may match nothing on many steps while a later one holds the key).
      // COUNT starts at the page size, so a broad pattern gives pages of about pageRows keys, and grows
      // while steps come back empty, so a narrow one crosses a large keyspace in few calls. Duplicates
      // (SCAN may repeat a key) are dropped.
      const seen = new Set<string>();
      const started = Date.now();
      let next = cursor;
      let count = pageRows;
      do {
        const r = await app.cache.scan(pattern, next, count);
        for (const k of r.keys) seen.add(k);
        next = r.cursor;
        if (r.keys.length === 0) count = Math.min(count * 4, SCAN_COUNT_MAX);
      } while (next !== '0' && seen.size < pageRows && Date.now() - started < SCAN_BUDGET_MS);
      const keys = await Promise.all(
        [...seen].sort().map(async (k) => {
          const clear = isClearKey(k);
          return { key: clear ? k : maskKey(k), protected: !clear, ttl: await app.cache.ttl(k) };
        }),
      );
      return ok({ store: app.cache.kind, pattern, cursor: next, done: next === '0', keys });
    });

    server.post(`${base}/findValue`, async (req) => {
      await need(req, [[MENU_MANAGE, 'btnView']]);
      const key = keyParam(req.body);
      if (!isClearKey(key)) throw refuse('cache.protected');
      const info = await app.cache.inspect(key, VALUE_MAX_BYTES, VALUE_MAX_ITEMS);
      if (!info) throw refuse('cache.keyGone');
      return ok({ key, store: app.cache.kind, ...info });
    });

    server.post(`${base}/deleteKey`, async (req) => {
      await need(req, [[MENU_MANAGE, 'btnDelete']]);
      const key = keyParam(req.body);
      if (!isClearKey(key)) throw refuse('cache.protected');
      await app.cache.del(key);
      return ok(null);
    });
  }

  // SPEC §7 lookups: createLookupRedisCache drops and reloads every type's cached values.
  for (const p of ['/api/baseServer/v1/baseLookupValuesRestful', '/api/zuul/baseServer/v1/baseLookupValuesRestful']) {
    server.post(`${p}/createLookupRedisCache`, async (req) => {
      await need(req, [
        [MENU_OVERVIEW, 'btnRebuild'],
        [MENU_MANAGE, 'btnRebuild'],
      ]);
      const types = await app.lookups.rebuild();
      return ok({ store: app.cache.kind, types });
    });
  }
}

// /api/messageServer/v1/msgReceiveRestful/* (CONTRACT.md "Messages and live push"): the caller's in-app
// messages. Any signed-in user may call them; each reads or changes only the caller's own messages, and
// a message id that is not the caller's is refused as unknown (nothing changes, nothing is told).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { withMenuCodes } from '../../../server/acl/menuContext.js';
import type { AppContext } from '../../../server/context.js';
import { refuse } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import { bodyOf, sessionOf } from '../../../server/http/routeInput.js';
import { msg, type Tables } from './store.js';

export const RECEIVE = '/api/messageServer/v1/msgReceiveRestful';
const MAX_IDS = 500;
const FILTERS = ['readFlag', 'sourceType', 'keyword'] as const;

const positive = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function ids(value: unknown): number[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_IDS) throw refuse('msg.badIds', { max: MAX_IDS });
  const out = value.map((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v));
  if (!out.every(positive)) throw refuse('msg.badIds', { max: MAX_IDS });
  return [...new Set(out as number[])];
}

/** The caller's in-app messages (SITE deliveries). */
const mine = (t: Tables, userId: number) => t.selectFrom('msg_delivery').where('user_id', '=', userId).where('channel', '=', 'SITE');

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function registerInboxRoutes(server: FastifyInstance, app: AppContext): void {
  const t = msg(app.db);
  const columns = [
    'delivery_id as messageId',
    'title',
    'content',
    'read_flag as readFlag',
    'sent_time as sendTime',
    'source_type as sourceType',
    'route',
    'read_time as readTime',
  ] as const;

  server.post(`${RECEIVE}/listByPage`, { config: { reads: true } }, async (req) => {
    const s = sessionOf(req);
    const b = bodyOf(req);
    const pageIndex = b.pageIndex ?? 1;
    const pageRows = b.pageRows ?? 20;
    if (!positive(pageIndex)) throw refuse('error.malformed', { detail: 'pageIndex' });
    if (!positive(pageRows) || (pageRows as number) > 200) throw refuse('error.malformed', { detail: 'pageRows' });
    const params = b.params ?? {};
    if (typeof params !== 'object' || params === null || Array.isArray(params)) throw refuse('error.malformed', { detail: 'params' });
    const p: Record<string, string> = {};
    for (const [k, v] of Object.entries(params)) {
      if (!(FILTERS as readonly string[]).includes(k) || (v !== null && v !== '' && typeof v !== 'string') || (typeof v === 'string' && v.length > 200))
        throw refuse('msg.badParam', { param: k.slice(0, 40) });
      if (typeof v === 'string' && v !== '') p[k] = v;
    }
    if (p.readFlag && p.readFlag !== 'Y' && p.readFlag !== 'N') throw refuse('msg.badParam', { param: 'readFlag' });
    const base = mine(t, s.userId)
      .$if(Boolean(p.readFlag), (q) => q.where('read_flag', '=', p.readFlag as 'Y' | 'N'))
      .$if(Boolean(p.sourceType), (q) => q.where('source_type', '=', p.sourceType))
      .$if(Boolean(p.keyword), (q) => q.where((eb) => eb.or([eb('title', 'ilike', like(p.keyword)), eb('content', 'ilike', like(p.keyword))])));
    const [rows, count] = await Promise.all([
      base
        .select([...columns])
        .orderBy('delivery_id', 'desc')
        .limit(pageRows as number)
        .offset(((pageIndex as number) - 1) * (pageRows as number))
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    // Each link names the menus whose buttons its page has (server/acl/menuContext.ts).
    const linked = rows.map((r) => ({ ...r, route: withMenuCodes(app.defs, r.route) }));
    return ok(linked, '', { count: Number(count?.n ?? 0), curIndex: pageIndex as number, pageRows: pageRows as number });
  });

  server.post(`${RECEIVE}/countUnread`, { config: { reads: true } }, async (req) => {
    return ok({ count: await unread(t, sessionOf(req).userId) });
  });

  server.post(`${RECEIVE}/findById`, { config: { reads: true } }, async (req) => {
    const s = sessionOf(req);
    const id = bodyOf(req).id;
    if (!positive(id)) throw refuse('msg.notFound');
    const row = await mine(t, s.userId)
      .where('delivery_id', '=', id as number)
      .select([...columns])
      .executeTakeFirst();
    if (!row) throw refuse('msg.notFound');
    return ok({ ...row, route: withMenuCodes(app.defs, row.route) });
  });

  /** Marks the caller's messages read: all of `ids` must be the caller's, else nothing changes. */
  server.post(`${RECEIVE}/doRead`, async (req) => {
    const s = sessionOf(req);
    const wanted = ids(bodyOf(req).ids);
    const read = await app.db.transaction().execute(async (trx) => {
      const tx = msg(trx);
      const own = await mine(tx, s.userId)
        .where('delivery_id', 'in', wanted)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      if (Number(own?.n ?? 0) !== wanted.length) throw refuse('msg.notFound');
      const changed = await mine(tx, s.userId).where('delivery_id', 'in', wanted).where('read_flag', '=', 'N').select('delivery_id').execute();
      if (changed.length === 0) return 0;
      await tx
        .updateTable('msg_delivery')
        .set({ read_flag: 'Y', read_time: sql<string>`localtimestamp(0)` })
        .where(
          'delivery_id',
          'in',
          changed.map((r) => r.delivery_id),
        )
        .execute();
      return changed.length;
    });
    return ok({ read, unread: await unread(t, s.userId) });
  });

  /** Marks every unread message of the caller read. */
  server.post(`${RECEIVE}/doReadAll`, async (req) => {
    const s = sessionOf(req);
    const result = await t
      .updateTable('msg_delivery')
      .set({ read_flag: 'Y', read_time: sql<string>`localtimestamp(0)` })
      .where('user_id', '=', s.userId)
      .where('channel', '=', 'SITE')
      .where('read_flag', '=', 'N')
      .executeTakeFirst();
    return ok({ read: Number(result.numUpdatedRows ?? 0), unread: 0 });
  });
}

async function unread(t: Tables, userId: number): Promise<number> {
  const row = await mine(t, userId)
    .where('read_flag', '=', 'N')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

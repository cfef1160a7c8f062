// Reading notices: the public pages' two calls (no session: publicPaths) and the signed-in user's own
// feed (external home, internal home). Every read filters through visibility.ts; a notice the caller
// may not see answers "not found", exactly like one that does not exist.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../server/context.js';
import { badRequest, refuse, unauthorized } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import { typed } from '../../../server/db/typed.js';
import type { NoticesTables } from '../generated/tables.js';
import { publicOnes, today, visibleTo } from './visibility.js';

const BASE = '/api/srmServer/v1/srmNoticeRestful';
export const NOTICE_PATHS = {
  listPublic: `${BASE}/listPublicNotices`,
  findPublic: `${BASE}/findPublicNotice`,
  listMine: `${BASE}/listMyNotices`,
  findMine: `${BASE}/findMyNotice`,
} as const;
export const PUBLIC_PATHS = [NOTICE_PATHS.listPublic, NOTICE_PATHS.findPublic];

const MAX_ROWS = 100;
const LIST_COLUMNS = ['n.notice_id', 'n.title', 'n.notice_type', 'n.audience', 'n.language_code', 'n.valid_from', 'n.valid_to', 'n.publish_date'] as const;

type ListRow = {
  notice_id: number | string;
  title: string;
  notice_type: string;
  audience: string;
  language_code: string;
  valid_from: string | null;
  valid_to: string | null;
  publish_date: string | null;
};
const toItem = (r: ListRow) => ({
  noticeId: Number(r.notice_id),
  title: r.title,
  noticeType: r.notice_type,
  audience: r.audience,
  languageCode: r.language_code,
  validFrom: r.valid_from,
  validTo: r.valid_to,
  publishDate: r.publish_date,
});

function bodyOf(req: FastifyRequest): Record<string, unknown> {
  if (req.body === undefined || req.body === null) return {};
  if (typeof req.body !== 'object' || Array.isArray(req.body)) throw badRequest('error.malformed', { detail: 'body' });
  return req.body as Record<string, unknown>;
}

function paging(body: Record<string, unknown>): { pageIndex: number; pageRows: number } {
  const whole = (v: unknown, dflt: number) => (v === undefined || v === null ? dflt : Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : NaN);
  const pageIndex = whole(body.pageIndex, 1);
  const pageRows = whole(body.pageRows, 20);
  if (Number.isNaN(pageIndex) || Number.isNaN(pageRows)) throw refuse('notice.badPaging');
  return { pageIndex, pageRows: Math.min(pageRows, MAX_ROWS) };
}

function idOf(body: Record<string, unknown>): number {
  const id = Number(body.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw refuse('notice.idRequired');
  return id;
}

export function registerNoticeRoutes(server: FastifyInstance, app: AppContext): void {
  const db = () => typed<NoticesTables>(app.db);
  const base = () => db().selectFrom('srm_notice as n');

  async function list(q: ReturnType<typeof base>, body: Record<string, unknown>) {
    const { pageIndex, pageRows } = paging(body);
    const counted = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await q
      .select(LIST_COLUMNS)
      .orderBy('n.publish_date', 'desc')
      .orderBy('n.notice_id', 'desc')
      .limit(pageRows)
      .offset((pageIndex - 1) * pageRows)
      .execute();
    return ok(rows.map(toItem), '', { count: Number(counted?.n ?? 0), curIndex: pageIndex, pageRows });
  }

  async function detail(q: ReturnType<typeof base>, id: number) {
    const row = await q
      .select([...LIST_COLUMNS, 'n.content', 'n.attachments'])
      .where('n.notice_id', '=', id)
      .executeTakeFirst();
    if (!row) throw refuse('notice.notFound');
    const attachmentCount = row.attachments ? row.attachments.split(',').filter(Boolean).length : 0;
    return ok({ ...toItem(row), content: row.content ?? '', attachmentCount });
  }

  server.post(NOTICE_PATHS.listPublic, { config: { reads: true } }, async (req) => list(publicOnes(base(), req.lang, today()), bodyOf(req)));
  server.post(NOTICE_PATHS.findPublic, { config: { reads: true } }, async (req) => detail(publicOnes(base(), req.lang, today()), idOf(bodyOf(req))));

  server.post(NOTICE_PATHS.listMine, { config: { reads: true } }, async (req) => {
    if (!req.session) throw unauthorized('auth.noSession');
    return list(await visibleTo(app, base(), req.session, today()), bodyOf(req));
  });
  server.post(NOTICE_PATHS.findMine, { config: { reads: true } }, async (req) => {
    if (!req.session) throw unauthorized('auth.noSession');
    return detail(await visibleTo(app, base(), req.session, today()), idOf(bodyOf(req)));
  });
}

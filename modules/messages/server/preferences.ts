// Per-user message preferences (msgUser): for each enabled source, each channel its template has texts
// for, whether the user receives it. Only sources marked optional (msg_source.optional_flag) may be
// switched off; a mandatory one (a forgotten-password code) always goes out. A user reads and changes
// only their own settings (`msgUserRestful/findMine`, `saveMine`); administrators read everyone's on the
// msgUser list screen (the generic msgUserSetting family). The fan-out (send.ts) drops the deliveries a
// recipient switched off.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../server/context.js';
import { auditInsert } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import { bodyOf, sessionOf } from '../../../server/http/routeInput.js';
import { message, type Language } from '../../../server/i18n/messages.js';
import { CHANNELS, isChannel, msg, type Channel, type Tables } from './store.js';

export const USER_SETTINGS = '/api/messageServer/v1/msgUserRestful';
const MAX_SETTINGS = 300;

export interface SourcePreference {
  sourceCode: string;
  sourceName: string;
  /** False: mandatory, every channel stays on. */
  optional: boolean;
  channels: { channel: Channel; enabled: boolean }[];
}

/** The caller's preferences: every enabled source with the channels its template has texts for. */
export async function preferencesOf(t: Tables, userId: number, lang: Language): Promise<SourcePreference[]> {
  const [sources, contents, settings] = await Promise.all([
    t
      .selectFrom('msg_source')
      .select(['source_code', 'source_name', 'template_id', 'optional_flag'])
      .where('enabled_flag', '=', 'Y')
      .orderBy('source_code')
      .execute(),
    t.selectFrom('msg_template_content').select(['template_id', 'channel']).distinct().execute(),
    t.selectFrom('msg_user_setting').select(['source_code', 'channel', 'enabled_flag']).where('user_id', '=', userId).execute(),
  ]);
  const off = new Set(settings.filter((s) => s.enabled_flag === 'N').map((s) => `${s.source_code}:${s.channel}`));
  return sources.map((s) => {
    const optional = s.optional_flag === 'Y';
    const has = new Set(contents.filter((c) => c.template_id === s.template_id).map((c) => c.channel));
    const key = `msg.sourceName.${s.source_code}`;
    const translated = message(lang, key);
    return {
      sourceCode: s.source_code,
      sourceName: translated === key ? s.source_name : translated,
      optional,
      channels: CHANNELS.filter((c) => has.has(c)).map((channel) => ({ channel, enabled: !optional || !off.has(`${s.source_code}:${channel}`) })),
    };
  });
}

/** Which of these users switched off which channel of the source (empty when the source is mandatory or unknown). */
export async function switchedOff(t: Tables, sourceCode: string, userIds: readonly number[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const source = await t.selectFrom('msg_source').select('optional_flag').where('source_code', '=', sourceCode).executeTakeFirst();
  if (source?.optional_flag !== 'Y') return new Set();
  const out = new Set<string>();
  // In slices: a 5,000-recipient message stays far below the statement's parameter limit.
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await t
      .selectFrom('msg_user_setting')
      .select(['user_id', 'channel'])
      .where('source_code', '=', sourceCode)
      .where('enabled_flag', '=', 'N')
      .where('user_id', 'in', userIds.slice(i, i + 1000))
      .execute();
    for (const r of rows) out.add(`${r.user_id}:${r.channel}`);
  }
  return out;
}

interface Wanted {
  sourceCode: string;
  channel: Channel;
  enabled: boolean;
}

function parse(value: unknown): Wanted[] {
  if (!Array.isArray(value) || value.length > MAX_SETTINGS) throw refuse('msg.pref.bad', { max: MAX_SETTINGS });
  const seen = new Map<string, Wanted>();
  for (const v of value) {
    const o = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
    if (typeof o.sourceCode !== 'string' || o.sourceCode.length > 60 || !isChannel(o.channel) || typeof o.enabled !== 'boolean')
      throw refuse('msg.pref.bad', { max: MAX_SETTINGS });
    seen.set(`${o.sourceCode}:${o.channel}`, { sourceCode: o.sourceCode, channel: o.channel, enabled: o.enabled });
  }
  return [...seen.values()];
}

export function registerPreferenceRoutes(server: FastifyInstance, app: AppContext): void {
  const t = msg(app.db);

  server.post(`${USER_SETTINGS}/findMine`, { config: { reads: true } }, async (req) => {
    return ok(await preferencesOf(t, sessionOf(req).userId, req.lang));
  });

  /** Replaces the caller's setting of each named source and channel; a mandatory or unknown source refuses the whole call. */
  server.post(`${USER_SETTINGS}/saveMine`, async (req) => {
    const s = sessionOf(req);
    const wanted = parse(bodyOf(req).settings);
    await app.db.transaction().execute(async (trx) => {
      const tx = msg(trx);
      const current = await preferencesOf(tx, s.userId, req.lang);
      const byCode = new Map(current.map((p) => [p.sourceCode, p]));
      for (const w of wanted) {
        const p = byCode.get(w.sourceCode);
        if (!p || !p.channels.some((c) => c.channel === w.channel)) throw refuse('msg.pref.unknown', { source: w.sourceCode, channel: w.channel });
        if (!p.optional && !w.enabled) throw refuse('msg.pref.mandatory', { source: p.sourceName });
      }
      for (const w of wanted) {
        await tx
          .deleteFrom('msg_user_setting')
          .where('user_id', '=', s.userId)
          .where('source_code', '=', w.sourceCode)
          .where('channel', '=', w.channel)
          .execute();
      }
      if (wanted.length)
        await tx
          .insertInto('msg_user_setting')
          .values(
            wanted.map((w) => ({
              user_id: s.userId,
              user_name: s.userName,
              source_code: w.sourceCode,
              channel: w.channel,
              enabled_flag: w.enabled ? ('Y' as const) : ('N' as const),
              ...auditInsert(s.userId),
            })),
          )
          .execute();
    });
    return ok(await preferencesOf(t, s.userId, req.lang));
  });
}

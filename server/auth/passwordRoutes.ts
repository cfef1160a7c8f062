// Password and own-profile calls: change password, admin reset, user-name check, user centre (signed),
// and the forgotten-password flow by e-mail or phone code (public, answering the same whether or not
// the account exists).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { badRequest, forbidden, refuse, tooMany, unauthorized } from '../errors.js';
import { ok } from '../http/envelope.js';
import { message, type Language } from '../i18n/messages.js';
import type { Session } from './session.js';
import { decryptOaep } from './rsaKeys.js';
import { verifyPassword } from './password.js';
import { checkNewPassword, loadRules, storePassword, classCount } from './passwordRules.js';
import { CODE_TTL_SECONDS, checkCode, issueCode } from './resetCodes.js';

const USERS = ['/api/baseServer/v1/baseUsersRestful', '/api/zuul/baseServer/v1/baseUsersRestful'];
export const PASSWORD_SERVICE = '/api/baseServer/v1/basePasswordService';
/** The forgotten-password calls are public (no session): listed for the signature check. */
export const PUBLIC_PASSWORD_PATHS = ['sendEmailCode', 'sendPhoneCode', 'checkEmailCode', 'resetPasswordByCode'].map((a) => `${PASSWORD_SERVICE}/${a}`);

type Body = Record<string, unknown>;
const bodyOf = (req: FastifyRequest): Body => (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Body) : {});

function sessionOf(req: FastifyRequest): Session {
  if (!req.session) throw unauthorized('auth.noSession');
  return req.session;
}

export function decrypted(ctx: AppContext, value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw refuse('error.malformed', { detail: field });
  const plain = decryptOaep(ctx.keys, value);
  if (plain === null) throw refuse('auth.badPasswordCipher');
  return plain;
}

export async function assertAcceptable(ctx: AppContext, user: { userId: number; userName: string }, password: string, lang: Language): Promise<void> {
  const broken = await checkNewPassword(ctx.db, user, password, lang);
  if (broken.length) throw refuse('password.rejected', { detail: broken.join(lang === 'CN' ? '；' : '; ') }, { errors: broken });
}

interface UserRow {
  user_id: number;
  user_name: string;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  enabled_flag: string | null;
}

const userByName = async (ctx: AppContext, userName: string) =>
  (await sql<UserRow>`select user_id, user_name, email, phone, password_hash, enabled_flag from base_users where lower(user_name) = ${userName.toLowerCase()}`.execute(ctx.db)).rows[0];

export function registerPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const p of USERS) {
    app.post(`${p}/changePassword`, async (req) => {
      const s = sessionOf(req);
      const b = bodyOf(req);
      // A stolen session must not become a password oracle: five wrong old passwords per 15 minutes.
      const failKey = `pwd-change-fail:${s.userId}`;
      if (Number((await ctx.cache.get(failKey)) ?? 0) >= 5) throw tooMany('auth.rateLimited', { seconds: Math.max(await ctx.cache.ttl(failKey), 1) });
      const oldPassword = decrypted(ctx, b.oldPassword, 'oldPassword');
      const newPassword = decrypted(ctx, b.newPassword, 'newPassword');
      const row = (await sql<UserRow>`select user_id, user_name, password_hash from base_users where user_id = ${s.userId}`.execute(ctx.db)).rows[0];
      if (!row || !(await verifyPassword(oldPassword, row.password_hash))) {
        await ctx.cache.incr(failKey, 900);
        throw refuse('password.oldWrong');
      }
      await assertAcceptable(ctx, { userId: s.userId, userName: s.userName }, newPassword, req.lang);
      await storePassword(ctx.db, s.userId, newPassword);
      await ctx.cache.del(failKey);
      // Other sign-ins of this user end; the one that changed the password goes on.
      await ctx.sessions.endAllOf(s.userId, s.authorizationCode);
      return ok(null);
    });

    app.post(`${p}/validateUserName`, async (req) => {
      const s = sessionOf(req);
      if (!(await ctx.acl.allowed(s, 'baseUsers', 'listByPage'))) throw forbidden('auth.forbidden');
      const userName = bodyOf(req).userName;
      if (typeof userName !== 'string' || !userName.trim()) throw refuse('error.malformed', { detail: 'userName' });
      const row = await userByName(ctx, userName.trim());
      return ok({ exists: !!row, userId: row?.user_id ?? null });
    });

    app.post(`${p}/getUserCenter`, async (req) => {
      const s = sessionOf(req);
      const row = (
        await sql<{ userName: string; userFullName: string | null; email: string | null; phone: string | null; languageCode: string | null; userType: string }>`
          select user_name as "userName", user_full_name as "userFullName", email, phone, language_code as "languageCode", user_type as "userType"
          from base_users where user_id = ${s.userId}`.execute(ctx.db)
      ).rows[0];
      const rules = await loadRules(ctx.db);
      return ok({ ...row, passwordRules: rules });
    });

    app.post(`${p}/editUserCenter`, async (req) => {
      const s = sessionOf(req);
      const b = bodyOf(req);
      const errors: { field: string; msg: string }[] = [];
      const text = (name: string, max: number, pattern?: RegExp): string | null | undefined => {
        const v = b[name];
        if (v === undefined) return undefined;
        if (v === null || v === '') return null;
        if (typeof v !== 'string' || v.length > max || (pattern && !pattern.test(v))) {
          errors.push({ field: name, msg: message(req.lang, 'userCenter.invalid', { field: name }) });
          return undefined;
        }
        return v.trim();
      };
      const values = {
        user_full_name: text('userFullName', 100),
        email: text('email', 200, /^[^\s@]+@[^\s@]+\.[^\s@]+$/),
        phone: text('phone', 40, /^[+0-9 ()-]{5,40}$/),
        language_code: text('languageCode', 10, /^(CN|EN|TH|VN)$/),
      };
      if (errors.length) throw refuse('userCenter.rejected', { detail: errors.map((e) => e.msg).join('; ') }, { errors });
      // Only these four columns: a user never sets their own type, supplier, responsibilities or state.
      const set = Object.entries(values).filter(([, v]) => v !== undefined);
      if (set.length) {
        await sql`update base_users set ${sql.join(set.map(([c, v]) => sql`${sql.ref(c)} = ${v}`))}, last_updated_by = ${s.userId},
          last_update_date = localtimestamp(0), version_num = version_num + 1 where user_id = ${s.userId}`.execute(ctx.db);
      }
      return ok(null);
    });
  }

  registerForgotPassword(app, ctx);
}

const SEND_PER_USER = 3;
const SEND_PER_ADDRESS = 20;
const SEND_WINDOW = 900;

function registerForgotPassword(app: FastifyInstance, ctx: AppContext): void {
  const userNameOf = (b: Body) => {
    if (typeof b.userName !== 'string' || !b.userName.trim() || b.userName.length > 60) throw badRequest('error.malformed', { detail: 'userName' });
    return b.userName.trim().toLowerCase();
  };
  // Sending: the limits are counted before the account is looked up and the answer is the same either way;
  // the message leaves after the answer, so neither the answer nor its timing tells whether the account exists.
  const send = (channel: 'MAIL' | 'SMS') => async (req: FastifyRequest) => {
    const userName = userNameOf(bodyOf(req));
    const [perUser, perIp] = await Promise.all([ctx.cache.incr(`reset-send:user:${userName}`, SEND_WINDOW), ctx.cache.incr(`reset-send:ip:${req.ip}`, SEND_WINDOW)]);
    if (perUser > SEND_PER_USER || perIp > SEND_PER_ADDRESS) {
      const k = perUser > SEND_PER_USER ? `reset-send:user:${userName}` : `reset-send:ip:${req.ip}`;
      throw tooMany('reset.rateLimited', { seconds: Math.max(await ctx.cache.ttl(k), 1) });
    }
    const lang = req.lang;
    void (async () => {
      const user = await userByName(ctx, userName);
      const to = channel === 'MAIL' ? user?.email : user?.phone;
      if (!user || user.enabled_flag !== 'Y' || !to) return;
      const code = await issueCode(ctx.cache, user.user_name, user.user_id);
      const minutes = CODE_TTL_SECONDS / 60;
      const subject = message(lang, 'reset.mailSubject');
      const text = message(lang, 'reset.mailText', { code, minutes, user: user.user_name });
      if (channel === 'MAIL') await ctx.mailer.send({ to, subject, text }, user.user_name);
      else await ctx.sms.send(to, text, subject, user.user_name);
    })().catch((err) => req.log.warn({ err }, 'reset code not sent'));
    return ok({ sent: true });
  };

  const checkLimit = async (req: FastifyRequest, userName: string) => {
    const n = await ctx.cache.incr(`reset-check:ip:${req.ip}`, SEND_WINDOW);
    if (n > 50) throw tooMany('reset.rateLimited', { seconds: Math.max(await ctx.cache.ttl(`reset-check:ip:${req.ip}`), 1) });
    return userName;
  };

  app.post(`${PASSWORD_SERVICE}/sendEmailCode`, send('MAIL'));
  app.post(`${PASSWORD_SERVICE}/sendPhoneCode`, send('SMS'));
  app.post(`${PASSWORD_SERVICE}/checkEmailCode`, async (req) => {
    const b = bodyOf(req);
    const userName = await checkLimit(req, userNameOf(b));
    if ((await checkCode(ctx.cache, userName, b.code, false)) === null) throw refuse('reset.badCode');
    return ok({ valid: true });
  });
  app.post(`${PASSWORD_SERVICE}/resetPasswordByCode`, async (req) => {
    const b = bodyOf(req);
    const userName = await checkLimit(req, userNameOf(b));
    const password = decrypted(ctx, b.newPassword, 'newPassword');
    // The rules are checked before the code is spent, so a weak password does not cost the code.
    const user = await userByName(ctx, userName);
    if (user) {
      const ok0 = await checkCode(ctx.cache, userName, b.code, false);
      if (ok0 === null) throw refuse('reset.badCode');
      await assertAcceptable(ctx, { userId: user.user_id, userName: user.user_name }, password, req.lang);
    }
    const userId = await checkCode(ctx.cache, userName, b.code, true);
    if (userId === null || !user || userId !== user.user_id) throw refuse('reset.badCode');
    await storePassword(ctx.db, userId, password);
    await ctx.sessions.endAllOf(userId);
    await ctx.cache.del(`login-fail:${userName}`, `login-rate:user:${userName}`);
    return ok(null);
  });
}

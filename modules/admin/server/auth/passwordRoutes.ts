// Password and own-profile calls: change password, admin reset, user-name check, user centre (signed),
// and the forgotten-password flow by e-mail or phone code (public, answering the same whether or not
// the account exists).
import { addressKey, loginFailKey, loginUserRateKey, MAX_USER_NAME, PUBLIC_BODY_LIMIT, resetSendUserKey } from '../../../../server/auth/rateKeys.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../../server/context.js';
import { dbNow, typed } from '../../../../server/db/typed.js';
import { badRequest, forbidden, refuse, tooMany, unauthorized } from '../../../../server/errors.js';
import { ok } from '../../../../server/http/envelope.js';
import { message, type Language } from '../../../../server/i18n/messages.js';
import type { Session } from '../../../../server/auth/session.js';
import { decryptOaep } from '../../../../server/auth/rsaKeys.js';
import { verifyPassword } from '../../../../server/auth/password.js';
import { checkNewPassword, loadRules, storePassword } from './passwordRules.js';
import { CODE_TTL_SECONDS, checkCode, issueCode } from '../../../../server/auth/resetCodes.js';
import type { AdminTables } from '../../generated/tables.js';
import { setPasswordChangeRequired } from './firstPassword.js';
import type { MessagesApi } from '../../../messages/api.js';

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

const userByName = async (ctx: AppContext, userName: string) =>
  typed<AdminTables>(ctx.db)
    .selectFrom('base_users')
    .select(['user_id', 'user_name', 'email', 'phone', 'password_hash', 'enabled_flag'])
    .where((eb) => eb(eb.fn('lower', ['user_name']), '=', userName.toLowerCase()))
    .executeTakeFirst();

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
      const row = await typed<AdminTables>(ctx.db)
        .selectFrom('base_users')
        .select(['user_id', 'user_name', 'password_hash'])
        .where('user_id', '=', s.userId)
        .executeTakeFirst();
      if (!row || !(await verifyPassword(oldPassword, row.password_hash))) {
        await ctx.cache.incr(failKey, 900);
        throw refuse('password.oldWrong');
      }
      await assertAcceptable(ctx, { userId: s.userId, userName: s.userName }, newPassword, req.lang);
      await storePassword(ctx.db, s.userId, newPassword);
      await setPasswordChangeRequired(ctx.db, s.userId, false);
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
      const row = await typed<AdminTables>(ctx.db)
        .selectFrom('base_users')
        .select(['user_name as userName', 'user_full_name as userFullName', 'email', 'phone', 'language_code as languageCode', 'user_type as userType'])
        .where('user_id', '=', s.userId)
        .executeTakeFirst();
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
      if (Object.values(values).some((v) => v !== undefined)) {
        await typed<AdminTables>(ctx.db)
          .updateTable('base_users')
          .set((eb) => ({ ...values, last_updated_by: s.userId, last_update_date: dbNow(), version_num: eb('version_num', '+', 1) }))
          .where('user_id', '=', s.userId)
          .execute();
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
    if (typeof b.userName !== 'string' || !b.userName.trim()) throw badRequest('error.malformed', { detail: 'userName' });
    if (b.userName.trim().length > MAX_USER_NAME) throw badRequest('auth.userNameTooLong', { max: MAX_USER_NAME });
    return b.userName.trim().toLowerCase();
  };
  // Sending: the limits are counted before the account is looked up and the answer is the same either way;
  // the message leaves after the answer, so neither the answer nor its timing tells whether the account exists.
  const send = (channel: 'MAIL' | 'SMS') => async (req: FastifyRequest) => {
    const userName = userNameOf(bodyOf(req));
    const [perUser, perIp] = await Promise.all([
      ctx.cache.incr(resetSendUserKey(userName), SEND_WINDOW),
      ctx.cache.incr(addressKey('reset-send', req.ip), SEND_WINDOW),
    ]);
    if (perUser > SEND_PER_USER || perIp > SEND_PER_ADDRESS) {
      const k = perUser > SEND_PER_USER ? resetSendUserKey(userName) : addressKey('reset-send', req.ip);
      throw tooMany('reset.rateLimited', { seconds: Math.max(await ctx.cache.ttl(k), 1) });
    }
    const lang = req.lang;
    void (async () => {
      const user = await userByName(ctx, userName);
      const to = channel === 'MAIL' ? user?.email : user?.phone;
      if (!user || user.enabled_flag !== 'Y' || !to) return;
      const code = await issueCode(ctx.cache, user.user_name, user.user_id);
      const minutes = CODE_TTL_SECONDS / 60;
      // Through the messages module when it runs (its template PASSWORD_RESET_CODE, retries, and the
      // message log where an administrator sees what went out); else straight to the mailer or SMS provider.
      if (ctx.modules.hasApi('messages')) {
        await ctx.modules.api<MessagesApi>('messages').send({
          sourceType: 'PASSWORD_RESET',
          variables: { code, minutes, user: user.user_name },
          recipients: [{ userId: user.user_id }],
          channels: [channel],
          language: lang,
          useMessageLanguage: true,
          senderId: user.user_id,
        });
        return;
      }
      const subject = message(lang, 'reset.mailSubject');
      const text = message(lang, 'reset.mailText', { code, minutes, user: user.user_name });
      if (channel === 'MAIL') await ctx.mailer.send({ to, subject, text }, user.user_name);
      else await ctx.sms.send(to, text, subject, user.user_name);
    })().catch((err) => req.log.warn({ err }, 'reset code not sent'));
    return ok({ sent: true });
  };

  const checkLimit = async (req: FastifyRequest, userName: string) => {
    const key = addressKey('reset-check', req.ip);
    const n = await ctx.cache.incr(key, SEND_WINDOW);
    if (n > 50) throw tooMany('reset.rateLimited', { seconds: Math.max(await ctx.cache.ttl(key), 1) });
    return userName;
  };

  const tiny = { bodyLimit: PUBLIC_BODY_LIMIT };
  app.post(`${PASSWORD_SERVICE}/sendEmailCode`, tiny, send('MAIL'));
  app.post(`${PASSWORD_SERVICE}/sendPhoneCode`, tiny, send('SMS'));
  app.post(`${PASSWORD_SERVICE}/checkEmailCode`, tiny, async (req) => {
    const b = bodyOf(req);
    const userName = await checkLimit(req, userNameOf(b));
    if ((await checkCode(ctx.cache, userName, b.code, false)) === null) throw refuse('reset.badCode');
    return ok({ valid: true });
  });
  app.post(`${PASSWORD_SERVICE}/resetPasswordByCode`, tiny, async (req) => {
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
    await setPasswordChangeRequired(ctx.db, userId, false);
    await ctx.sessions.endAllOf(userId);
    await ctx.cache.del(loginFailKey(userName), loginUserRateKey(userName));
    return ok(null);
  });
}

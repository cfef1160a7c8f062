import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../../server/context.js';
import { typed } from '../../../../server/db/typed.js';
import { AppError, badRequest, refuse, tooMany } from '../../../../server/errors.js';
import { ok } from '../../../../server/http/envelope.js';
import { createCaptcha, matches, takeCaptcha } from '../../../../server/auth/captcha.js';
import { verifyPassword } from '../../../../server/auth/password.js';
import { decryptOaep } from '../../../../server/auth/rsaKeys.js';
import { userResponsibilities, userUsable } from '../grants.js';
import type { AdminTables } from '../../generated/tables.js';
import { addressKey, loginFailKey, loginUserRateKey, MAX_USER_NAME, PUBLIC_BODY_LIMIT } from '../../../../server/auth/rateKeys.js';

const BASE = '/api/baseServer/v1/baseLoginService';
const FAILURES_BEFORE_CAPTCHA = 3;
const WINDOW = 900;
const PER_USER_LIMIT = 10;
const PER_ADDRESS_LIMIT = 30;
const LIMIT_WINDOW = 300;

interface LoginBody {
  userName?: unknown;
  password?: unknown;
  validateKey?: unknown;
  validateCode?: unknown;
}

export function registerLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const prefix of [BASE, BASE.replace('/api/', '/api/zuul/')]) {
    const tiny = { bodyLimit: PUBLIC_BODY_LIMIT };
    app.post(`${prefix}/getPublicKey`, tiny, async () => ok(ctx.keys.publicKeyPem));
    app.post(`${prefix}/generateRandomValidate`, tiny, async () => {
      const { validateKey, image } = await createCaptcha(ctx.cache);
      return ok({ validateKey, image });
    });
    app.post(`${prefix}/login`, tiny, async (req) => login(ctx, req));
    app.post(`${prefix}/logout`, tiny, async (req) => {
      const code = req.headers.authorizationcode;
      if (typeof code === 'string') await ctx.sessions.end(code);
      return ok(null);
    });
  }
}

async function login(ctx: AppContext, req: FastifyRequest) {
  const body = (req.body ?? {}) as LoginBody;
  if (typeof body.userName !== 'string' || typeof body.password !== 'string' || !body.userName.trim()) {
    throw badRequest('error.malformed', { detail: 'userName, password' });
  }
  const userName = body.userName.trim().toLowerCase();
  // No account has a longer name: refused before any lookup, counter or cache key.
  if (userName.length > MAX_USER_NAME) throw badRequest('auth.userNameTooLong', { max: MAX_USER_NAME });
  // Refused attempts count against the user name and the address; a successful sign-in does not, so
  // many people behind one address (an office, a test run) can all sign in. Keys hold hashes only.
  const userKey = loginUserRateKey(userName);
  const ipKey = addressKey('login-rate', req.ip);
  const [perUser, perIp] = (await Promise.all([ctx.cache.get(userKey), ctx.cache.get(ipKey)])).map((v) => Number(v ?? 0));
  if (perUser >= PER_USER_LIMIT || perIp >= PER_ADDRESS_LIMIT) {
    const ttl = await ctx.cache.ttl(perUser >= PER_USER_LIMIT ? userKey : ipKey);
    throw tooMany('auth.rateLimited', { seconds: Math.max(ttl, 1) });
  }
  try {
    return await verifiedLogin(ctx, req, body, userName, body.password);
  } catch (e) {
    if (e instanceof AppError) await Promise.all([ctx.cache.incr(userKey, LIMIT_WINDOW), ctx.cache.incr(ipKey, LIMIT_WINDOW)]);
    throw e;
  }
}

async function verifiedLogin(ctx: AppContext, req: FastifyRequest, body: LoginBody, userName: string, encryptedPassword: string) {
  const failKey = loginFailKey(userName);
  // A validate key is spent by the attempt that presents it, needed or not, right or wrong: one key,
  // one use, one sign-in attempt (an image solved once cannot be replayed, nor raced by two requests).
  const code = body.validateKey !== undefined ? await takeCaptcha(ctx.cache, body.validateKey) : null;
  const failures = Number((await ctx.cache.get(failKey)) ?? 0);
  const needValidate = failures >= FAILURES_BEFORE_CAPTCHA;
  if (needValidate) {
    if (body.validateKey === undefined || body.validateCode === undefined || body.validateCode === '') {
      throw refuse('auth.needValidateCode', {}, { needValidate: true });
    }
    if (!matches(code, body.validateCode)) throw refuse('auth.badValidateCode', {}, { needValidate: true });
  }
  const password = decryptOaep(ctx.keys, encryptedPassword);
  if (password === null) throw refuse('auth.badPasswordCipher', {}, { needValidate });

  const user = await typed<AdminTables>(ctx.db)
    .selectFrom('base_users as u')
    .select([
      'u.user_id',
      'u.user_name',
      'u.user_full_name',
      'u.user_type',
      'u.supplier_id',
      'u.password_hash',
      'u.password_change_required',
      userUsable().as('usable'),
    ])
    .where((eb) => eb(eb.fn('lower', ['u.user_name']), '=', userName))
    // user_type holds INTERNAL or EXTERNAL (the entity's lookup).
    .$narrowType<{ user_type: 'INTERNAL' | 'EXTERNAL' }>()
    .executeTakeFirst();
  const valid = await verifyPassword(password, user?.password_hash);
  if (!user || !valid || user.usable !== true) {
    const n = await ctx.cache.incr(failKey, WINDOW);
    // One message for an unknown user, a wrong password and a disabled or expired user: nothing to enumerate.
    throw refuse('auth.badCredentials', {}, { needValidate: n >= FAILURES_BEFORE_CAPTCHA });
  }
  await ctx.cache.del(failKey, loginUserRateKey(userName));
  const session = await ctx.sessions.create({
    userId: user.user_id,
    userName: user.user_name,
    userType: user.user_type,
    supplierId: user.supplier_id,
  });
  const responsibilities = await userResponsibilities(ctx.db, user.user_id, req.lang);
  return ok({
    authorizationCode: session.authorizationCode,
    signKey: session.signKey,
    gatewayTag: 'srm',
    userId: user.user_id,
    userName: user.user_name,
    userFullName: user.user_full_name,
    userType: user.user_type,
    ...(user.supplier_id ? { supplierId: user.supplier_id } : {}),
    responsibilities,
    // An initial password from an administrator: the shell asks for a new one before anything else.
    ...(user.password_change_required === 'Y' ? { passwordChangeRequired: true } : {}),
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { AppError, badRequest, refuse, tooMany } from '../errors.js';
import { ok } from '../http/envelope.js';
import { createCaptcha, checkCaptcha } from './captcha.js';
import { verifyPassword } from './password.js';
import { decryptOaep } from './rsaKeys.js';
import { userResponsibilities, userUsable } from '../acl/responsibilities.js';

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

interface UserRow {
  user_id: number;
  user_name: string;
  user_full_name: string | null;
  user_type: 'INTERNAL' | 'EXTERNAL';
  supplier_id: number | null;
  password_hash: string | null;
  usable: boolean;
}

export function registerLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const prefix of [BASE, BASE.replace('/api/', '/api/zuul/')]) {
    app.post(`${prefix}/getPublicKey`, async () => ok(ctx.keys.publicKeyPem));
    app.post(`${prefix}/generateRandomValidate`, async () => {
      const { validateKey, image } = await createCaptcha(ctx.cache);
      return ok({ validateKey, image });
    });
    app.post(`${prefix}/login`, async (req) => login(ctx, req));
    app.post(`${prefix}/logout`, async (req) => {
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
  const ip = req.ip;
  // Refused attempts count against the user name and the address; a successful sign-in does not, so
  // many people behind one address (an office, a test run) can all sign in.
  const userKey = `login-rate:user:${userName}`;
  const ipKey = `login-rate:ip:${ip}`;
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
  const failKey = `login-fail:${userName}`;
  const failures = Number((await ctx.cache.get(failKey)) ?? 0);
  const needValidate = failures >= FAILURES_BEFORE_CAPTCHA;
  if (needValidate) {
    if (body.validateKey === undefined || body.validateCode === undefined || body.validateCode === '') {
      throw refuse('auth.needValidateCode', {}, { needValidate: true });
    }
    if (!(await checkCaptcha(ctx.cache, body.validateKey, body.validateCode))) {
      throw refuse('auth.badValidateCode', {}, { needValidate: true });
    }
  }
  const password = decryptOaep(ctx.keys, encryptedPassword);
  if (password === null) throw refuse('auth.badPasswordCipher', {}, { needValidate });

  const user = (
    await sql<UserRow>`select user_id, user_name, user_full_name, user_type, supplier_id, password_hash, ${userUsable('u')} as usable
      from base_users u where lower(user_name) = ${userName}`.execute(ctx.db)
  ).rows[0];
  const valid = await verifyPassword(password, user?.password_hash);
  if (!user || !valid || user.usable !== true) {
    const n = await ctx.cache.incr(failKey, WINDOW);
    // One message for an unknown user, a wrong password and a disabled or expired user: nothing to enumerate.
    throw refuse('auth.badCredentials', {}, { needValidate: n >= FAILURES_BEFORE_CAPTCHA });
  }
  await ctx.cache.del(failKey, `login-rate:user:${userName}`);
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
  });
}

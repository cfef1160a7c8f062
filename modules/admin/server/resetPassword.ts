// baseUsersRestful/resetPassword, an administrator's reset: a registered operation of baseUsers, so
// the generic family check decides who may run it (the users screen's button, resource btnResetPwd).
import { loginFailKey, loginUserRateKey } from '../../../server/auth/rateKeys.js';
import { randomInt } from 'node:crypto';
import { typed } from '../../../server/db/typed.js';
import { ok } from '../../../server/http/envelope.js';
import { message } from '../../../server/i18n/messages.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { findRow, parseId } from '../../../server/rest/read.js';
import { storePassword, classCount } from './auth/passwordRules.js';
import { assertAcceptable, decrypted } from './auth/passwordRoutes.js';
import type { AdminTables } from '../generated/tables.js';
import { setPasswordChangeRequired } from './auth/firstPassword.js';

/** A random password that satisfies any rule set: every class, 16 characters, no user name in it. */
export function generatedPassword(): string {
  const sets = ['abcdefghjkmnpqrstuvwxyz', 'ABCDEFGHJKMNPQRSTUVWXYZ', '23456789', '#%+=@!'];
  const chars = Array.from({ length: 16 }, (_, i) => sets[i % 4][randomInt(0, sets[i % 4].length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const p = chars.join('');
  return classCount(p) === 4 ? p : generatedPassword();
}

/**
 * Body `{id | userId, newPassword?}` (RSA-OAEP). Without a new password one is generated and mailed to
 * the user when it has an e-mail address (`{mailed: true}`), else returned once to the administrator
 * (`{password, mailed: false}`) — the users list shows it in a dialog to copy. Every session of the user
 * ends; its sign-in counters are cleared.
 */
export const resetPassword: FamilyAction = async (ctx) => {
  const app = ctx.app;
  const userId = parseId(ctx, ctx.body.userId ?? ctx.body.id);
  const row = await findRow(ctx, app.db, userId);
  const userName = String(row.user_name);
  const given =
    ctx.body.newPassword === undefined || ctx.body.newPassword === null || ctx.body.newPassword === ''
      ? null
      : decrypted(app, ctx.body.newPassword, 'newPassword');
  const password = given ?? generatedPassword();
  await assertAcceptable(app, { userId, userName }, password, ctx.lang);
  await storePassword(app.db, userId, password);
  // A password the administrator gave (typed or generated) is the user's to change at the next sign-in.
  await setPasswordChangeRequired(app.db, userId, true);
  await app.sessions.endAllOf(userId);
  await app.cache.del(loginFailKey(userName), loginUserRateKey(userName));
  let mailed = false;
  const email = await typed<AdminTables>(app.db).selectFrom('base_users').select(['email', 'language_code']).where('user_id', '=', userId).executeTakeFirst();
  if (!given && email?.email) {
    const lang = (['CN', 'EN', 'TH', 'VN'] as const).find((l) => l === email.language_code) ?? ctx.lang;
    mailed = await app.mailer
      .send(
        { to: email.email, subject: message(lang, 'reset.adminMailSubject'), text: message(lang, 'reset.adminMailText', { user: userName, password }) },
        ctx.session.userName,
      )
      .then(
        () => true,
        () => false,
      );
  }
  // A mailed password is the user's alone: the administrator sees it only when it could not be mailed.
  return ok(given || mailed ? { mailed } : { password, mailed });
};

export const securityOperations: Record<string, Record<string, FamilyAction>> = {
  baseUsers: { resetPassword },
};

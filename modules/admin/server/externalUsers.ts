// The first user of a supplier that registered itself (supplier module, on approval): created inside the
// approval's transaction without a password (it cannot sign in yet), then given a one-time password after
// the commit, which the caller e-mails; the first sign-in asks for a new one (password_change_required).
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { AdminTables } from '../generated/tables.js';
import type { ExternalUserRequest } from '../api.js';
import { storePassword } from './auth/passwordRules.js';
import { setPasswordChangeRequired } from './auth/firstPassword.js';
import { generatedPassword } from './resetPassword.js';

/** `base` lower-cased to letters and digits, with a number appended until no user has that name. */
async function freeName(db: Db, base: string): Promise<string> {
  const stem =
    base
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 40) || 'supplier';
  const taken = new Set(
    (
      await typed<AdminTables>(db)
        .selectFrom('base_users')
        .select((eb) => eb.fn<string>('lower', ['user_name']).as('n'))
        .where((eb) => eb(eb.fn('lower', ['user_name']), 'like', `${stem}%`))
        .execute()
    ).map((r) => r.n),
  );
  if (!taken.has(stem)) return stem;
  for (let i = 2; ; i++) if (!taken.has(`${stem}${i}`)) return `${stem}${i}`;
}

export async function createExternalUser(db: Db, r: ExternalUserRequest): Promise<{ userId: number; userName: string }> {
  const admin = typed<AdminTables>(db);
  const resp = await admin.selectFrom('base_responsibility').select(['resp_id', 'user_type']).where('resp_code', '=', r.respCode).executeTakeFirst();
  if (!resp || resp.user_type !== 'EXTERNAL') throw refuse('user.externalRespMissing', { code: r.respCode });
  const userName = await freeName(db, r.userNameBase);
  const user = await admin
    .insertInto('base_users')
    .values({
      user_name: userName,
      user_full_name: r.fullName,
      user_type: 'EXTERNAL',
      supplier_id: r.supplierId,
      email: r.email,
      phone: r.phone,
      language_code: r.language,
      password_change_required: 'Y',
      enabled_flag: 'Y',
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  const userId = Number(user.user_id);
  await admin.insertInto('base_user_resp').values({ user_id: userId, resp_id: resp.resp_id }).execute();
  return { userId, userName };
}

/** A new one-time password for a user (stored hashed, to be changed at the first sign-in); returned once. */
export async function issueInitialPassword(db: Db, userId: number): Promise<string> {
  const password = generatedPassword();
  await storePassword(db, userId, password);
  await setPasswordChangeRequired(db, userId, true);
  return password;
}

// Password complexity: one row of base_password_rule (edited on the "Password rules" screen), or the
// defaults below when an installation has none. Enforced on every password set: change, admin reset,
// reset by code. The last N hashes of each user are kept to refuse reuse.
import type { Db } from '../../../../server/db/connect.js';
import { dbNow, typed } from '../../../../server/db/typed.js';
import type { Language } from '../../../../server/i18n/messages.js';
import { message } from '../../../../server/i18n/messages.js';
import { hashPassword, verifyPassword } from '../../../../server/auth/password.js';
import type { AdminTables } from '../../generated/tables.js';

export interface PasswordRules {
  minLength: number;
  minClasses: number;
  forbidUserName: boolean;
  historyCount: number;
}

export const DEFAULT_RULES: PasswordRules = { minLength: 8, minClasses: 3, forbidUserName: true, historyCount: 3 };
const MAX_LENGTH = 128;

export async function loadRules(db: Db): Promise<PasswordRules> {
  const row = await typed<AdminTables>(db)
    .selectFrom('base_password_rule')
    .select(['min_length', 'min_classes', 'forbid_user_name', 'history_count'])
    .orderBy('rule_id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return DEFAULT_RULES;
  return { minLength: row.min_length, minClasses: row.min_classes, forbidUserName: row.forbid_user_name === 'Y', historyCount: row.history_count };
}

/** Character classes present: lower case, upper case, digits, anything else. */
export function classCount(password: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
}

/** The rules a password breaks, as messages in the user's language (empty: acceptable so far). */
export function ruleViolations(rules: PasswordRules, userName: string, password: string, lang: Language): string[] {
  const out: string[] = [];
  if (password.length < rules.minLength) out.push(message(lang, 'password.tooShort', { min: rules.minLength }));
  if (password.length > MAX_LENGTH) out.push(message(lang, 'password.tooLong', { max: MAX_LENGTH }));
  if (classCount(password) < rules.minClasses) out.push(message(lang, 'password.classes', { min: rules.minClasses }));
  if (rules.forbidUserName && userName.length >= 3 && password.toLowerCase().includes(userName.toLowerCase()))
    out.push(message(lang, 'password.containsUserName'));
  return out;
}

/** True when the password equals the current one or one of the last `historyCount` ones. */
export async function reusesRecent(db: Db, userId: number, password: string, historyCount: number): Promise<boolean> {
  if (historyCount <= 0) return false;
  const admin = typed<AdminTables>(db);
  // Two reads rather than one union: Kysely does not parenthesise a union's operands, and the history's
  // order by / limit must apply to the history alone.
  const [current, history] = await Promise.all([
    admin.selectFrom('base_users').select('password_hash').where('user_id', '=', userId).where('password_hash', 'is not', null).execute(),
    admin.selectFrom('base_password_history').select('password_hash').where('user_id', '=', userId).orderBy('history_id', 'desc').limit(historyCount).execute(),
  ]);
  for (const r of [...current, ...history]) if (await verifyPassword(password, r.password_hash)) return true;
  return false;
}

/** Every rule, history included; refusal messages, empty when the password may be set. */
export async function checkNewPassword(db: Db, user: { userId: number; userName: string }, password: string, lang: Language): Promise<string[]> {
  const rules = await loadRules(db);
  const broken = ruleViolations(rules, user.userName, password, lang);
  if (broken.length === 0 && (await reusesRecent(db, user.userId, password, rules.historyCount)))
    broken.push(message(lang, 'password.reused', { n: rules.historyCount }));
  return broken;
}

/** Stores a new password; the old hash goes to the history, which keeps at most 24 per user. */
export async function storePassword(db: Db, userId: number, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await typed<AdminTables>(db)
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('base_password_history')
        .columns(['user_id', 'password_hash', 'created_by', 'last_updated_by'])
        .expression((eb) =>
          eb
            .selectFrom('base_users')
            .select((eb) => ['user_id', 'password_hash', eb.val(userId).as('created_by'), eb.val(userId).as('last_updated_by')])
            .where('user_id', '=', userId)
            .where('password_hash', 'is not', null),
        )
        .execute();
      await trx
        .updateTable('base_users')
        .set((eb) => ({ password_hash: hash, last_update_date: dbNow(), version_num: eb('version_num', '+', 1) }))
        .where('user_id', '=', userId)
        .execute();
      await trx
        .deleteFrom('base_password_history')
        .where('user_id', '=', userId)
        .where((eb) =>
          eb(
            'history_id',
            'not in',
            eb.selectFrom('base_password_history').select('history_id').where('user_id', '=', userId).orderBy('history_id', 'desc').limit(24),
          ),
        )
        .execute();
    });
}

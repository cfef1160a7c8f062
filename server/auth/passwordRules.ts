// Password complexity: one row of base_password_rule (edited on the "Password rules" screen), or the
// defaults below when an installation has none. Enforced on every password set: change, admin reset,
// reset by code. The last N hashes of each user are kept to refuse reuse.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Language } from '../i18n/messages.js';
import { message } from '../i18n/messages.js';
import { hashPassword, verifyPassword } from './password.js';

export interface PasswordRules {
  minLength: number;
  minClasses: number;
  forbidUserName: boolean;
  historyCount: number;
}

export const DEFAULT_RULES: PasswordRules = { minLength: 8, minClasses: 3, forbidUserName: true, historyCount: 3 };
const MAX_LENGTH = 128;

export async function loadRules(db: Db): Promise<PasswordRules> {
  const row = (
    await sql<{ min_length: number; min_classes: number; forbid_user_name: string | null; history_count: number }>`
      select min_length, min_classes, forbid_user_name, history_count from base_password_rule order by rule_id limit 1`.execute(db)
  ).rows[0];
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
  if (rules.forbidUserName && userName.length >= 3 && password.toLowerCase().includes(userName.toLowerCase())) out.push(message(lang, 'password.containsUserName'));
  return out;
}

/** True when the password equals the current one or one of the last `historyCount` ones. */
export async function reusesRecent(db: Db, userId: number, password: string, historyCount: number): Promise<boolean> {
  if (historyCount <= 0) return false;
  const rows = await sql<{ password_hash: string }>`
    (select password_hash from base_users where user_id = ${userId} and password_hash is not null)
    union all
    (select password_hash from base_password_history where user_id = ${userId} order by history_id desc limit ${historyCount})`.execute(db);
  for (const r of rows.rows) if (await verifyPassword(password, r.password_hash)) return true;
  return false;
}

/** Every rule, history included; refusal messages, empty when the password may be set. */
export async function checkNewPassword(db: Db, user: { userId: number; userName: string }, password: string, lang: Language): Promise<string[]> {
  const rules = await loadRules(db);
  const broken = ruleViolations(rules, user.userName, password, lang);
  if (broken.length === 0 && (await reusesRecent(db, user.userId, password, rules.historyCount))) broken.push(message(lang, 'password.reused', { n: rules.historyCount }));
  return broken;
}

/** Stores a new password; the old hash goes to the history, which keeps at most 24 per user. */
export async function storePassword(db: Db, userId: number, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await sql`insert into base_password_history (user_id, password_hash, created_by, last_updated_by)
      select user_id, password_hash, ${userId}, ${userId} from base_users where user_id = ${userId} and password_hash is not null`.execute(trx);
    await sql`update base_users set password_hash = ${hash}, last_update_date = localtimestamp(0), version_num = version_num + 1 where user_id = ${userId}`.execute(trx);
    await sql`delete from base_password_history where user_id = ${userId} and history_id not in (
      select history_id from base_password_history where user_id = ${userId} order by history_id desc limit 24)`.execute(trx);
  });
}

import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Language } from '../i18n/messages.js';

export interface ResponsibilityRef {
  respId: number;
  respCode: string;
  respName: string;
}

/** Column holding a translated name: menu_name, menu_name_en, … */
export function localizedColumn(base: string, lang: Language): string {
  return lang === 'CN' ? base : `${base}_${lang.toLowerCase()}`;
}

/** The responsibilities a user holds today (enabled, inside their date range). */
export async function userResponsibilities(db: Db, userId: number, lang: Language): Promise<ResponsibilityRef[]> {
  const name = sql.ref(`r.${localizedColumn('resp_name', lang)}`);
  const rows = await sql<{ resp_id: number; resp_code: string; resp_name: string }>`
    select r.resp_id, r.resp_code, coalesce(${name}, r.resp_name) as resp_name
    from base_user_resp ur join base_responsibility r on r.resp_id = ur.resp_id
    where ur.user_id = ${userId} and r.enabled_flag = 'Y'
      and (ur.start_date is null or ur.start_date <= current_date)
      and (ur.end_date is null or ur.end_date >= current_date)
    order by r.resp_id`.execute(db);
  return rows.rows.map((r) => ({ respId: r.resp_id, respCode: r.resp_code, respName: r.resp_name }));
}

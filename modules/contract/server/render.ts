// A template's body with its variables filled: `{{name}}` is replaced by the contract's value of that name
// (unknown names are left as written, so a typo shows on screen rather than vanishing), then its terms
// follow, numbered. Used when a contract is saved from a template with no text of its own, and by awards.
import type { Db } from '../../../server/db/connect.js';
import { con } from './store.js';

export const VARIABLES = ['contractNumber', 'title', 'supplierName', 'totalAmount', 'currencyCode', 'startDate', 'endDate', 'sourceNumber'] as const;
export type Variables = Partial<Record<(typeof VARIABLES)[number], string | number | null>>;

export function fillVariables(body: string, vars: Variables): string {
  return body.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, name: string) => {
    const v = (vars as Record<string, unknown>)[name];
    return v === undefined || v === null ? whole : String(v);
  });
}

/** The template's body filled and its enabled terms appended; null when the template does not exist. */
export async function renderTemplate(db: Db, templateId: number, vars: Variables): Promise<{ text: string; watermarkId: number | null } | null> {
  const t = await con(db).selectFrom('srm_con_template').select(['body', 'watermark_id']).where('template_id', '=', templateId).executeTakeFirst();
  if (!t) return null;
  const terms = await con(db)
    .selectFrom('srm_con_template_term as tt')
    .innerJoin('srm_con_term as t', 't.term_id', 'tt.term_id')
    .select(['t.term_name', 't.content'])
    .where('tt.template_id', '=', templateId)
    .where('t.enabled_flag', '=', 'Y')
    .orderBy('tt.line_number')
    .execute();
  const parts = [fillVariables(t.body, vars), ...terms.map((x, i) => `${i + 1}. ${x.term_name}\n${fillVariables(x.content, vars)}`)];
  return { text: parts.join('\n\n'), watermarkId: t.watermark_id === null ? null : Number(t.watermark_id) };
}

// Offer templates (srmSrcOfferTemplate): which quote fields a supplier fills — each hidden, optional or
// required; the price is always required. An inquiry names its template (a new one gets the default, code
// STANDARD); publishing copies the template's rules onto the inquiry (`offerRules`), so a later edit of
// the template never changes a running inquiry. doSupplierOfferPrice enforces the inquiry's rules.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { SourcingTables } from '../generated/tables.js';

export const OFFER_FIELDS = ['ladders', 'deliveryDays', 'validTo', 'freight', 'taxRate', 'remark', 'attachments'] as const;
export type OfferField = (typeof OFFER_FIELDS)[number];
export type FieldMode = 'HIDDEN' | 'OPTIONAL' | 'REQUIRED';
export type OfferRules = Record<OfferField, FieldMode>;

/** The template every new inquiry gets when none is chosen. */
export const DEFAULT_TEMPLATE_CODE = 'STANDARD';

/** CONTRACT.md's shape `{lineId, price, deliveryDays, ladders?}`: price and delivery days required, the rest optional. */
export const STANDARD_RULES: OfferRules = {
  ladders: 'OPTIONAL',
  deliveryDays: 'REQUIRED',
  validTo: 'OPTIONAL',
  freight: 'OPTIONAL',
  taxRate: 'OPTIONAL',
  remark: 'OPTIONAL',
  attachments: 'OPTIONAL',
};

/** Inquiries published before templates existed: everything but the price optional, as they were. */
export const LEGACY_RULES: OfferRules = { ...STANDARD_RULES, deliveryDays: 'OPTIONAL' };

const MODES = new Set<string>(['HIDDEN', 'OPTIONAL', 'REQUIRED']);
const mode = (v: unknown, fallback: FieldMode): FieldMode => (typeof v === 'string' && MODES.has(v) ? (v as FieldMode) : fallback);

type TemplateRow = Pick<
  SourcingTables['srm_src_offer_template'],
  'ladder_mode' | 'delivery_days_mode' | 'valid_to_mode' | 'freight_mode' | 'tax_rate_mode' | 'remark_mode' | 'attachment_mode'
>;

export function rulesOfTemplate(t: { [K in keyof TemplateRow]: unknown }): OfferRules {
  return {
    ladders: mode(t.ladder_mode, 'OPTIONAL'),
    deliveryDays: mode(t.delivery_days_mode, 'REQUIRED'),
    validTo: mode(t.valid_to_mode, 'OPTIONAL'),
    freight: mode(t.freight_mode, 'OPTIONAL'),
    taxRate: mode(t.tax_rate_mode, 'OPTIONAL'),
    remark: mode(t.remark_mode, 'OPTIONAL'),
    attachments: mode(t.attachment_mode, 'OPTIONAL'),
  };
}

export function parseRules(text: string | null | undefined): OfferRules | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    return Object.fromEntries(OFFER_FIELDS.map((f) => [f, mode(v[f], STANDARD_RULES[f])])) as OfferRules;
  } catch {
    return null;
  }
}

const TEMPLATE_COLUMNS = [
  'offer_template_id',
  'template_code',
  'template_name',
  'enabled_flag',
  'ladder_mode',
  'delivery_days_mode',
  'valid_to_mode',
  'freight_mode',
  'tax_rate_mode',
  'remark_mode',
  'attachment_mode',
] as const;

/** The default template: enabled STANDARD, else the first enabled one by code; null when there is none. */
export async function defaultTemplate(db: Db) {
  const rows = await typed<SourcingTables>(db)
    .selectFrom('srm_src_offer_template')
    .select(TEMPLATE_COLUMNS)
    .where('enabled_flag', '=', 'Y')
    .orderBy('template_code')
    .execute();
  return rows.find((r) => r.template_code === DEFAULT_TEMPLATE_CODE) ?? rows[0] ?? null;
}

export async function templateById(db: Db, id: number) {
  return (
    (await typed<SourcingTables>(db).selectFrom('srm_src_offer_template').select(TEMPLATE_COLUMNS).where('offer_template_id', '=', id).executeTakeFirst()) ??
    null
  );
}

/**
 * The rules an inquiry's quotes follow: those copied at publish; before publish (a draft) its template's
 * current ones; an inquiry published before templates existed keeps its old rules (LEGACY_RULES).
 */
export async function inquiryRules(db: Db, inquiryId: number): Promise<OfferRules> {
  const row = await typed<SourcingTables>(db)
    .selectFrom('srm_src_inquiry')
    .select(['offer_rules', 'offer_template_id', 'status'])
    .where('inquiry_id', '=', inquiryId)
    .executeTakeFirst();
  if (!row) return STANDARD_RULES;
  const copied = parseRules(row.offer_rules);
  if (copied) return copied;
  if (row.status !== 'DRAFT') return LEGACY_RULES;
  const template = row.offer_template_id ? await templateById(db, Number(row.offer_template_id)) : await defaultTemplate(db);
  return template ? rulesOfTemplate(template) : STANDARD_RULES;
}

// getSupplierEarlyWarningByPage {params: {supplierId?, warningType?, status?}, pageIndex?, pageRows?}: the
// early warnings with their supplier's risk score and the reasons of that score, type, level and reasons in
// the caller's language (SUPPLIER_WARNING_TYPE, SUPPLIER_RISK_LEVEL lookups). Riskiest supplier first, then
// newest warning. The generic listByPage of srmPosSupplierWarning stays the screen's list.
import { sql } from 'kysely';
import { typed } from '../../../../server/db/typed.js';
import { ok } from '../../../../server/http/envelope.js';
import type { FamilyAction } from '../../../../server/rest/actionContext.js';
import { listRowRules } from '../../../../server/rest/read.js';
import type { SupplierTables } from '../../generated/tables.js';
import type { ScoreReason } from './score.js';

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

function reasonsOf(raw: string | null): ScoreReason[] {
  try {
    const v: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(v) ? (v as ScoreReason[]) : [];
  } catch {
    return [];
  }
}

export const getSupplierEarlyWarningByPage: FamilyAction = async (ctx) => {
  const params = (ctx.body.params && typeof ctx.body.params === 'object' ? ctx.body.params : {}) as Record<string, unknown>;
  const pageRows = Math.min(200, Math.max(1, Number(ctx.body.pageRows) || 20));
  const pageIndex = Math.max(1, Number(ctx.body.pageIndex) || 1);
  const supplierId = Number(params.supplierId) || null;
  const warningType = text(params.warningType);
  const status = text(params.status);
  const rules = listRowRules(ctx);

  let q = typed<SupplierTables>(ctx.app.db)
    .selectFrom('srm_pos_supplier_warning as t')
    .innerJoin('srm_pos_supplier_info as s', 's.supplier_id', 't.supplier_id');
  if (supplierId) q = q.where('t.supplier_id', '=', supplierId);
  if (warningType) q = q.where('t.warning_type', '=', warningType);
  if (status) q = q.where('t.status', '=', status);
  if (rules.length > 0) q = q.where(sql<boolean>`${sql.join(rules, sql` and `)}`);

  const { count } = await q.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await q
    .select([
      't.warning_id',
      't.supplier_id',
      's.supplier_number',
      's.supplier_name',
      's.risk_score',
      's.risk_reasons',
      't.warning_type',
      't.risk_level',
      't.subject',
      't.due_date',
      't.status',
      't.points',
      't.pushed_date',
      't.closed_date',
    ])
    .orderBy(sql`coalesce(s.risk_score, 0)`, 'desc')
    .orderBy('t.warning_id', 'desc')
    .limit(pageRows)
    .offset((pageIndex - 1) * pageRows)
    .execute();

  const meanings = async (type: string) => new Map((await ctx.app.lookups.findDic(type, ctx.lang)).map((v) => [v.lookupCode, v.meaning]));
  const types = await meanings('SUPPLIER_WARNING_TYPE');
  const levels = await meanings('SUPPLIER_RISK_LEVEL');
  const statuses = await meanings('SUPPLIER_WARNING_STATUS');
  const reasonText = (r: ScoreReason) =>
    `${types.get(r.warningType) ?? r.warningType}${r.riskLevel ? ` (${levels.get(r.riskLevel) ?? r.riskLevel})` : ''} ×${r.count}: +${r.points}`;

  const data = rows.map((r) => {
    const reasons = reasonsOf(r.risk_reasons);
    return {
      warningId: Number(r.warning_id),
      supplierId: Number(r.supplier_id),
      supplierNumber: r.supplier_number,
      supplierName: r.supplier_name,
      riskScore: r.risk_score === null ? 0 : Number(r.risk_score),
      riskReasons: reasons.map((x) => ({ ...x, text: reasonText(x) })),
      warningType: r.warning_type,
      warningTypeMeaning: types.get(r.warning_type) ?? r.warning_type,
      riskLevel: r.risk_level,
      riskLevelMeaning: r.risk_level ? (levels.get(r.risk_level) ?? r.risk_level) : null,
      subject: r.subject,
      dueDate: r.due_date === null ? null : String(r.due_date).slice(0, 10),
      status: r.status,
      statusMeaning: r.status ? (statuses.get(r.status) ?? r.status) : null,
      points: r.points === null ? 0 : Number(r.points),
      pushedDate: r.pushed_date,
      closedDate: r.closed_date,
    };
  });
  return ok(data, '', { count: Number(count), curIndex: pageIndex, pageRows });
};

// Sealed quotes, enforced on every read path (findById, listByPage, export, aggregates, writes): an
// internal user reaches a quotation only once its round is closed — its inquiry's deadline has passed,
// or a later bargaining round superseded it. Suppliers reach their own quotations (ownership) and only
// inquiries they are invited to that are past DRAFT.
import { sql } from 'kysely';
import type { EntityRules } from '../../../server/modules/types.js';

/** Condition on a quotation aliased `t`: its round is open for comparison. */
export const quotationUnsealed = (alias = 't') => sql`exists (select 1 from srm_src_inquiry i
  where i.inquiry_id = ${sql.ref(`${alias}.inquiry_id`)}
    and (${sql.ref(`${alias}.round_number`)} < i.round_number or i.deadline <= localtimestamp(0)))`;

export const quotationRules: EntityRules = {
  readFilter: (ctx) => (ctx.session.userType === 'EXTERNAL' ? null : quotationUnsealed()),
};

/** Condition on an inquiry aliased `alias`: the supplier is invited and it is no longer a draft. */
export const invitedCondition = (supplierId: number, alias = 't') => sql`(${sql.ref(`${alias}.status`)} <> 'DRAFT' and exists (
  select 1 from srm_src_inquiry_supplier s where s.inquiry_id = ${sql.ref(`${alias}.inquiry_id`)} and s.supplier_id = ${supplierId}))`;

export const inquiryReadFilter: EntityRules['readFilter'] = (ctx) =>
  ctx.session.userType === 'EXTERNAL' ? invitedCondition(ctx.session.supplierId ?? -1) : null;

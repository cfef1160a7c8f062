// On approval (same transaction) the requisition raises `requisition.approved`, delivered after commit.
import { sql } from 'kysely';
import type { EntityRules } from '../../../server/modules/types.js';
import type { Db } from '../../../server/db/connect.js';
import type { ApprovedLine, RequisitionApi } from '../api.js';
import type { AppContext } from '../../../server/context.js';
import { requisitionTotal } from './totals.js';
import { findApprovedLines } from './approvedLines.js';

export const requisitionRules: EntityRules = {
  async afterTransition(ctx, db, step) {
    if (step.to !== 'APPROVED') return;
    const row = (await sql<{ n: string }>`select requisition_number as n from srm_po_requisition where requisition_id = ${step.id}`.execute(db)).rows[0];
    ctx.events.add('requisition.approved', { requisitionId: step.id, requisitionNumber: row.n, approvedBy: ctx.session.userId });
  },
};

export function requisitionApi(app: AppContext): RequisitionApi {
  const db: Db = app.db;
  return {
    findApprovedLines,
    total: (requisitionId) => requisitionTotal(app, db, requisitionId),
    async approvedLines(requisitionId) {
      const rows = await sql<ApprovedLine>`select l.requisition_line_id as "requisitionLineId", l.line_number as "lineNumber", l.material_id as "materialId",
          l.quantity, l.unit_price as "unitPrice", l.uom_code as "uomCode", to_char(l.need_by_date, 'YYYY-MM-DD') as "needByDate"
        from srm_po_requisition_line l join srm_po_requisition r on r.requisition_id = l.requisition_id
        where r.requisition_id = ${requisitionId} and r.status = 'APPROVED' order by l.line_number, l.requisition_line_id`.execute(db);
      return rows.rows.map((r) => ({ ...r, quantity: Number(r.quantity), unitPrice: r.unitPrice === null ? null : Number(r.unitPrice) }));
    },
  };
}

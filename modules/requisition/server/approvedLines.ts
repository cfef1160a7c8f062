// Approved requisition lines across requisitions, for a module that sources them (an inquiry's
// "from requisitions" picker): the caller decides which are already taken and passes them to leave out.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { RequisitionTables } from '../generated/tables.js';
import type { ApprovedLineFilter, ApprovedRequisitionLine } from '../api.js';

const MAX_LINES = 200;

export async function findApprovedLines(db: Db, filter: ApprovedLineFilter): Promise<ApprovedRequisitionLine[]> {
  const t = typed<RequisitionTables>(db);
  let q = t
    .selectFrom('srm_po_requisition_line as l')
    .innerJoin('srm_po_requisition as r', 'r.requisition_id', 'l.requisition_id')
    .select([
      'r.requisition_id',
      'r.requisition_number',
      'r.title',
      'l.requisition_line_id',
      'l.line_number',
      'l.material_id',
      'l.quantity',
      'l.unit_price',
      'l.uom_code',
      'l.need_by_date',
    ])
    .where('r.status', '=', 'APPROVED');
  if (filter.lineIds !== undefined) {
    if (filter.lineIds.length === 0) return [];
    q = q.where('l.requisition_line_id', 'in', filter.lineIds);
  }
  if (filter.excludeLineIds !== undefined && filter.excludeLineIds.length > 0) q = q.where('l.requisition_line_id', 'not in', filter.excludeLineIds);
  const search = filter.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('r.requisition_number', 'ilike', like), eb('r.title', 'ilike', like)]));
  }
  const rows = await q
    .orderBy('r.requisition_id', 'desc')
    .orderBy('l.line_number')
    .orderBy('l.requisition_line_id')
    .limit(Math.min(filter.limit ?? MAX_LINES, MAX_LINES))
    .execute();
  return rows.map((r) => ({
    requisitionId: Number(r.requisition_id),
    requisitionNumber: r.requisition_number ?? '',
    title: r.title ?? null,
    requisitionLineId: Number(r.requisition_line_id),
    lineNumber: r.line_number === null ? null : Number(r.line_number),
    materialId: Number(r.material_id),
    quantity: Number(r.quantity),
    unitPrice: r.unit_price === null ? null : Number(r.unit_price),
    uomCode: r.uom_code,
    needByDate: String(r.need_by_date).slice(0, 10),
  }));
}

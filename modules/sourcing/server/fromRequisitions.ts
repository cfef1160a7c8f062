// An inquiry's lines from approved requisition lines (the edit page's "from requisitions" panel). The
// requisition module answers which lines are approved (RequisitionApi.findApprovedLines, never its tables);
// this module knows which of them are already being sourced: a line referenced by an inquiry that is still
// open or was awarded is not offered again (a cancelled or closed one gives it back).
import { ok } from '../../../server/http/envelope.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { findRow, loadRecord, parseId } from '../../../server/rest/read.js';
import { addReferenceDisplays } from '../../../server/rest/references.js';
import { auditInsert, auditUpdate, lockInTransaction, typed } from '../../../server/db/typed.js';
import type { Db } from '../../../server/db/connect.js';
import { refuse } from '../../../server/errors.js';
import type { SourcingTables } from '../generated/tables.js';
import type { RequisitionApi } from '../../requisition/api.js';
import { inquiryState } from './inquiryState.js';

/** Inquiry states in which a line still holds its requisition line. */
const HOLDING = ['DRAFT', 'PUBLISHED', 'OPENED', 'APPROVING', 'AWARDED'];

async function takenLineIds(db: Db): Promise<number[]> {
  const rows = await typed<SourcingTables>(db)
    .selectFrom('srm_src_inquiry_line as l')
    .innerJoin('srm_src_inquiry as i', 'i.inquiry_id', 'l.inquiry_id')
    .select('l.requisition_line_id')
    .where('l.requisition_line_id', 'is not', null)
    .where('i.status', 'in', HOLDING)
    .execute();
  return rows.map((r) => Number(r.requisition_line_id));
}

const requisitions = (ctx: Parameters<FamilyAction>[0]) => ctx.app.modules.api<RequisitionApi>('requisition');

/** requisitionLinesForInquiry {search?} → the approved requisition lines no open inquiry holds. */
export const requisitionLinesForInquiry: FamilyAction = async (ctx) => {
  const db = ctx.app.db;
  const search = typeof ctx.body.search === 'string' ? ctx.body.search : undefined;
  const lines = await requisitions(ctx).findApprovedLines(db, { excludeLineIds: await takenLineIds(db), search });
  const records = lines.map((l) => ({ ...l }));
  const lineEntity = ctx.app.defs.entities.get('srmSrcInquiryLine');
  if (lineEntity) await addReferenceDisplays(db, ctx.app.defs, lineEntity, records);
  return ok(records);
};

/**
 * doAddRequisitionLines {id, requisitionLineIds}: appends the chosen lines to a draft inquiry (material,
 * quantity, unit, required date, the source line and requisition number). All or nothing: a line that is
 * not approved or already held by an inquiry refuses the whole call, naming it.
 */
export const doAddRequisitionLines: FamilyAction = async (ctx) =>
  ctx.app.db.transaction().execute(async (trx) => {
    const id = parseId(ctx, ctx.body.id);
    const raw = ctx.body.requisitionLineIds;
    if (!Array.isArray(raw) || raw.length === 0) throw refuse('sourcing.fromRequisition.noneChosen');
    const wanted = [...new Set(raw.map(Number))];
    if (wanted.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw refuse('sourcing.fromRequisition.noneChosen');
    // One writer of requisition references at a time: two drafts must not take the same line.
    await lockInTransaction(trx, 'inquiry:fromRequisition');
    await lockInTransaction(trx, `inquiry:${id}`);
    await findRow(ctx, trx, id);
    const state = await inquiryState(trx, id);
    if (state.status !== 'DRAFT') throw refuse('sourcing.fromRequisition.notDraft');
    const found = await requisitions(ctx).findApprovedLines(trx, { lineIds: wanted });
    const byId = new Map(found.map((l) => [l.requisitionLineId, l]));
    const missing = wanted.find((n) => !byId.has(n));
    if (missing !== undefined) throw refuse('sourcing.fromRequisition.notApproved', { line: missing });
    const taken = new Set(await takenLineIds(trx));
    const held = found.find((l) => taken.has(l.requisitionLineId));
    if (held) throw refuse('sourcing.fromRequisition.taken', { requisition: held.requisitionNumber, line: held.lineNumber ?? held.requisitionLineId });
    const t = typed<SourcingTables>(trx);
    const last = await t
      .selectFrom('srm_src_inquiry_line')
      .select((eb) => eb.fn.max('line_number').as('n'))
      .where('inquiry_id', '=', id)
      .executeTakeFirst();
    let next = Number(last?.n ?? 0);
    await t
      .insertInto('srm_src_inquiry_line')
      .values(
        wanted.map((n) => {
          const l = byId.get(n)!;
          next = Math.floor(next / 10) * 10 + 10;
          return {
            inquiry_id: id,
            line_number: next,
            material_id: l.materialId,
            uom_code: l.uomCode,
            quantity: l.quantity,
            required_date: l.needByDate,
            requisition_line_id: l.requisitionLineId,
            requisition_number: l.requisitionNumber,
            ...auditInsert(ctx.session.userId),
          };
        }),
      )
      .execute();
    await t.updateTable('srm_src_inquiry').set(auditUpdate(ctx.session.userId)).where('inquiry_id', '=', id).execute();
    return ok(await loadRecord(ctx, trx, id));
  });

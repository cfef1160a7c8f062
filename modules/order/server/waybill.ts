// doWaybillNumberCalc (SPEC §7 names the call, nothing more; decided here, docs/order.md): a delivery
// note's waybill number in the UPU S10 form most postal and express carriers use: two letters (the
// service: the carrier's first two ASCII letters, else `SR`), an eight-digit serial (the note's id), one
// check digit (weights 8 6 4 2 3 5 9 7, 11 − sum mod 11; 10 → 0, 11 → 5) and the country `CN`. The
// calculation fills the note's waybill number when it has none (`recalc: true` replaces it) while the
// note is a draft or shipped; a number typed in the S10 form must carry the right check digit (save
// refuses it otherwise), any other form (a carrier's own) is kept as typed.
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import { auditUpdate } from '../../../server/db/typed.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { findRow, parseId } from '../../../server/rest/read.js';
import { po } from './store.js';

const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];
const S10 = /^([A-Z]{2})(\d{8})(\d)([A-Z]{2})$/;

export function s10CheckDigit(serial: string): number {
  const sum = [...serial].reduce((s, d, i) => s + Number(d) * WEIGHTS[i], 0);
  const c = 11 - (sum % 11);
  return c === 10 ? 0 : c === 11 ? 5 : c;
}

export function waybillFor(carrier: string | null, deliveryId: number): string {
  const letters = (carrier ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  const service = letters.length >= 2 ? letters.slice(0, 2) : 'SR';
  const serial = String(deliveryId % 100_000_000).padStart(8, '0');
  return `${service}${serial}${s10CheckDigit(serial)}CN`;
}

/** False only for a number in the S10 form whose check digit is wrong. */
export function waybillValid(value: string): boolean {
  const m = S10.exec(value.trim().toUpperCase());
  return !m || s10CheckDigit(m[2]) === Number(m[3]);
}

/** doWaybillNumberCalc {id, recalc?} → {deliveryId, waybillNumber, calculated}. */
export const doWaybillNumberCalc: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const note = await findRow(ctx, ctx.app.db, id); // the row rule: a supplier only its own notes
  if (!['DRAFT', 'SHIPPED'].includes(String(note.status))) throw refuse('delivery.waybillClosed', { delivery: String(note.delivery_number ?? id) });
  const current = typeof note.waybill_number === 'string' ? note.waybill_number.trim() : '';
  if (current && ctx.body.recalc !== true) return ok({ deliveryId: id, waybillNumber: current, calculated: false });
  const waybillNumber = waybillFor(typeof note.carrier === 'string' ? note.carrier : null, id);
  await po(ctx.app.db)
    .updateTable('srm_po_delivery')
    .set({ waybill_number: waybillNumber, ...auditUpdate(ctx.session.userId) })
    .where('delivery_id', '=', id)
    .execute();
  return ok({ deliveryId: id, waybillNumber, calculated: true });
};

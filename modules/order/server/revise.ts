// doRevise: a change order. The order as it was is kept as a version, its revision goes up, and what the
// revision touches waits for the supplier again: changed lines, lines added to the order, and lines taken
// off it. A line is taken off only while nothing of it was received or is on a delivery note (else it is
// refused in the user's language: close it instead); it stays on the order as CANCELLED, so the history,
// the versions and any cancelled note still find it. Everything is checked before anything is written:
// a refused revision leaves the order as it was (one transaction).
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import { message } from '../../../server/i18n/messages.js';
import { auditInsert, auditUpdate } from '../../../server/db/typed.js';
import type { ActionContext, FamilyAction } from '../../../server/rest/actionContext.js';
import type { Db } from '../../../server/db/connect.js';
import { loadRecord, parseId } from '../../../server/rest/read.js';
import { refuseFieldErrors, writableValues } from '../../../server/rest/records.js';
import { lockedOrder } from './confirm.js';
import { LIVE_ORDER } from './changes.js';
import { libraryPrices, priceSourceOf } from './prices.js';
import { dateOf, ENDED_LINE, inTransit, listOf, lockOrderLines, po, quantityOf, reasonOf, refreshOrderTotal, units, type OrderLineRow } from './store.js';
import { keepVersion } from './versions.js';

const ended = (l: OrderLineRow) => (ENDED_LINE as readonly string[]).includes(l.line_status ?? '');
const lineLabel = (l: OrderLineRow) => l.line_number ?? l.order_line_id;

/** The ids of `removeLineIds`: positive integers, each once. */
function removedIds(raw: unknown): number[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.some((x) => !Number.isSafeInteger(Number(x)) || Number(x) <= 0)) throw refuse('error.malformed', { detail: 'removeLineIds' });
  return raw.map(Number);
}

/** A new line's column values, checked like a line saved on the order (material exists, its unit filled). */
async function newLineValues(ctx: ActionContext, db: Db, raw: Record<string, unknown>, n: number): Promise<Record<string, unknown>> {
  const lineEntity = ctx.app.defs.entities.get('srmPoOrderLine')!;
  const quantity = quantityOf(raw.quantity, 'quantity');
  const requiredDate = dateOf(raw.requiredDate, 'requiredDate');
  const { values, errors } = await writableValues(
    ctx,
    db,
    lineEntity,
    { materialId: raw.materialId, quantity, price: raw.price ?? 0, requiredDate, ...(raw.remark === undefined ? {} : { remark: raw.remark }) },
    'insert',
  );
  if (errors.length) refuseFieldErrors(errors, (m) => message(ctx.lang, 'order.revise.newLine', { n, msg: m }));
  return values;
}

/**
 * doRevise {id, reason, lines?: [{lineId, quantity?, requiredDate?, price?}], addLines?: [{materialId, quantity,
 * requiredDate, price?}], removeLineIds?: [lineId]}: at least one of the three. An added line without a price
 * takes the price library's valid price (flagged as on a draft).
 */
export const doRevise: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const reason = reasonOf(ctx.body.reason);
  const changes = ctx.body.lines === undefined ? [] : listOf(ctx.body.lines, 'lines');
  const additions = ctx.body.addLines === undefined ? [] : listOf(ctx.body.addLines, 'addLines');
  const removals = removedIds(ctx.body.removeLineIds);
  if (changes.length + additions.length + removals.length === 0) throw refuse('order.revise.nothing');
  return ctx.app.db.transaction().execute(async (db) => {
    const o = await lockedOrder(ctx, db, id);
    if (!LIVE_ORDER.includes(o.status ?? '')) throw refuse('order.close.notLive');
    const lines = await lockOrderLines(db, { orderId: id });
    const transit = await inTransit(
      db,
      lines.map((l) => l.order_line_id),
      null,
    );
    const lineOf = (lineId: unknown) => {
      const line = lines.find((l) => l.order_line_id === Number(lineId));
      if (!line) throw refuse('order.line.notOnOrder', { lineId: String(lineId) });
      if (ended(line)) throw refuse('order.line.ended', { line: lineLabel(line) });
      return line;
    };
    // Taken off: only lines nothing of which was received or is on a note; named once; not changed as well.
    const removing = new Set<number>();
    for (const lineId of removals) {
      const line = lineOf(lineId);
      if (removing.has(line.order_line_id)) throw refuse('order.line.twice', { line: lineLabel(line) });
      if (units(line.received_quantity) > 0 || (transit.get(line.order_line_id) ?? 0) > 0)
        throw refuse('order.revise.removeReceived', { line: lineLabel(line) });
      removing.add(line.order_line_id);
    }
    const updates = changes.map((c) => {
      const line = lineOf(c.lineId);
      if (removing.has(line.order_line_id)) throw refuse('order.line.twice', { line: lineLabel(line) });
      const quantity = c.quantity === undefined ? line.quantity : quantityOf(c.quantity, 'quantity');
      const committed = units(line.received_quantity) + (transit.get(line.order_line_id) ?? 0);
      if (units(quantity) < committed) throw refuse('order.quantityBelowReceived', { line: lineLabel(line) });
      const price = c.price === undefined ? line.price : Number(c.price);
      if (!Number.isFinite(Number(price)) || Number(price) < 0) throw refuse('order.badQuantity', { field: 'price' });
      const requiredDate = c.requiredDate === undefined ? line.required_date : dateOf(c.requiredDate, 'requiredDate');
      return { line, quantity, price, requiredDate };
    });
    const added: Record<string, unknown>[] = [];
    for (const [i, a] of additions.entries()) added.push(await newLineValues(ctx, db, a, i + 1));
    const live = lines.filter((l) => !ended(l) && !removing.has(l.order_line_id)).length + added.length;
    if (live === 0) throw refuse('order.revise.noLineLeft');

    const userId = ctx.session.userId;
    await keepVersion(db, id, userId, reason);
    for (const u of updates)
      await po(db)
        .updateTable('srm_po_order_line')
        .set({
          quantity: u.quantity,
          price: u.price,
          required_date: u.requiredDate,
          open_quantity: Math.max(0, units(u.quantity) - units(u.line.received_quantity)) / 10_000,
          line_status: 'OPEN',
          proposed_date: null,
          proposed_quantity: null,
          ...auditUpdate(userId),
        })
        .where('order_line_id', '=', u.line.order_line_id)
        .execute();
    if (removing.size)
      await po(db)
        .updateTable('srm_po_order_line')
        .set({ line_status: 'CANCELLED', open_quantity: 0, ...auditUpdate(userId) })
        .where('order_line_id', 'in', [...removing])
        .execute();
    if (added.length) {
      const prices = await libraryPrices(ctx.app, db, {
        supplierId: o.supplier_id,
        currencyCode: o.currency_code ?? 'CNY',
        onDate: new Date().toISOString().slice(0, 10),
        materialIds: added.map((v) => Number(v.material_id)),
      });
      let next = Math.max(0, ...lines.map((l) => Number(l.line_number ?? 0)));
      for (const v of added) {
        next += 10;
        const item = prices.get(Number(v.material_id));
        const price = item && units(v.price as number) === 0 ? item.price : Number(v.price ?? 0);
        await po(db)
          .insertInto('srm_po_order_line')
          .values({
            ...(v as { material_id: number; quantity: number; required_date: string }),
            price,
            order_id: id,
            supplier_id: o.supplier_id,
            line_number: next,
            open_quantity: v.quantity as number,
            received_quantity: 0,
            line_status: 'OPEN',
            price_item_id: item?.priceItemId ?? null,
            price_source: item ? priceSourceOf(item) : null,
            price_flag: !item ? 'NO_PRICE' : units(price) === units(item.price) ? 'LIBRARY' : 'DIFFERS',
            ...auditInsert(userId),
          })
          .execute();
      }
    }
    await refreshOrderTotal(db, id);
    await po(db)
      .updateTable('srm_po_order')
      .set({ status: 'RELEASED', revision: (o.revision ?? 0) + 1, change_reason: reason, ...auditUpdate(userId) })
      .where('order_id', '=', id)
      .execute();
    ctx.events.add('order.changed', { orderId: id, orderNumber: o.order_number ?? '', supplierId: o.supplier_id, what: 'REVISED' });
    return ok(await loadRecord(ctx, db, id));
  });
};

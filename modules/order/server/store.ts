// Typed access to the order module's tables and the quantity arithmetic every rule shares: quantities are
// numeric(18,4), so sums are made in ten-thousandths (integers) and never drift.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { OrderTables } from '../generated/tables.js';
import { refuse } from '../../../server/errors.js';

export const po = (db: Db) => typed<OrderTables>(db);

const SCALE = 10_000;
/** A decimal quantity in ten-thousandths. */
export const units = (n: number | string | null | undefined): number => Math.round(Number(n ?? 0) * SCALE);
/** Back from ten-thousandths. */
export const qty = (u: number): number => u / SCALE;

/** States of an order whose lines the supplier may still ship against. */
export const SHIPPABLE_ORDER = ['CONFIRMED', 'CHANGE_PENDING'] as const;
/** Line states that end a line: nothing more is expected on it. */
export const ENDED_LINE = ['CLOSED', 'CANCELLED'] as const;
/** Delivery notes whose quantities are still on their way (counted against the order lines' open quantity). */
export const UNRECEIVED_NOTE = ['DRAFT', 'SHIPPED'] as const;

export type OrderLineRow = {
  order_line_id: number;
  order_id: number | null;
  line_number: number | null;
  material_id: number;
  quantity: number;
  price: number;
  required_date: string;
  tolerance_percent: number | null;
  promised_date: string | null;
  proposed_date: string | null;
  proposed_quantity: number | null;
  received_quantity: number | null;
  returned_quantity: number | null;
  open_quantity: number | null;
  line_status: string | null;
};

const LINE_COLUMNS = [
  'order_line_id',
  'order_id',
  'line_number',
  'material_id',
  'quantity',
  'price',
  'required_date',
  'tolerance_percent',
  'promised_date',
  'proposed_date',
  'proposed_quantity',
  'received_quantity',
  'returned_quantity',
  'open_quantity',
  'line_status',
] as const;

/** The order's header, locked for the rest of the transaction (a second writer waits, then sees ours). */
export async function lockOrder(db: Db, orderId: number) {
  return po(db)
    .selectFrom('srm_po_order')
    .select(['order_id', 'order_number', 'supplier_id', 'status', 'revision', 'currency_code', 'created_by', 'version_num'])
    .where('order_id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

/** Order lines by id, locked in id order (so two writers never deadlock on the same lines). */
export async function lockOrderLines(db: Db, where: { orderId: number } | { lineIds: readonly number[] }): Promise<OrderLineRow[]> {
  if ('lineIds' in where && where.lineIds.length === 0) return [];
  let q = po(db).selectFrom('srm_po_order_line').select(LINE_COLUMNS);
  q = 'orderId' in where ? q.where('order_id', '=', where.orderId) : q.where('order_line_id', 'in', [...where.lineIds]);
  return (await q.orderBy('order_line_id').forUpdate().execute()) as OrderLineRow[];
}

/** Σ quantity of each order line on delivery notes not yet received (drafts and shipped), except one note. */
export async function inTransit(db: Db, lineIds: readonly number[], exceptDeliveryId: number | null): Promise<Map<number, number>> {
  if (lineIds.length === 0) return new Map();
  let q = po(db)
    .selectFrom('srm_po_delivery_line as l')
    .innerJoin('srm_po_delivery as d', 'd.delivery_id', 'l.delivery_id')
    .select(['l.order_line_id', 'l.quantity'])
    .where('l.order_line_id', 'in', [...lineIds])
    .where('d.status', 'in', [...UNRECEIVED_NOTE]);
  if (exceptDeliveryId !== null) q = q.where('d.delivery_id', '<>', exceptDeliveryId);
  const out = new Map<number, number>();
  for (const r of await q.execute()) out.set(r.order_line_id, (out.get(r.order_line_id) ?? 0) + units(r.quantity));
  return out;
}

/**
 * How much more may be shipped on an order line (ten-thousandths): its open quantity plus its tolerance
 * (a percentage of the ordered quantity), less what was received beyond the ordered quantity and less
 * what other unreceived notes already carry.
 */
export function shippableUnits(line: OrderLineRow, transit: number): number {
  const ordered = units(line.quantity);
  const tolerance = Math.round((ordered * Number(line.tolerance_percent ?? 0)) / 100);
  const over = Math.max(0, units(line.received_quantity) - ordered);
  return Math.max(0, units(line.open_quantity) + tolerance - over - transit);
}

/** The header's total: Σ quantity × price of its lines that are not cancelled (cents). */
export async function refreshOrderTotal(db: Db, orderId: number): Promise<number> {
  const lines = await po(db).selectFrom('srm_po_order_line').select(['quantity', 'price', 'line_status']).where('order_id', '=', orderId).execute();
  const cents = lines.filter((l) => l.line_status !== 'CANCELLED').reduce((s, l) => s + Math.round(Number(l.quantity) * Number(l.price) * 100), 0);
  await po(db)
    .updateTable('srm_po_order')
    .set({ total_amount: cents / 100 })
    .where('order_id', '=', orderId)
    .execute();
  return cents / 100;
}

/** A body's list of objects, or a refusal naming it. */
export function listOf(raw: unknown, name: string): Record<string, unknown>[] {
  if (!Array.isArray(raw) || raw.some((x) => !x || typeof x !== 'object' || Array.isArray(x))) throw refuse('error.malformed', { detail: name });
  return raw as Record<string, unknown>[];
}

/** A reason a close, cancel, refusal or change must carry (1–500 characters). */
export function reasonOf(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw refuse('order.reasonRequired');
  if (raw.length > 500) throw refuse('order.reasonTooLong', { max: 500 });
  return raw.trim();
}

/** A 'yyyy-MM-dd' date of the body, or a refusal. */
export function dateOf(raw: unknown, field: string): string {
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`))) throw refuse('order.badDate', { field });
  return raw;
}

/** A positive quantity of the body, or a refusal. */
export function quantityOf(raw: unknown, field: string): number {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0 || n >= 1e14) throw refuse('order.badQuantity', { field });
  return Math.round(n * SCALE) / SCALE;
}

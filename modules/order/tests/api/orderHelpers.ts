// Shared steps of the order API tests: paths, record shapes, and an order brought to CONFIRMED.
import { expect } from 'vitest';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { MATERIAL, SUPPLIER, expectOk, type Rec } from '../../../../tests/support/apiHelpers.js';

export const ORDER = 'srmServer/v1/srmPoOrderRestful';
export const DELIVERY = 'srmServer/v1/srmPoDeliveryRestful';
export const RECEIPT = 'srmServer/v1/srmPoReceiptRestful';
export const RETURN = 'srmServer/v1/srmPoReturnRestful';

export interface OrderLine {
  orderLineId: number;
  lineNumber: number;
  materialId: number;
  quantity: number;
  price: number;
  requiredDate: string;
  tolerancePercent: number;
  promisedDate: string | null;
  proposedDate: string | null;
  receivedQuantity: number;
  returnedQuantity: number;
  openQuantity: number;
  lineStatus: string;
}
export interface Order {
  orderId: number;
  orderNumber: string;
  status: string;
  revision: number;
  totalAmount: number;
  versionNum: number;
  supplierId: number;
  lines: OrderLine[];
}
export interface Delivery {
  deliveryId: number;
  deliveryNumber: string;
  status: string;
  supplierId: number;
  versionNum: number;
  lines: { deliveryLineId: number; orderLineId: number; quantity: number; receivedQuantity: number; materialId: number }[];
}
export interface Receipt {
  receiptId: number;
  receiptNumber: string;
  status: string;
  orderId: number;
  supplierId: number;
  lines: {
    receiptLineId: number;
    deliveryLineId: number;
    orderLineId: number;
    quantity: number;
    acceptedQuantity: number;
    rejectedQuantity: number;
    returnedQuantity: number;
  }[];
}

export interface World {
  buyer: SignedClient;
  s1: SignedClient;
  s2: SignedClient;
  supplier1: number;
  supplier2: number;
  materials: number[];
}

export async function worldOf(buyer: SignedClient, s1: SignedClient, s2: SignedClient): Promise<World> {
  const materials = expectOk(await buyer.call<{ materialId: number }[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 5 })).map((m) => m.materialId);
  const suppliers = expectOk(await buyer.call<{ supplierId: number; supplierNumber: string }[]>(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 50 }));
  const id = (n: string) => suppliers.find((s) => s.supplierNumber === n)!.supplierId;
  return { buyer, s1, s2, supplier1: id('S-0001'), supplier2: id('S-0002'), materials };
}

/** A draft order of supplier01 (or `supplierId`) with lines of the given quantities at `price`. */
export async function draftOrder(w: World, quantities: number[], price = 10, extra: Rec = {}, supplierId = w.supplier1): Promise<Order> {
  return expectOk(
    await w.buyer.call<Order>(`${ORDER}/saveOrUpdate`, {
      supplierId,
      orderDate: '2026-11-20',
      currencyCode: 'CNY',
      title: 'API test order',
      lines: quantities.map((q, i) => ({ materialId: w.materials[i % w.materials.length], quantity: q, price, requiredDate: '2026-12-20', ...extra })),
    }),
  );
}

/** Submitted (≤ 50,000 CNY: approved on submit by PO_APPROVAL) and released. */
export async function releasedOrder(w: World, quantities: number[], extra: Rec = {}, supplierId = w.supplier1): Promise<Order> {
  const d = await draftOrder(w, quantities, 10, extra, supplierId);
  const s = expectOk(await w.buyer.call<Order>(`${ORDER}/doSubmit`, { id: d.orderId }));
  expect(s.status).toBe('APPROVED');
  return expectOk(await w.buyer.call<Order>(`${ORDER}/doRelease`, { id: d.orderId }));
}

/** Released and accepted line by line by its supplier. */
export async function confirmedOrder(w: World, quantities: number[], extra: Rec = {}): Promise<Order> {
  const r = await releasedOrder(w, quantities, extra);
  return expectOk(
    await w.s1.call<Order>(`${ORDER}/doSupplierConfirm`, { id: r.orderId, lines: r.lines.map((l) => ({ lineId: l.orderLineId, action: 'ACCEPT' })) }),
  );
}

export const lineOf = (o: Order, id: number) => o.lines.find((l) => l.orderLineId === id)!;

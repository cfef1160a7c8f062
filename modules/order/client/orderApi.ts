// The order families' calls the panels make (CONTRACT.md "Contracts, orders, deliveries").
import type { RuntimeEnv } from '../../../runtime/env';

export const ORDER = 'srmServer/v1/srmPoOrderRestful';
export const DELIVERY = 'srmServer/v1/srmPoDeliveryRestful';
export const RECEIPT = 'srmServer/v1/srmPoReceiptRestful';

export interface OrderLine {
  orderLineId: number;
  lineNumber: number;
  materialIdDisplay?: string;
  quantity: number;
  requiredDate: string;
  promisedDate: string | null;
  openQuantity: number;
  receivedQuantity: number;
  lineStatus: string;
}
export interface Order {
  orderId: number;
  orderNumber: string;
  status: string;
  lines: OrderLine[];
}
export interface DeliveryLine {
  deliveryLineId: number;
  lineNumber: number;
  materialIdDisplay?: string;
  quantity: number;
  batchNumber: string | null;
}
export interface Delivery {
  deliveryId: number;
  deliveryNumber: string;
  status: string;
  supplierIdDisplay?: string;
  lines: DeliveryLine[];
}

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export const numberOf = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

export const orderApi = (env: RuntimeEnv) => ({
  order: async (id: number) => (await env.api<Order>(`${ORDER}/findById`, { id })).data,
  confirmedOrders: async () => (await env.api<Order[]>(`${ORDER}/listByPage`, { params: { status: 'CONFIRMED' }, pageIndex: 1, pageRows: 100 })).data ?? [],
  call: async <T>(path: string, body: unknown) => (await env.api<T>(path, body)).data,
});

// What other modules may use of orders: the domain events they raise (delivered after the commit).
// Import this file's types only (ARCHITECTURE.md "Modules": never another module's tables or internals).

declare module '../../server/events/domainEvents.js' {
  interface DomainEvents {
    /** An order was released to its supplier (an external ERP or the messages follow it). */
    'order.released': { orderId: number; orderNumber: string; supplierId: number; revision: number; releasedBy: number };
    /** The supplier answered an order's lines: all accepted (CONFIRMED) or with changes to review (CHANGE_PENDING). */
    'order.confirmed': { orderId: number; orderNumber: string; supplierId: number; status: string; buyerId: number };
    /** The buyer accepted or refused the supplier's changes, or revised the order (a new revision). */
    'order.changed': { orderId: number; orderNumber: string; supplierId: number; what: 'ACCEPTED' | 'REFUSED' | 'REVISED' | 'CLOSED' | 'CANCELLED' };
    /** A delivery note was shipped. */
    'delivery.shipped': { deliveryId: number; deliveryNumber: string; orderId: number; supplierId: number; buyerId: number };
    /** Goods were received against a delivery note (order lines' received quantities raised). */
    'receipt.posted': {
      receiptId: number;
      receiptNumber: string;
      deliveryId: number;
      orderId: number;
      supplierId: number;
      lines: { orderLineId: number; materialId: number; quantity: number; acceptedQuantity: number; rejectedQuantity: number }[];
    };
    /** A return of received goods was approved. */
    'return.approved': { returnId: number; returnNumber: string; orderId: number; supplierId: number };
  }
}

export {};

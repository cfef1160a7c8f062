// What other modules may use of requisitions: the events they raise and the calls they answer.
// Import this file's types only (ARCHITECTURE.md "Modules": never another module's tables or internals).

declare module '../../server/events/domainEvents.js' {
  interface DomainEvents {
    /** A requisition was approved (committed): sourcing may turn its lines into an inquiry. */
    'requisition.approved': { requisitionId: number; requisitionNumber: string; approvedBy: number };
  }
}

export interface ApprovedLine {
  requisitionLineId: number;
  lineNumber: number | null;
  materialId: number;
  quantity: number;
  /** The estimated unit price (header currency), when the requester gave one. */
  unitPrice: number | null;
  uomCode: string | null;
  needByDate: string;
}

/** Σ quantity × unitPrice of the lines, in the header's currency and in CNY (null: no rate to CNY). */
export interface RequisitionTotal {
  currencyCode: string;
  totalAmount: number;
  totalAmountCny: number | null;
}

export interface RequisitionApi {
  /** The lines of an approved requisition; none when it is not approved (or does not exist). */
  approvedLines(requisitionId: number): Promise<ApprovedLine[]>;
  /** The requisition's total; null when it does not exist. */
  total(requisitionId: number): Promise<RequisitionTotal | null>;
}

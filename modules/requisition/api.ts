// What other modules may use of requisitions: the events they raise and the calls they answer.
// Import this file's types only (ARCHITECTURE.md "Modules": never another module's tables or internals).
import type { Db } from '../../server/db/connect.js';

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

/** An approved line with the requisition it belongs to. */
export interface ApprovedRequisitionLine extends ApprovedLine {
  requisitionId: number;
  requisitionNumber: string;
  title: string | null;
}

/** Which approved lines `findApprovedLines` answers (at most `limit`, at most 200, newest requisition first). */
export interface ApprovedLineFilter {
  /** Only these lines (the ones of them that are approved). */
  lineIds?: readonly number[];
  /** Leave these out (the caller's already-sourced lines). */
  excludeLineIds?: readonly number[];
  /** Part of the requisition number or title. */
  search?: string;
  limit?: number;
}

export interface RequisitionApi {
  /** The lines of an approved requisition; none when it is not approved (or does not exist). */
  approvedLines(requisitionId: number): Promise<ApprovedLine[]>;
  /**
   * Approved lines across requisitions. `db` is the caller's transaction when it has one (PGlite has one
   * connection), else the app's.
   */
  findApprovedLines(db: Db, filter: ApprovedLineFilter): Promise<ApprovedRequisitionLine[]>;
  /** The requisition's total; null when it does not exist. */
  total(requisitionId: number): Promise<RequisitionTotal | null>;
}

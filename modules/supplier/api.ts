// What other modules may use of the supplier master (types only; reached through app.modules.api('supplier')).

declare module '../../server/events/domainEvents.js' {
  interface DomainEvents {
    /** A registration was approved (committed): the supplier (POTENTIAL) and its first user exist. */
    'supplier.registrationApproved': { registerId: number; supplierId: number; userId: number; userName: string };
    /** A registration was rejected (committed), the reviewer's comment on it. */
    'supplier.registrationRejected': { registerId: number };
  }
}

export interface SupplierApi {
  /** The supplier's name, or null when there is no such supplier. */
  supplierName(supplierId: number): Promise<string | null>;
  /**
   * The suppliers sourcing may invite for a purchase category: QUALIFIED for that category, and neither
   * frozen, blacklisted nor quit as a supplier. Ids in ascending order.
   */
  eligibleSuppliers(categoryId: number): Promise<number[]>;
}

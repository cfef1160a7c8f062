// What other modules may use of the supplier master (types only; reached through app.modules.api('supplier')).
import type { Db } from '../../server/db/connect.js';

/** A supplier and its contacts: the ids of its portal users who may sign in today. */
export interface SupplierContacts {
  supplierId: number;
  supplierNumber: string;
  supplierName: string;
  userIds: number[];
}

export interface SupplierApi {
  /** The supplier's name, or null when there is no such supplier. */
  supplierName(supplierId: number): Promise<string | null>;
  /** The supplier (by id or number) and its contacts; null when there is no such supplier. `db`: the caller's transaction or app.db. */
  supplierContacts(db: Db, supplier: { supplierId: number } | { supplierNumber: string }): Promise<SupplierContacts | null>;
}

// What other modules may use of the supplier master (types only; reached through app.modules.api('supplier')).

export interface SupplierApi {
  /** The supplier's name, or null when there is no such supplier. */
  supplierName(supplierId: number): Promise<string | null>;
}

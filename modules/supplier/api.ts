// What other modules may use of the supplier master (types only; reached through app.modules.api('supplier')).
import type { Db } from '../../server/db/connect.js';

/** A supplier and its contacts: the ids of its portal users who may sign in today. */
export interface SupplierContacts {
  supplierId: number;
  supplierNumber: string;
  supplierName: string;
  userIds: number[];
}

declare module '../../server/events/domainEvents.js' {
  interface DomainEvents {
    /** A registration was approved (committed): the supplier (POTENTIAL) and its first user exist. */
    'supplier.registrationApproved': { registerId: number; supplierId: number; userId: number; userName: string };
    /** A registration was rejected (committed), the reviewer's comment on it. */
    'supplier.registrationRejected': { registerId: number };
    /** A status change of a supplier was approved (committed): the master holds its new state. */
    'supplier.statusChanged': { lifecycleId: number; supplierId: number };
    /** A questionnaire (qualification or survey) was sent to the supplier (committed). */
    'supplier.questionnaireSent': { questionnaireId: number; supplierId: number };
    /** An agreement was sent to the supplier to sign (committed). */
    'supplier.agreementSent': { agreementId: number; supplierId: number };
    /** The supplier signed or refused an agreement (committed); `buyerId`: who drafted it. */
    'supplier.agreementAnswered': { agreementId: number; supplierId: number; buyerId: number; status: 'SIGNED' | 'REFUSED' };
  }
}

export interface SupplierApi {
  /** The supplier's name, or null when there is no such supplier. `db`: the caller's transaction (default app.db). */
  supplierName(supplierId: number, db?: Db): Promise<string | null>;
  /** The supplier (by id or number) and its contacts; null when there is no such supplier. `db`: the caller's transaction or app.db. */
  supplierContacts(db: Db, supplier: { supplierId: number } | { supplierNumber: string }): Promise<SupplierContacts | null>;
  /**
   * The portal users (active EXTERNAL users) of each of these suppliers, in one statement: a live frame
   * for an auction with 200 invited suppliers asks for all of them at once. Every asked id has an entry
   * (empty when it has no such users).
   */
  portalUsers(db: Db, supplierIds: readonly number[]): Promise<Map<number, number[]>>;
  /**
   * The suppliers sourcing may invite for a purchase category: QUALIFIED for that category, and neither
   * frozen, blacklisted nor quit as a supplier. Ids in ascending order. `db`: the caller's transaction
   * (a rule inside a write: PGlite has one connection), default app.db.
   */
  eligibleSuppliers(categoryId: number, db?: Db): Promise<number[]>;
  /** Of the given suppliers, those frozen, blacklisted or quit (or unknown): never to be invited. `db`: the
   *  caller's transaction (PGlite has one connection: a query beside an open transaction would wait for it). */
  barredSuppliers(db: Db, supplierIds: readonly number[]): Promise<number[]>;
}

// What other modules may use of contracts: the domain events raised at the hand-overs (after the commit), and
// the signed contracts an order may be made from (ContractApi). Import this file's types only
// (ARCHITECTURE.md "Modules").
import type { Db } from '../../server/db/connect.js';

/** A signed contract, as an order takes it over: the supplier, currency and items at the agreed prices. */
export interface OrderableContract {
  contractId: number;
  contractNumber: string;
  title: string;
  supplierId: number;
  currencyCode: string;
  startDate: string | null;
  endDate: string | null;
  totalAmount: number;
  lines: { lineNumber: number; materialId: number; quantity: number; price: number }[];
}

/** A seal or signature image of an e-signature account, as stored (PNG or JPEG). */
export interface SealImage {
  bytes: Buffer;
  format: 'png' | 'jpg';
}

export interface ContractApi {
  /** SIGNED contracts (of `supplierId` when given), newest first, with their items; `contractId` for one. */
  signedContracts(db: Db, filter?: { supplierId?: number; contractId?: number }): Promise<OrderableContract[]>;
  /**
   * The seal a signature stamps (e-signature accounts, 电子签章账户): user `signerId`'s own ACTIVE account's image,
   * else supplier `supplierId`'s ACTIVE account's; null without one (the caller draws its plain seal). Read in `db`.
   */
  sealImage(db: Db, who: { signerId: number | null; supplierId: number | null }): Promise<SealImage | null>;
}

declare module '../../server/events/domainEvents.js' {
  interface DomainEvents {
    /** A contract was sent to its supplier for confirmation. */
    'contract.sent': { contractId: number; contractNumber: string; supplierId: number };
    /** The supplier confirmed (CONFIRMED) or refused (REFUSED) a contract; the buyer who created it is told. */
    'contract.answered': { contractId: number; contractNumber: string; supplierId: number; buyerId: number; status: 'CONFIRMED' | 'REFUSED' };
    /** One side signed; `complete` when both have (the contract is SIGNED). */
    'contract.signed': { contractId: number; contractNumber: string; supplierId: number; buyerId: number; side: 'BUYER' | 'SUPPLIER'; complete: boolean };
    /** A contract was terminated (with its reason). */
    'contract.terminated': { contractId: number; contractNumber: string; supplierId: number };
  }
}

export {};

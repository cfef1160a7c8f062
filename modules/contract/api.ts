// What other modules may use of contracts: the domain events raised at the hand-overs (after the commit).
// Import this file's types only (ARCHITECTURE.md "Modules").

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

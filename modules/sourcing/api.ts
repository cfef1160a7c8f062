// What other modules may use of sourcing: the events it raises (types only).

declare module '../../server/events/domainEvents.js' {
  interface DomainEvents {
    /** An inquiry was published (committed): its invited suppliers are told. */
    'inquiry.published': { inquiryId: number; inquiryNumber: string; title: string; deadline: string; supplierIds: number[]; senderId: number };
    /** A bargaining round was opened for some suppliers (committed). */
    'inquiry.bargaining': { inquiryId: number; inquiryNumber: string; title: string; deadline: string; supplierIds: number[]; senderId: number };
    /** An inquiry was awarded (committed): winners and losers are told; orders may follow from the price items. */
    'inquiry.awarded': { inquiryId: number; inquiryNumber: string; title: string; winnerIds: number[]; loserIds: number[]; senderId: number };
  }
}

export {};

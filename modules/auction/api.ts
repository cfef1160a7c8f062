// The auction module's domain events (raised after the commit of the transition that caused them).
declare module '../../server/events/domainEvents.js' {
  interface DomainEvents {
    /** An auction was published: its invited suppliers are told, watchers get a frame. */
    'auction.published': { auctionId: number };
    /** An auction was cancelled. */
    'auction.cancelled': { auctionId: number };
    /** An auction was awarded (auto by minimum price or chosen): results go to the invited suppliers. */
    'auction.awarded': { auctionId: number; supplierId: number; price: number };
  }
}

export {};

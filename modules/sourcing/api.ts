// What other modules may use of sourcing: the price library's writer (app.modules.api<SourcingApi>('sourcing'))
// and the events it raises (types only).
import type { Db } from '../../server/db/connect.js';
import type { NewPriceItem, PriceSourceType } from './server/priceItems.js';
import type { AwardedSupplier } from './server/awardRead.js';
import type { AwardedPriceItem, ValidPriceItem } from './server/priceReads.js';

export type { AwardedPriceItem, AwardedSupplier, NewPriceItem, PriceSourceType, ValidPriceItem };

export interface SourcingApi {
  /** Writes price items in the caller's transaction `db` (PGlite has one connection); returns their ids. */
  recordPriceItems(db: Db, items: readonly NewPriceItem[], userId: number): Promise<number[]>;
  /** The latest unit price of each material in a currency from the price library (null: none). */
  latestUnitPrices(db: Db, materialIds: readonly number[], currencyCode: string): Promise<Map<number, number | null>>;
  /** Per material, the item valid on `onDate` for the supplier and currency (missing: none valid). */
  validPriceItems(
    db: Db,
    q: { supplierId: number; currencyCode: string; onDate: string; materialIds: readonly number[] },
  ): Promise<Map<number, ValidPriceItem>>;
  /** The price items an award wrote, by the awarded inquiry's or auction's number (empty: no such award). */
  awardedPriceItems(db: Db, sourceNumber: string): Promise<AwardedPriceItem[]>;
  /** The default validity of an awarded price: today for one year (`yyyy-MM-dd`). */
  defaultValidity(db: Db): Promise<{ validFrom: string; validTo: string }>;
  /** Awarded inquiries' winners and the items each won (a contract is filled from one); newest first. */
  awards(db: Db, filter?: { inquiryId?: number; supplierId?: number }): Promise<AwardedSupplier[]>;
}

declare module '../../server/events/domainEvents.js' {
  interface DomainEvents {
    /** An inquiry was published (committed): its invited suppliers are told. */
    'inquiry.published': { inquiryId: number; inquiryNumber: string; title: string; deadline: string; supplierIds: number[]; senderId: number };
    /** A bargaining round was opened for some suppliers (committed). */
    'inquiry.bargaining': { inquiryId: number; inquiryNumber: string; title: string; deadline: string; supplierIds: number[]; senderId: number };
    /** The sealed quotes of an inquiry's round were formally opened (doBidOpening, committed): its invited suppliers are told. */
    'inquiry.bidsOpened': { inquiryId: number; inquiryNumber: string; title: string; openedAt: string; supplierIds: number[]; senderId: number };
    /** An inquiry was awarded (committed): winners and losers are told; orders may follow from the price items. */
    'inquiry.awarded': { inquiryId: number; inquiryNumber: string; title: string; winnerIds: number[]; loserIds: number[]; senderId: number };
  }
}

// What other modules may use of base data (types only; reached through app.modules.api('base')).
import type { Db } from '../../server/db/connect.js';

/** A material's unit (the code of lookup UOM) with its code and name. */
export interface MaterialUnit {
  materialId: number;
  materialCode: string;
  materialName: string;
  uomCode: string;
  enabled: boolean;
}

export interface BaseApi {
  /** The enabled rate from `currency` to CNY on the latest rate date not after `onDate` (1 for CNY); null
   *  when there is none. `db`: the caller's transaction or app.db. */
  rateToCny(db: Db, currency: string, onDate: string): Promise<number | null>;
  /** Which of these purchase categories exist and are enabled. */
  enabledCategoryIds(db: Db, ids: readonly number[]): Promise<number[]>;
  /** The enabled purchase categories, by code (at most 500): what a registrant may choose from. */
  enabledCategories(db: Db): Promise<{ categoryId: number; categoryCode: string; categoryName: string }[]>;
  /** The user leading an enabled purchase group; null when it has no leader (or is unknown or disabled). */
  purchaseGroupLeaderOf(db: Db, groupId: number): Promise<number | null>;
  /** The unit of each of these materials (those that exist), by material id. */
  materialUnits(db: Db, ids: readonly number[]): Promise<MaterialUnit[]>;
}

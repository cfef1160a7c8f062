export { createDataProvider, familyPath, cleanParams } from './dataProvider.js';
export type { DataProvider, ListQuery, ListResult, Row, RowKey, SortItem } from './dataProvider.js';
export {
  loadLookup,
  peekLookup,
  clearLookupCache,
  lookupMeaning,
  enabledValues,
  LOOKUP_STORAGE_KEY,
} from './lookupCache.js';
export type { LookupValue, LookupValuesService } from './lookupCache.js';
export { useLookups } from './useLookups.js';
export type { LookupMap } from './useLookups.js';

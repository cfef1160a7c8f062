// The SQL of a listByPage request: checked filters, checked sort, the page. Shared by the action and
// the bench, so that what is measured is what is served.
import { sql, type RawBuilder } from 'kysely';
import type { EntityDefinition } from '../../meta/definitions.js';
import { refuse } from '../errors.js';
import { filterConditions, whereClause, type Condition } from './filters.js';
import { selectColumns } from './records.js';
import { orderKeys, type OrderKey } from './orderKeys.js';
import { exactColumns, pageSql } from './keysetSql.js';

export interface ListRequest {
  params?: unknown;
  pageIndex?: unknown;
  pageRows?: unknown;
  sort?: unknown;
  /** The cursor of the previous page (`page.after`); read by listCursor.ts, not here. */
  after?: unknown;
}

export interface ListQuery {
  page: RawBuilder<Record<string, unknown>>;
  where: RawBuilder<unknown>;
  /** No condition at all (not even a row rule): the table's estimate may stand for the count. */
  unfiltered: boolean;
  pageIndex: number;
  pageRows: number;
  /** The order, key last: a row's values of these are its position (positionOf) for the next cursor. */
  keys: OrderKey[];
}

/** What a client may ask for in one page; server-side readers (Excel export) may read larger pages. */
export const MAX_PAGE_ROWS = 1000;

/**
 * `after`: the position (orderKeys' values) the page starts after — keyset paging, checked by
 * listCursor.ts; the page index then only numbers the page.
 * `only`: read just these fields (server-side readers that need a few columns of many rows, such as the
 * Excel export; every value read from the database costs). The rows then lack the other fields.
 */
export function listQuery(
  e: EntityDefinition,
  body: ListRequest,
  rowRules: Condition[] = [],
  maxPageRows = MAX_PAGE_ROWS,
  only?: ReadonlySet<string>,
  after?: readonly unknown[],
): ListQuery {
  const { params = {}, pageIndex = 1, pageRows = 20, sort } = body;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw refuse('rest.unknownFilter', { field: 'params' });
  if (
    !Number.isSafeInteger(pageIndex) ||
    !Number.isSafeInteger(pageRows) ||
    (pageIndex as number) < 1 ||
    (pageRows as number) < 1 ||
    (pageRows as number) > maxPageRows
  ) {
    throw refuse('rest.badPaging');
  }
  const conditions = [...filterConditions(e, params as Record<string, unknown>), ...rowRules];
  const keys = orderKeys(e, sort);
  const rows = pageRows as number;
  // The order's columns are always read: the next cursor is made of them.
  const read = only && new Set([...only, ...keys.map((k) => k.name)]);
  const select = sql.join([selectColumns(e, 't', read), ...exactColumns(keys)]);
  return {
    page: pageSql({ select, table: e.table, conditions, keys, after, rows, offset: after ? 0 : ((pageIndex as number) - 1) * rows }),
    where: whereClause(conditions),
    unfiltered: conditions.length === 0,
    pageIndex: pageIndex as number,
    pageRows: rows,
    keys,
  };
}

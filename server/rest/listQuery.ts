// The SQL of a listByPage request: checked filters, checked sort, the page. Shared by the action and
// the bench, so that what is measured is what is served.
import { sql, type RawBuilder } from 'kysely';
import { columnName, field, type EntityDefinition } from '../../meta/definitions.js';
import { refuse } from '../errors.js';
import { filterConditions, whereClause, type Condition } from './filters.js';
import { selectColumns } from './records.js';

interface SortItem {
  field: string;
  order?: 'asc' | 'desc';
}

export interface ListRequest {
  params?: unknown;
  pageIndex?: unknown;
  pageRows?: unknown;
  sort?: unknown;
}

export interface ListQuery {
  page: RawBuilder<Record<string, unknown>>;
  where: RawBuilder<unknown>;
  /** No condition at all (not even a row rule): the table's estimate may stand for the count. */
  unfiltered: boolean;
  pageIndex: number;
  pageRows: number;
}

function orderBy(e: EntityDefinition, sort: unknown) {
  const requested = sort === undefined ? (e.defaultSort ?? []) : (sort as SortItem[]);
  if (!Array.isArray(requested) || requested.length > 5) throw refuse('rest.unknownSort', { field: 'sort' });
  const order = requested.map((s) => {
    const f = s && typeof s.field === 'string' ? field(e, s.field) : undefined;
    if (!f || f.serverOnly || (s.order !== undefined && s.order !== 'asc' && s.order !== 'desc')) {
      throw refuse('rest.unknownSort', { field: typeof s?.field === 'string' ? s.field : JSON.stringify(s ?? null) });
    }
    return sql`${sql.ref(`t.${columnName(s.field)}`)} ${sql.raw(s.order === 'desc' ? 'desc' : 'asc')} nulls last`;
  });
  // The key last, so that equal sort values page in a stable order — unless the last sort field is
  // already unique and required (then the tie-break only makes deep pages sort twice).
  const last = requested.length ? field(e, requested[requested.length - 1].field) : undefined;
  if (!(last?.unique && last.required)) order.push(sql`${sql.ref(`t.${columnName(e.key)}`)} ${sql.raw(requested.length ? 'asc' : 'desc')}`);
  return order;
}

/** What a client may ask for in one page; server-side readers (Excel export) may read larger pages. */
export const MAX_PAGE_ROWS = 1000;

/**
 * `only`: read just these fields (server-side readers that need a few columns of many rows, such as the
 * Excel export; every value read from the database costs). The rows then lack the other fields.
 */
export function listQuery(e: EntityDefinition, body: ListRequest, rowRules: Condition[] = [], maxPageRows = MAX_PAGE_ROWS, only?: ReadonlySet<string>): ListQuery {
  const { params = {}, pageIndex = 1, pageRows = 20, sort } = body;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw refuse('rest.unknownFilter', { field: 'params' });
  if (!Number.isSafeInteger(pageIndex) || !Number.isSafeInteger(pageRows) || (pageIndex as number) < 1 || (pageRows as number) < 1 || (pageRows as number) > maxPageRows) {
    throw refuse('rest.badPaging');
  }
  const conditions = [...filterConditions(e, params as Record<string, unknown>), ...rowRules];
  const where = whereClause(conditions);
  const rows = pageRows as number;
  const offset = ((pageIndex as number) - 1) * rows;
  return {
    page: sql<Record<string, unknown>>`select ${selectColumns(e, 't', only)} from ${sql.table(e.table)} t ${where}
      order by ${sql.join(orderBy(e, sort))} limit ${rows} offset ${offset}`,
    where,
    unfiltered: conditions.length === 0,
    pageIndex: pageIndex as number,
    pageRows: rows,
  };
}

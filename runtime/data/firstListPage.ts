// The first page of a list page, asked as soon as the page is known instead of after it has drawn.
// A list page's first request used to go out from an effect, after React had rendered and committed the
// whole page (search form, toolbar, grid) and after the page's button permissions had come back: on a
// busy machine hundreds of milliseconds in which the network sat idle. The shell now starts the request
// when it opens the page (startFirstListPage) and hands the answer to the list page (PageProps
// `firstPage`), which uses it if its own first request is exactly this one (firstListQuery).
import type { EntityDefinition, PageDefinition } from '../definitions.js';
import type { RuntimeEnv } from '../env.js';
import { createDataProvider, type ListQuery, type ListResult, type Row } from './dataProvider.js';

/** What a list page asks first: its fixed search params, default sort, page size, no cursor. */
export function firstListQuery(page: PageDefinition): ListQuery | undefined {
  const grid = page.grid;
  if (page.kind !== 'list' || !grid || grid.isAutoRequest === false) return undefined;
  return {
    params: { ...(grid.searchParams ?? {}) },
    pageIndex: 1,
    pageRows: grid.pageSize ?? 20,
    sort: grid.defaultSort?.map((s) => ({ field: s.field, order: s.order ?? 'asc' })),
    action: grid.api ?? page.listAction,
    after: undefined,
  };
}

export interface FirstListPage {
  query: ListQuery;
  result: Promise<ListResult<Row>>;
}

export function startFirstListPage(page: PageDefinition, entity: EntityDefinition, env: Pick<RuntimeEnv, 'api'>): FirstListPage | undefined {
  const query = firstListQuery(page);
  if (!query || entity.kind === 'line' || entity.kind === 'system') return undefined;
  const result = createDataProvider(env, entity).list(query);
  // Reported by the page that takes it; a page that never takes it (closed at once) reports nothing.
  result.catch(() => undefined);
  return { query, result };
}

/** The started answer if `query` is the same request, else undefined (the page asks itself). */
export function sameFirstListPage(first: FirstListPage | undefined, query: ListQuery): Promise<ListResult<Row>> | undefined {
  return first && JSON.stringify(first.query) === JSON.stringify(query) ? first.result : undefined;
}

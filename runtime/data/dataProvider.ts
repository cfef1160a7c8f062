// One provider per endpoint family (refine's data-provider shape), everything through env.api.
import type { EntityDefinition } from '../definitions.js';
import type { Envelope, RuntimeEnv } from '../env.js';

export type Row = Record<string, unknown>;
export type RowKey = string | number;
export interface SortItem {
  field: string;
  order: 'asc' | 'desc';
}

export interface ListQuery {
  params?: Record<string, unknown>;
  pageIndex: number;
  pageRows: number;
  sort?: SortItem[];
  /** A declared list variant (listByPageByPermission …) instead of listByPage. */
  action?: string;
  /** The previous page's `after` cursor: the server reads on from its last row (keyset paging). */
  after?: string;
}

export interface ListResult<T> {
  rows: T[];
  total: number;
  pageIndex: number;
  pageRows: number;
  estimated: boolean;
  /** Cursor of the next page; absent after the list's last row. */
  after?: string;
}

export interface DataProvider<T extends Row = Row> {
  readonly entity: EntityDefinition;
  path(action: string): string;
  list(query: ListQuery): Promise<ListResult<T>>;
  findById(id: RowKey): Promise<T>;
  saveOrUpdate(record: T): Promise<T>;
  /** With the row's versionNum, a row someone changed meanwhile is not deleted (the server refuses it as stale). */
  remove(id: RowKey, versionNum?: unknown): Promise<void>;
  batchRemove(ids: RowKey[], versionNums?: unknown[]): Promise<void>;
  /** A declared status transition or any other do{Action}: body `{id, versionNum, …extra}`. */
  transition(action: string, id: RowKey, versionNum: unknown, extra?: Row): Promise<T>;
  /** Escape hatch for family actions the provider does not name. */
  call<R>(action: string, body: unknown): Promise<Envelope<R>>;
}

export function familyPath(entity: Pick<EntityDefinition, 'area' | 'name'>, action: string): string {
  return `${entity.area}/v1/${entity.name}Restful/${action}`;
}

// A cleared search box must not filter (decisions.md "listByPage": empty strings and null are ignored);
// dropping them here keeps the request readable in logs too.
export function cleanParams(params: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
  return out;
}

export function createDataProvider<T extends Row = Row>(env: Pick<RuntimeEnv, 'api'>, entity: EntityDefinition): DataProvider<T> {
  if (entity.kind === 'line' || entity.kind === 'system') {
    throw new Error(`Entity "${entity.name}" has no REST family (kind ${entity.kind})`);
  }
  const path = (action: string) => familyPath(entity, action);
  const call = <R>(action: string, body: unknown) => env.api<R>(path(action), body);
  return {
    entity,
    path,
    call,
    async list({ params, pageIndex, pageRows, sort, action, after }) {
      const body: Record<string, unknown> = { params: cleanParams(params), pageIndex, pageRows };
      if (sort && sort.length > 0) body.sort = sort;
      if (after) body.after = after;
      const res = await call<T[]>(action ?? 'listByPage', body);
      const rows = Array.isArray(res.data) ? res.data : [];
      return {
        rows,
        total: res.page?.count ?? rows.length,
        pageIndex: res.page?.curIndex ?? pageIndex,
        pageRows: res.page?.pageRows ?? pageRows,
        estimated: res.page?.estimated === true,
        ...(typeof res.page?.after === 'string' ? { after: res.page.after } : {}),
      };
    },
    async findById(id) {
      return (await call<T>('findById', { id })).data;
    },
    async saveOrUpdate(record) {
      return (await call<T>('saveOrUpdate', record)).data;
    },
    async remove(id, versionNum) {
      await call<null>('delete', typeof versionNum === 'number' ? { id, versionNum } : { id });
    },
    async batchRemove(ids, versionNums) {
      const known = versionNums && versionNums.length === ids.length && versionNums.every((v) => typeof v === 'number');
      await call<null>('doBatchDelete', known ? { ids, versionNums } : { ids });
    },
    async transition(action, id, versionNum, extra) {
      return (await call<T>(action, { ...extra, id, versionNum })).data;
    },
  };
}

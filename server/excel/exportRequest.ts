// The export request of CONTRACT.md "Files and Excel", checked before a byte of the file is sent:
// requestUrl must be a list action of a known family (listByPage or one of its declared list variants,
// whose own row rules the export then applies); columns must name its fields.
import { isFamily, type EntityDefinition } from '../../meta/definitions.js';
import { declaredOperations } from '../../meta/crossCheck.js';
import type { AppContext } from '../context.js';
import { refuse } from '../errors.js';
import { sanitiseFileName } from '../files/names.js';
import { familyPrefixes } from '../rest/registerFamilies.js';
import type { ListRequest } from '../rest/listQuery.js';
import { resolveColumns, type ExportColumn, type RequestedColumn } from './columns.js';
import type { Language } from '../i18n/messages.js';

/** SPEC §9: sheet rows 50000 by default, 20001 in the paged variants; export page rows 20000. */
export const DEFAULT_SHEET_MAX_ROW = 50_000;
export const PAGED_SHEET_MAX_ROW = 20_001;
export const PAGED_ROWS = 20_000;
export const DEFAULT_FILE_NAME = 'DefaultExportCsv';
/**
 * The list actions of a family a requestUrl may end with — the same a grid's `api` may name
 * (meta/crossCheck.ts): listByPage, the declared list variants and the declared read operations named
 * listByPage… (they answer listByPage's shape).
 */
export function listActionsOf(e: EntityDefinition): Set<string> {
  return new Set(['listByPage', ...declaredOperations(e, 'read').filter((a) => a.startsWith('listByPage'))]);
}

export interface ExportRequest {
  entity: EntityDefinition;
  /** The list action the rows are read through (the grid's `api`): the caller must be allowed it. */
  action: string;
  /** The list body every page is read with (params and sort, exactly as listByPage takes them). */
  list: { params: Record<string, unknown>; sort?: unknown };
  columns: ExportColumn[];
  fileName: string;
  sheetMaxRow: number;
  /** Paged variant: only rows of this page of `pageRows`. */
  range?: { pageIndex: number; pageRows: number };
  customParams?: Record<string, unknown>;
}

function jsonValue(raw: unknown, what: string): unknown {
  if (typeof raw !== 'string') return raw;
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw refuse('error.malformed', { detail: what });
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The family and list action a requestUrl names: `/api/{area}/v1/{name}Restful/{listAction}` (also without `/api`). */
export function listActionOfUrl(app: AppContext, url: unknown): { entity: EntityDefinition; action: string } {
  if (typeof url !== 'string' || !url.trim()) throw refuse('excel.urlAndColumnsRequired');
  const path = url
    .trim()
    .split('?')[0]
    .replace(/^https?:\/\/[^/]+/i, '')
    .replace(/^\/*/, '/')
    .replace(/^\/(?!api\/)/, '/api/');
  const slash = path.lastIndexOf('/');
  const prefix = path.slice(0, slash);
  const action = path.slice(slash + 1);
  for (const e of app.defs.entities.values()) {
    if (!isFamily(e)) continue;
    if (familyPrefixes(e).includes(prefix)) {
      if (!listActionsOf(e).has(action)) throw refuse('excel.notListUrl', { url: path });
      return { entity: e, action };
    }
  }
  throw refuse('excel.unknownUrl', { url: path.slice(0, 200) });
}

/** The family a requestUrl names (import target: any list action of the family names it). */
export function familyOfUrl(app: AppContext, url: unknown): EntityDefinition {
  return listActionOfUrl(app, url).entity;
}

function positiveInt(raw: unknown, what: string): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw refuse('error.malformed', { detail: what });
  return n;
}

/** Everything checked except permissions (the caller asks the ACL for `entity`). */
export function parseExportRequest(app: AppContext, body: Record<string, unknown>, lang: Language): ExportRequest {
  const rawColumns = jsonValue(body.columns, 'columns');
  if (!body.requestUrl || !Array.isArray(rawColumns) || rawColumns.length === 0) throw refuse('excel.urlAndColumnsRequired');
  const { entity, action } = listActionOfUrl(app, body.requestUrl);
  const rp = jsonValue(body.requestParams, 'requestParams') ?? {};
  if (!isObject(rp)) throw refuse('error.malformed', { detail: 'requestParams' });
  // requestParams is either the list body ({params, sort, pageIndex, pageRows}) or the params themselves.
  const listBody: ListRequest = isObject(rp.params) ? rp : { params: rp };
  const params = Object.fromEntries(Object.entries(listBody.params as Record<string, unknown>).filter(([k]) => k !== 'pageIndex' && k !== 'pageRows'));
  const pageIndex = positiveInt(body.pageIndex ?? listBody.pageIndex ?? rp.pageIndex, 'pageIndex');
  const pageRows = positiveInt(body.pageRows ?? listBody.pageRows ?? rp.pageRows, 'pageRows');
  const range = pageIndex !== undefined ? { pageIndex, pageRows: Math.min(pageRows ?? PAGED_ROWS, PAGED_ROWS) } : undefined;
  const sheetMaxRow = positiveInt(body.sheetMaxRow, 'sheetMaxRow') ?? (range ? PAGED_SHEET_MAX_ROW : DEFAULT_SHEET_MAX_ROW);
  if (sheetMaxRow < 2 || sheetMaxRow > 1_048_576) throw refuse('excel.badSheetMaxRow');
  const customParams = jsonValue(body.customParams, 'customParams');
  if (customParams !== undefined && !isObject(customParams)) throw refuse('error.malformed', { detail: 'customParams' });
  const name = typeof body.fileName === 'string' && body.fileName.trim() ? body.fileName.trim().replace(/\.xlsx$/i, '') : DEFAULT_FILE_NAME;
  return {
    entity,
    action,
    // The custom variant's customParams are further list filters, checked like any other params.
    list: { params: { ...params, ...(customParams as Record<string, unknown> | undefined) }, sort: listBody.sort },
    columns: resolveColumns(app, entity, rawColumns as RequestedColumn[], lang),
    fileName: `${sanitiseFileName(name).slice(0, 150)}.xlsx`,
    sheetMaxRow,
    range,
    customParams: customParams as Record<string, unknown> | undefined,
  };
}

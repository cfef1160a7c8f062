// Calls of the developer tools screens (server/devtools/routes.ts, docs/designer-api.md).
import type { RuntimeEnv } from '../../../runtime/env';
import type { ColumnRow, TableDetail, TableRow } from '../../../meta/catalog';
import { saveBlob } from '../../../runtime/attachments/api';

export type { ColumnRow, TableDetail, TableRow };

export interface GeneratedFile {
  fileName: string;
  content: object;
}

export interface Generated {
  entity: GeneratedFile;
  list: GeneratedFile;
  edit: GeneratedFile;
  errors: { path: string; message: string }[];
}

export interface EndpointRow {
  method: string;
  path: string;
  summary: string;
  area: string;
  family: string;
}

export interface RegisteredApi {
  apiId: number;
  source: string;
  method: string;
  path: string;
  summary: string | null;
  requestSchema: string | null;
  responseSchema: string | null;
  creationDate: string;
}

export interface Paged<T> {
  rows: T[];
  count: number;
}

const TOOLS = 'baseServer/v1/baseDevtoolsRestful';
const API = 'baseServer/v1/baseApiRegistryRestful';

async function paged<T>(env: RuntimeEnv, path: string, body: object): Promise<Paged<T>> {
  const a = await env.api<T[]>(path, body);
  return { rows: a.data ?? [], count: a.page?.count ?? 0 };
}

export const devtoolsApi = (env: RuntimeEnv) => ({
  tables: (tableName: string, pageIndex: number, pageRows: number) =>
    paged<TableRow>(env, `${TOOLS}/databaseList`, { params: { tableName }, pageIndex, pageRows }),
  table: async (tableName: string) => (await env.api<TableDetail>(`${TOOLS}/databaseDetail`, { tableName })).data,
  generate: async (tableName: string, entityName: string, module: string) =>
    (await env.api<Generated>(`${TOOLS}/generateFromTable`, { tableName, entityName: entityName || undefined, module: module || undefined })).data,
  /** The three generated files in one zip, as the server builds it. */
  downloadAll: async (tableName: string, entityName: string, module: string) => {
    if (!env.download) throw new Error('download unavailable');
    return env.download(`${TOOLS}/downloadGenerated`, { body: { tableName, entityName: entityName || undefined, module: module || undefined, file: 'all' } });
  },
  endpoints: (keyword: string, area: string, pageIndex: number, pageRows: number) =>
    paged<EndpointRow>(env, `${API}/listEndpoints`, { params: { keyword, area }, pageIndex, pageRows }),
  importDocument: async (source: string, document: string) =>
    (await env.api<{ imported: number; source: string }>(`${API}/importDocument`, { source, document })).data,
  registered: (keyword: string, pageIndex: number, pageRows: number) =>
    paged<RegisteredApi>(env, `${API}/listRegistered`, { params: { keyword }, pageIndex, pageRows }),
  deleteSource: async (source: string) => void (await env.api<null>(`${API}/deleteSource`, { source })),
});

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Saves a JSON text as a file in the browser (no server round trip: the content is already here). */
export function saveJson(fileName: string, content: object): void {
  saveBlob(new Blob([JSON.stringify(content, null, 2) + '\n'], { type: 'application/json' }), fileName.split('/').pop() ?? fileName);
}

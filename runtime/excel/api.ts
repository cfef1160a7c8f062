// The exportServer calls of the Excel toolbar buttons and the "My exports" page (docs/excel.md).
import type { EntityDefinition, Grid } from '../definitions.js';
import type { RuntimeEnv } from '../env.js';
import { familyPath, type SortItem } from '../data/dataProvider.js';
import { findField, resolveText } from '../text/resolveText.js';
import { leafColumns } from '../grid/config.js';

export const EXCEL_ENDPOINTS = {
  exportExcel: 'exportServer/v1/exportExcelRestful/exportExcel',
  doBackExport: 'exportServer/v1/exportExcelRestful/doBackExport',
  listMyExports: 'exportServer/v1/exportExcelRestful/listMyExports',
  template: 'exportServer/v1/importExcelRestful/downloadImportTemplate',
  importExcel: 'exportServer/v1/importExcelRestful/importExcel',
  download: 'fileServer/v2/file/download',
} as const;

export type ExportMode = 'all' | 'paged' | 'custom' | 'background';

/** SPEC §9: default file name and the sheet rows of the paged variant. */
export const DEFAULT_EXPORT_NAME = 'DefaultExportCsv';
export const PAGED_SHEET_MAX_ROW = 20001;

export interface ExportColumnRequest {
  key: string;
  title?: string;
  lookup?: { typeCode: string };
  precision?: number;
  showThousandSeparator?: boolean;
  width?: number;
}

export interface ListState {
  /** The list action the grid loads through (grid.api / page.listAction): the export reads the same rows. */
  action?: string;
  params: Record<string, unknown>;
  sort?: SortItem[];
  pageIndex: number;
  pageRows: number;
}

/** The visible columns as the export takes them: titles resolved in the user's language. */
export function exportColumns(grid: Grid, entity: EntityDefinition, env: Pick<RuntimeEnv, 't' | 'language'>): ExportColumnRequest[] {
  return leafColumns(grid.columns)
    .filter((c) => c.isShow !== false && c.columnsDisplay !== 'N' && findField(entity, c.key) !== undefined)
    .map((c) => ({
      key: c.key,
      ...(c.title !== undefined ? { title: resolveText(c.title, env, c.key) } : {}),
      ...(c.lookup?.typeCode ? { lookup: { typeCode: c.lookup.typeCode } } : {}),
      ...(c.precision !== undefined ? { precision: c.precision } : {}),
      ...(c.showThousandSeparator === false ? { showThousandSeparator: false } : {}),
      ...(c.width !== undefined ? { width: c.width } : {}),
    }));
}

/** The exportExcel body of CONTRACT.md for one mode of the Export menu. */
export function exportRequest(
  mode: ExportMode,
  grid: Grid,
  entity: EntityDefinition,
  env: Pick<RuntimeEnv, 't' | 'language'>,
  list: ListState,
): Record<string, unknown> {
  const cfg = grid.export ?? {};
  const body: Record<string, unknown> = {
    // The grid's own list action: a ByPermission list exports with its permit rules (the server applies them).
    requestUrl: `/api/${familyPath(entity, list.action ?? 'listByPage')}`,
    requestParams: { params: list.params, ...(list.sort?.length ? { sort: list.sort } : {}) },
    columns: exportColumns(grid, entity, env),
    fileName: cfg.fileName ?? DEFAULT_EXPORT_NAME,
    sheetMaxRow: cfg.sheetMaxRow ?? (mode === 'paged' ? PAGED_SHEET_MAX_ROW : 50000),
  };
  if (mode === 'paged') Object.assign(body, { pageIndex: list.pageIndex, pageRows: list.pageRows });
  if (mode === 'custom') body.customParams = cfg.customParams ?? {};
  if (mode === 'background') body.backExportParam = true;
  return body;
}

// Grid/Column config → a resolved column model (pure; the DataGrid and the tests both use it).
import type { Column, EntityDefinition, Field, Grid } from '../definitions.js';
import type { RuntimeEnv } from '../env.js';
import { fieldLabel, findField } from '../text/resolveText.js';

export const INDEX_WIDTH = 70;
export const SELECTION_WIDTH = 40;
export const DEFAULT_OPERATE_WIDTH = 80;
export const DEFAULT_WIDTH = 120;
export const PAGE_SIZES = [20, 50, 100, 200, 500] as const;

export interface ColumnModel {
  key: string;
  title: string;
  width: number;
  align: 'left' | 'center' | 'right';
  cellType: string;
  fixedLeft: boolean;
  sortable: boolean;
  column: Column;
  field: Field | undefined;
  lookupType: string | undefined;
  /** Record property shown instead of the code (references: `{key}Display`). */
  displayKey: string | undefined;
  /** Entity a reference field points at (editing searches its listByPage). */
  references: string | undefined;
  precision: number | undefined;
  thousands: boolean;
  isSummary: boolean;
  required: boolean;
}

function defaultCellType(field: Field | undefined): string {
  if (!field) return 'text';
  if (field.lookup || field.references) return 'lookup';
  switch (field.type) {
    case 'decimal':
    case 'integer':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'yn':
      return 'checkbox';
    case 'attachments':
      return 'upload';
    default:
      return 'text';
  }
}

const RIGHT_ALIGNED = new Set(['number', 'price', 'amount']);
const CENTERED = new Set(['checkbox', 'date', 'datetime']);

function defaultPrecision(cellType: string, column: Column, field: Field | undefined): number | undefined {
  if (column.precision !== undefined) return column.precision;
  if (cellType === 'amount' || cellType === 'price') return field?.scale ?? 2;
  return undefined;
}

export function toColumnModel(column: Column, entity: EntityDefinition, env: Pick<RuntimeEnv, 't' | 'language'>): ColumnModel {
  const field = findField(entity, column.key);
  const cellType = column.cellType ?? defaultCellType(field);
  // SPEC §8: an upload column must say where its files go and what they may be.
  if (cellType === 'upload' && !column.attachmentConfig) throw new Error('Table column is not setting attachmentConfig');
  const references = field?.references;
  const numeric = RIGHT_ALIGNED.has(cellType);
  return {
    key: column.key,
    title: fieldLabel(entity, column.key, env, column.title),
    width: column.width ?? DEFAULT_WIDTH,
    align: column.align ?? (numeric ? 'right' : CENTERED.has(cellType) ? 'center' : 'left'),
    cellType,
    fixedLeft: column.fixed === 'left',
    sortable: column.sortable === true,
    column,
    field,
    lookupType: column.lookup?.typeCode ?? field?.lookup,
    displayKey: column.displayKey ?? (references ? `${column.key}Display` : undefined),
    references,
    precision: defaultPrecision(cellType, column, field),
    // SPEC §5: thousands-separator formatting is on by default for number cells.
    thousands: column.showThousandSeparator !== false,
    isSummary: column.isSummary === true,
    required: column.validate?.required === true || field?.required === true,
  };
}

/** Visible columns, fixed-left ones first (glide freezes a leading block only). */
export function buildColumnModels(grid: Grid, entity: EntityDefinition, env: Pick<RuntimeEnv, 't' | 'language'>): ColumnModel[] {
  const visible = grid.columns.filter((c) => c.isShow !== false && c.columnsDisplay !== 'N');
  const models = visible.map((c) => toColumnModel(c, entity, env));
  return [...models.filter((m) => m.fixedLeft), ...models.filter((m) => !m.fixedLeft)];
}

export function showsSummary(grid: Grid): boolean {
  return grid.showSummary === true || grid.columns.some((c) => c.isSummary === true);
}

export function pageSizeOptions(configured: number | undefined): number[] {
  const sizes: number[] = [...PAGE_SIZES];
  if (configured === 1000) sizes.push(1000);
  return sizes;
}

export function lookupTypesOf(models: readonly ColumnModel[]): string[] {
  return [...new Set(models.map((m) => m.lookupType).filter((x): x is string => x !== undefined))];
}

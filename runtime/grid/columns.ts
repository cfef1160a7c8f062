// Grid/Column config → a resolved column model (pure; the DataGrid and the tests both use it).
import type { Column, EntityDefinition, Field, Grid } from '../definitions.js';
import type { RuntimeEnv } from '../env.js';
import { fieldLabel, findField, resolveText } from '../text/resolveText.js';
import { cellTypeOf, columnGroups, fixedOf, leafColumns } from './config.js';

export const INDEX_WIDTH = 70;
export const SELECTION_WIDTH = 40;
export const DEFAULT_OPERATE_WIDTH = 80;
export const EXPAND_WIDTH = 30;
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
  /** Footer aggregate: sum (isSummary true/"sum") or mean ("avg"). */
  summary: 'sum' | 'avg' | undefined;
  required: boolean;
  /** fixed/fixedStyle right: drawn in the DOM strip at the right edge with the operate column. */
  fixedRight: boolean;
  resizable: boolean;
  ellipsis: boolean;
  tooltip: boolean;
  /** colGroup header above this column. */
  group: string | undefined;
  placeholder: string | undefined;
  /** showIcon: the two values and whether the false one shows an icon. */
  trueValue: string;
  falseValue: string;
  /** column.options with labels in the user's language (type cells). */
  options: { value: string | number; label: string; color?: string; disabled?: boolean }[];
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

export function toColumnModel(column: Column, entity: EntityDefinition, env: Pick<RuntimeEnv, 't' | 'language'>, group?: Column): ColumnModel {
  const field = findField(entity, column.key);
  const cellType = cellTypeOf(column) ?? defaultCellType(field);
  const references = field?.references;
  const numeric = RIGHT_ALIGNED.has(cellType);
  const fixed = fixedOf(column);
  return {
    key: column.key,
    title: fieldLabel(entity, column.key, env, column.title),
    width: column.width ?? (cellType === 'tableOperate' ? DEFAULT_OPERATE_WIDTH : DEFAULT_WIDTH),
    align: column.align ?? (numeric || cellType === 'compute' ? 'right' : CENTERED.has(cellType) ? 'center' : 'left'),
    cellType,
    fixedLeft: fixed === 'left',
    sortable: column.sortable === true,
    column,
    field,
    lookupType: column.lookup?.typeCode ?? field?.lookup,
    displayKey: column.displayKey ?? (references ? `${column.key}Display` : undefined),
    references,
    // A computed value is rounded to 2 places unless the expression says otherwise (compute.ts): cells and footer show as many.
    precision: column.computedEvent ? (column.computedEvent.precision ?? 2) : defaultPrecision(cellType, column, field),
    // SPEC §5: thousands-separator formatting is on by default for number cells.
    thousands: column.showThousandSeparator !== false,
    isSummary: column.isSummary === true || column.isSummary === 'sum' || column.isSummary === 'avg',
    summary: column.isSummary === 'avg' ? 'avg' : column.isSummary === true || column.isSummary === 'sum' ? 'sum' : undefined,
    required: column.validate?.required === true || (field?.required === true && field.type !== 'id'),
    fixedRight: fixed === 'right',
    resizable: column.resizable !== false,
    ellipsis: column.ellipsis !== false,
    tooltip: column.tooltip === true,
    group: group ? resolveText(group.title, env, group.key) : undefined,
    placeholder: column.placeholder === undefined ? undefined : resolveText(column.placeholder, env),
    trueValue: column.showIcon?.trueValue ?? 'Y',
    falseValue: column.showIcon?.falseValue ?? 'N',
    options: (column.options ?? []).map((o) => ({ value: o.value, label: resolveText(o.label, env, String(o.value)), color: o.color, disabled: o.disabled })),
  };
}

/** Visible data columns (colGroup children flattened), fixed-left ones first (glide freezes a leading block only). */
export function buildColumnModels(grid: Grid, entity: EntityDefinition, env: Pick<RuntimeEnv, 't' | 'language'>): ColumnModel[] {
  const groups = columnGroups(grid.columns);
  const visible = leafColumns(grid.columns).filter((c) => c.isShow !== false && c.columnsDisplay !== 'N' && cellTypeOf(c) !== 'tableOperate');
  const models = visible.map((c) => toColumnModel(c, entity, env, groups.get(c.key)));
  return [...models.filter((m) => m.fixedLeft), ...models.filter((m) => !m.fixedLeft)];
}

export function showsSummary(grid: Grid): boolean {
  return grid.showSummary === true || leafColumns(grid.columns).some((c) => c.isSummary !== undefined && c.isSummary !== false);
}

export function pageSizeOptions(configured: number | undefined): number[] {
  const sizes: number[] = [...PAGE_SIZES];
  if (configured === 1000) sizes.push(1000);
  return sizes;
}

export function lookupTypesOf(models: readonly ColumnModel[]): string[] {
  return [...new Set(models.map((m) => m.lookupType).filter((x): x is string => x !== undefined))];
}

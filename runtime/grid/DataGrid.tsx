// THE grid: glide-data-grid (canvas) driven by the page schema's Grid/Column config. Rows are controlled
// by the caller; edits come back through onRowsChange.
import '@glideapps/glide-data-grid/dist/index.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  CompactSelection,
  DataEditor,
  GridCellKind,
  type EditableGridCell,
  type GridColumn,
  type GridSelection,
  type Item,
  type Rectangle,
} from '@glideapps/glide-data-grid';
import { Spin } from '@arco-design/web-react';
import type { Action, EntityDefinition, Grid } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import type { Row, SortItem } from '../data/dataProvider.js';
import { useLookups } from '../data/useLookups.js';
import { cellTypes } from '../registry/index.js';
import { getCell } from './cells.js';
import { buildColumnModels, DEFAULT_OPERATE_WIDTH, INDEX_WIDTH, lookupTypesOf, pageSizeOptions, showsSummary } from './columns.js';
import { editorFor, isCellEditable } from './editable.js';
import { AttachmentCellDialog } from '../attachments/registration.js';
import type { ColumnModel } from './columns.js';
import { CellEditor, EditorContext, type EditorContextValue } from './editors.js';
import { buildLayout, HEADER_HEIGHT, ROW_HEIGHT } from './layout.js';
import { OperateColumn } from './OperateColumn.js';
import { Pager } from './Pager.js';
import { checkRenderer, editRenderer, isCheckCell, isEditCell } from './renderers.js';
import { nextSort, sortMark } from './sort.js';
import { gridTheme } from './theme.js';

export interface DataGridPaging {
  page: number;
  pageSize: number;
  total: number;
  onChange(page: number, pageSize: number): void;
}

export interface DataGridProps {
  /** Test hook: the container gets data-testid="grid-{name}". */
  name: string;
  grid: Grid;
  entity: EntityDefinition;
  /** Targets of reference fields (editing searches their listByPage). */
  entities?: Readonly<Record<string, EntityDefinition>>;
  rows: readonly Row[];
  loading?: boolean;
  /** Omit for unpaged grids (edit-page lines). */
  paging?: DataGridPaging;
  sort?: readonly SortItem[];
  onSort?(sort: SortItem[]): void;
  /** Selected row indexes of `rows`. */
  selected?: readonly number[];
  onSelectionChange?(indexes: number[]): void;
  onRowAction?(action: Action, row: Row, rowIndex: number): void;
  onRowsChange?(rows: Row[]): void;
  /** View mode: grid.isEdit is ignored. */
  readOnly?: boolean;
  height?: number;
}

function ensurePortal(): void {
  // glide 6.0.3 opens overlay editors in #portal (portalElementRef arrived in a later release).
  if (typeof document === 'undefined' || document.getElementById('portal')) return;
  const div = document.createElement('div');
  div.id = 'portal';
  document.body.appendChild(div);
  // Full-viewport but click-through: Arco popups placed in the overlay (see editors.tsx) measure
  // their container to stay on screen, and a zero-size container would pin them to the left edge.
  const style = document.createElement('style');
  style.textContent = '#portal{position:fixed;left:0;top:0;width:100vw;height:100vh;pointer-events:none;z-index:1050}#portal>*{pointer-events:auto}';
  document.head.appendChild(style);
}

const emptySelection: GridSelection = { columns: CompactSelection.empty(), rows: CompactSelection.empty() };

export function DataGrid(props: DataGridProps) {
  const { name, grid, entity, entities, rows, loading, paging, sort = [], onSort, selected = [], onSelectionChange, onRowAction, onRowsChange, readOnly = false } = props;
  const env = useRuntimeEnv();
  useEffect(ensurePortal, []);

  const models = useMemo(() => buildColumnModels(grid, entity, env), [grid, entity, env]);
  const types = useMemo(() => models.map((m) => cellTypes.get(m.cellType)), [models]);
  const lookups = useLookups(useMemo(() => lookupTypesOf(models), [models]));
  const showIndex = grid.showIndex !== false;
  const selection = grid.selection === true;
  const summary = showsSummary(grid);
  const rowActions = grid.rowActions ?? [];
  const page = paging?.page ?? 1;
  const pageSize = paging?.pageSize ?? rows.length;

  const columns = useMemo<GridColumn[]>(() => {
    const cols: GridColumn[] = [];
    if (showIndex) cols.push({ id: '-index', title: env.t('grid.index'), width: INDEX_WIDTH });
    for (const m of models) {
      const mark = m.required && grid.isEdit && !readOnly && m.column.validate?.customizeHead !== true ? '* ' : '';
      cols.push({ id: m.key, title: `${mark}${m.title}${sortMark(sort, m.key)}`, width: m.width });
    }
    return cols;
  }, [models, showIndex, sort, env, grid.isEdit, readOnly]);
  const freezeColumns = (showIndex ? 1 : 0) + models.filter((m) => m.fixedLeft).length;
  const layout = useMemo(
    () => buildLayout(columns.map((c) => ({ key: String(c.id), width: (c as { width: number }).width })), freezeColumns, selection),
    [columns, freezeColumns, selection],
  );

  const totalLabel = env.t('grid.total');
  const getCellContent = useCallback(
    ([col, row]: Item) => getCell({ grid, models, types, showIndex, rows, lookups, page, pageSize, readOnly, summary, totalLabel }, col, row),
    [grid, models, types, showIndex, rows, lookups, page, pageSize, readOnly, summary, totalLabel],
  );

  const gridSelection = useMemo<GridSelection>(() => {
    let s = CompactSelection.empty();
    for (const i of selected) s = s.add(i);
    return { ...emptySelection, rows: s };
  }, [selected]);
  const [cellSelection, setCellSelection] = useState<GridSelection['current']>(undefined);
  const onGridSelectionChange = useCallback(
    (next: GridSelection) => {
      setCellSelection(next.current);
      const indexes = next.rows.toArray().filter((i) => i < rows.length);
      if (indexes.join() !== selected.join()) onSelectionChange?.(indexes);
    },
    [rows.length, selected, onSelectionChange],
  );

  const writeRow = useCallback(
    (rowIndex: number, patch: Row) => {
      if (!onRowsChange || rowIndex >= rows.length) return;
      onRowsChange(rows.map((r, i) => (i === rowIndex ? { ...r, ...patch } : r)));
    },
    [rows, onRowsChange],
  );

  const modelAt = (col: number) => models[col - (showIndex ? 1 : 0)];

  const onCellEdited = useCallback(
    ([col, row]: Item, value: EditableGridCell) => {
      const model = modelAt(col);
      if (!model || !isEditCell(value)) return;
      const patch: Row = { [model.key]: value.data.value };
      if (model.displayKey && value.data.displayValue !== undefined) patch[model.displayKey] = value.data.displayValue;
      writeRow(row, patch);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [models, showIndex, writeRow],
  );

  // Upload cells (SPEC §8 cell type upload) open the attachment widget in a dialog, editable or not.
  const [attachmentAt, setAttachmentAt] = useState<{ row: number; model: ColumnModel } | null>(null);
  const onCellClicked = useCallback(
    ([col, row]: Item) => {
      const cell = getCellContent([col, row]);
      const model = modelAt(col);
      if (model && isCheckCell(cell) && cell.data.editable) writeRow(row, { [model.key]: cell.data.checked ? 'N' : 'Y' });
      if (model?.cellType === 'upload' && row < rows.length) setAttachmentAt({ row, model });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [getCellContent, models, showIndex, writeRow],
  );

  const onHeaderClicked = useCallback(
    (col: number) => {
      const model = modelAt(col);
      if (model?.sortable && onSort) onSort(nextSort(sort, model.key));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [models, showIndex, sort, onSort],
  );

  const editorContext = useMemo<EditorContextValue>(
    () => ({
      models: new Map(models.map((m, i) => [m.key, { model: m, editor: editorFor(m, types[i].editor) }])),
      lookups,
      entities: entities ?? {},
    }),
    [models, types, lookups, entities],
  );

  const [region, setRegion] = useState({ first: 0, count: 20, ty: 0 });
  const onVisibleRegionChanged = useCallback((range: Rectangle, _tx: number, ty: number) => {
    setRegion((r) => (r.first === range.y && r.count === range.height && r.ty === ty ? r : { first: range.y, count: range.height, ty }));
  }, []);

  const bodyRows = rows.length + (summary ? 1 : 0);
  const height = props.height ?? (typeof grid.height === 'number' ? grid.height : Math.min(HEADER_HEIGHT + Math.max(bodyRows, 3) * ROW_HEIGHT + 18, 560));
  const operateWidth = grid.operateWidth ?? DEFAULT_OPERATE_WIDTH;

  return (
    <div className="srm-data-grid" data-testid={`grid-${name}`} data-layout={JSON.stringify(layout)}>
      <EditorContext.Provider value={editorContext}>
        <Spin loading={loading === true} style={{ display: 'block' }}>
          <div style={{ border: '1px solid #e5e6eb', borderRadius: 2 }}>
            <DataEditor
              width="100%"
              height={height}
              columns={columns}
              rows={bodyRows}
              getCellContent={getCellContent}
              getCellsForSelection
              customRenderers={[checkRenderer, editRenderer]}
              provideEditor={(cell) => (isEditCell(cell) ? { editor: CellEditor, disablePadding: true } : undefined)}
              onCellEdited={onCellEdited}
              onCellClicked={onCellClicked}
              onHeaderClicked={onHeaderClicked}
              freezeColumns={freezeColumns}
              freezeTrailingRows={summary ? 1 : 0}
              rowHeight={ROW_HEIGHT}
              headerHeight={HEADER_HEIGHT}
              rowMarkers={selection ? { kind: 'checkbox-visible', width: 40, checkboxStyle: 'square' } : 'none'}
              rowSelectionMode="multi"
              columnSelect="none"
              rangeSelect="cell"
              gridSelection={{ ...gridSelection, current: cellSelection }}
              onGridSelectionChange={onGridSelectionChange}
              cellActivationBehavior={grid.isEdit && !readOnly ? 'single-click' : 'second-click'}
              onVisibleRegionChanged={onVisibleRegionChanged}
              theme={gridTheme}
              smoothScrollX
              rightElement={
                rowActions.length > 0 && onRowAction ? (
                  <OperateColumn actions={rowActions} rows={rows} width={operateWidth} firstRow={region.first} visibleRows={region.count} offsetY={region.ty} onAction={onRowAction} />
                ) : undefined
              }
              rightElementProps={{ sticky: true }}
            />
          </div>
        </Spin>
      </EditorContext.Provider>
      {attachmentAt && (
        <AttachmentCellDialog
          name={`${name}-${attachmentAt.model.key}-${attachmentAt.row}`}
          title={attachmentAt.model.title}
          entity={entity}
          row={rows[attachmentAt.row] ?? null}
          fieldKey={attachmentAt.model.key}
          config={attachmentAt.model.column.attachmentConfig}
          readOnly={!onRowsChange || !isCellEditable(grid, attachmentAt.model, rows[attachmentAt.row] ?? {}, readOnly, 'input')}
          onChange={(ids) => writeRow(attachmentAt.row, { [attachmentAt.model.key]: ids ?? null })}
          onClose={() => setAttachmentAt(null)}
        />
      )}
      {paging && (
        <Pager page={paging.page} pageSize={paging.pageSize} total={paging.total} sizes={pageSizeOptions(grid.pageSize)} onChange={paging.onChange} />
      )}
    </div>
  );
}


// THE grid: glide-data-grid (canvas) driven by the page schema's Grid/Column config. Rows are controlled
// by the caller; edits come back through onRowsChange. Column/grid keys: docs/grid.md.
import '@glideapps/glide-data-grid/dist/index.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DataEditor, type DataEditorProps, type EditableGridCell, type GridColumn, type Item, type Rectangle } from '@glideapps/glide-data-grid';
import { Spin } from '@arco-design/web-react';
import type { Action, EntityDefinition, Grid } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import type { Row, SortItem } from '../data/dataProvider.js';
import { useLookups } from '../data/useLookups.js';
import { cellTypes } from '../registry/index.js';
import { resolveText } from '../text/resolveText.js';
import { footerSpanOf, getCell, summaryValue, type LeadingColumn } from './cells.js';
import { cachedCells } from './cellCache.js';
import { buildColumnModels, DEFAULT_OPERATE_WIDTH, EXPAND_WIDTH, INDEX_WIDTH, lookupTypesOf, pageSizeOptions, showsSummary } from './columns.js';
import { editorFor, isCellEditable } from './editable.js';
import { AttachmentCellDialog } from '../attachments/registration.js';
import { pickOf } from '../attachments/FilePickList.js';
import type { ColumnModel } from './columns.js';
import { applyComputed } from './compute.js';
import { leafColumns, operateActions, operateWidth as operateWidthOf, selectionOf } from './config.js';
import { configErrors } from './configErrors.js';
import { CellEditor, EditorContext, type EditorContextValue } from './editors.js';
import { gridHeight } from './height.js';
import { buildLayout, HEADER_HEIGHT, ROW_HEIGHT } from './layout.js';
import { mergeSpans } from './merge.js';
import { ModalPicker, modalPickPatch } from './ModalPicker.js';
import { GridConfigErrors } from './GridConfigErrors.js';
import { GridExpandedRows } from './GridExpandedRows.js';
import { OperateColumn } from './OperateColumn.js';
import { useEnterOpensRow } from './useEnterOpensRow.js';
import { Pager } from './Pager.js';
import { customRenderers, isEditCell, type EditCell } from './renderers.js';
import { nextSort, sortMark } from './sort.js';
import { gridTheme, summaryRowTheme } from './theme.js';
import { ensurePortal } from './gridPortal.js';
import { CellTooltip, useCellTooltip } from './useCellTooltip.js';
import { useMergeDrawing, useRequiredMarkHeader } from './gridDrawing.js';
import { useAutoHeightViewport } from './useAutoHeightViewport.js';
import { useCellClick } from './useCellClick.js';
import { useHorizontalScrollbar } from './useHorizontalScrollbar.js';
import { useStripColumns } from './useStripColumns.js';
import { useTouchedCells } from './touchedCells.js';
import { useColumnWidths } from './autoWidth.js';
import { useGridSelection } from './useGridSelection.js';
import { useGridStateAttributes } from './gridStateAttributes.js';

export interface DataGridPaging {
  page: number;
  pageSize: number;
  total: number;
  /** The total is the server's estimate (shown as approximate). */
  estimated?: boolean;
  /** Rows selected across pages, shown in the footer. */
  selectedCount?: number;
  onChange(page: number, pageSize: number): void;
}

export interface DataGridProps {
  /** Test hook: the container gets data-testid="grid-{name}". */
  name: string;
  grid: Grid;
  entity: EntityDefinition;
  /** Targets of reference fields (editing searches their listByPage) and of modal cells. */
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
  /** Row buttons, and the handlers link/button/modal cells name (grid.events or row actions). */
  onRowAction?(action: Action, row: Row, rowIndex: number): void;
  onRowsChange?(rows: Row[]): void;
  /** A click on a body row (pickers). */
  onRowClick?(row: Row, rowIndex: number): void;
  /** A header drag finished resizing a column (list pages keep the width in the user's table settings). */
  onColumnWidthChange?(key: string, width: number): void;
  /** View mode: grid.isEdit is ignored. */
  readOnly?: boolean;
  height?: number;
  /** The user tried to save: empty required cells are marked even where nobody has typed yet. */
  revealProblems?: boolean;
}

const STICKY = { sticky: true } as const;
const ROW_MARKERS = { kind: 'checkbox-visible', width: 40, checkboxStyle: 'square' } as const;
/**
 * What each frame paints (docs/grid.md "Paint cost"): two full-size buffers and a copy into the canvas
 * ("double-buffer") cost less in Chromium's software canvas than glide's default of blitting the
 * canvas onto itself, which copies the whole canvas before every scroll step. Glide's scroll shadows are
 * off (fixedShadowX/Y): two grid-sized, semi-transparent layers over the canvas, composited every frame.
 */
const PAINT = { renderStrategy: 'double-buffer' } as const;
const provideEditor: NonNullable<DataEditorProps['provideEditor']> = (cell) => (isEditCell(cell) ? { editor: CellEditor, disablePadding: true } : undefined);

export function DataGrid(props: DataGridProps) {
  const {
    name,
    grid,
    entity,
    entities,
    rows,
    loading,
    paging,
    sort = [],
    onSort,
    selected = [],
    onSelectionChange,
    onRowAction,
    onRowsChange,
    onRowClick,
    readOnly = false,
    revealProblems = false,
  } = props;
  const env = useRuntimeEnv();
  useEffect(ensurePortal, []);

  const allModels = useMemo(() => buildColumnModels(grid, entity, env), [grid, entity, env]);
  const errors = useMemo(() => configErrors(grid, allModels), [grid, allModels]);
  // Fixed-right columns are DOM in the right strip; the canvas holds the others.
  const models = useMemo(() => allModels.filter((m) => !m.fixedRight), [allModels]);
  const rightModels = useMemo(() => allModels.filter((m) => m.fixedRight), [allModels]);
  const types = useMemo(() => models.map((m) => cellTypes.get(m.cellType)), [models]);
  const lookups = useLookups(useMemo(() => lookupTypesOf(allModels), [allModels]));
  const showIndex = grid.showIndex !== false;
  const selection = selectionOf(grid);
  const expand = grid.expand;
  const leading = useMemo<LeadingColumn[]>(() => [...(expand ? (['-expand'] as const) : []), ...(showIndex ? (['-index'] as const) : [])], [expand, showIndex]);
  const summary = showsSummary(grid);
  const rowActions = useMemo(() => operateActions(grid), [grid]);
  const page = paging?.page ?? 1;
  const pageSize = paging?.pageSize ?? rows.length;
  const editable = grid.isEdit === true && !readOnly;
  const rowMarkers = selection.show ? ROW_MARKERS : 'none';
  const text = useCallback((t: unknown) => resolveText(t as Parameters<typeof resolveText>[0], env), [env]);

  // Widths that follow the content (autoWidth.ts); a column the user dragged keeps what they chose.
  const { setWidths, shownWidths } = useColumnWidths({ models, types, rows, lookups, language: env.language, editable });
  const grouped = models.some((m) => m.group !== undefined);
  const columns = useMemo<GridColumn[]>(() => {
    const cols: GridColumn[] = [];
    if (expand) cols.push({ id: '-expand', title: '', width: expand.width ?? EXPAND_WIDTH, group: grouped ? '' : undefined });
    if (showIndex) cols.push({ id: '-index', title: env.t('grid.index'), width: INDEX_WIDTH, group: grouped ? '' : undefined });
    for (const m of models) {
      // SPEC §5: validate.required shows a red asterisk (the header draws "*"; customizeHead skips it).
      const mark = m.required && editable && cellTypes.get(m.cellType).editor !== 'none' && m.column.validate?.customizeHead !== true ? '* ' : '';
      cols.push({
        id: m.key,
        title: `${mark}${m.title}${sortMark(sort, m.key)}`,
        width: shownWidths.get(m.key) ?? m.width,
        group: grouped ? (m.group ?? '') : undefined,
      });
    }
    return cols;
  }, [models, showIndex, expand, sort, env, editable, shownWidths, grouped]);
  const freezeColumns = leading.length + models.filter((m) => m.fixedLeft).length;
  const headerHeight = HEADER_HEIGHT * (grouped ? 2 : 1);
  const layout = useMemo(
    () =>
      buildLayout(
        columns.map((c) => ({ key: String(c.id), width: (c as { width: number }).width, group: c.group || undefined })),
        freezeColumns,
        selection.show,
        headerHeight,
      ),
    [columns, freezeColumns, selection.show, headerHeight],
  );

  const [activeRow, setActiveRow] = useState<number | undefined>(undefined);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => setExpanded(new Set()), [rows.length, page]);
  const merges = useMemo(() => mergeSpans(rows, grid.mergeFields), [rows, grid.mergeFields]);

  const summaries = useMemo(
    () => (summary ? new Map(models.filter((m) => m.isSummary).map((m) => [m.key, summaryValue(m, rows)])) : undefined),
    [summary, models, rows],
  );
  const totalLabel = env.t('grid.total');
  const { touch, shown: problemShown } = useTouchedCells(revealProblems);
  const source = useMemo(() => {
    const base = {
      grid,
      models,
      types,
      showIndex,
      leading,
      rows,
      lookups,
      page,
      pageSize,
      readOnly,
      summary,
      totalLabel,
      language: env.language,
      activeRow: editable ? activeRow : undefined,
      merges,
      expanded,
      widths: shownWidths,
      text,
      summaries,
      freezeColumns,
      problemShown,
    };
    return { ...base, footerSpan: summary ? footerSpanOf(base) : undefined };
  }, [
    grid,
    models,
    types,
    showIndex,
    leading,
    rows,
    lookups,
    page,
    pageSize,
    readOnly,
    summary,
    totalLabel,
    env.language,
    editable,
    activeRow,
    merges,
    expanded,
    shownWidths,
    text,
    summaries,
    freezeColumns,
    problemShown,
  ]);
  const getCellContent = useMemo(() => cachedCells((col, row) => getCell(source, col, row)), [source]);

  const { gridSelection, onGridSelectionChange } = useGridSelection(selected, rows.length, summary, onSelectionChange);

  const columnsForCompute = useMemo(() => leafColumns(grid.columns).filter((c) => c.computedEvent), [grid.columns]);
  const writeRow = useCallback(
    (rowIndex: number, patch: Row) => {
      if (!onRowsChange || rowIndex >= rows.length) return;
      onRowsChange(
        rows.map((r, i) => {
          if (i !== rowIndex) return r;
          const next = applyComputed(columnsForCompute, { ...r, ...patch });
          touch(r, next, Object.keys(patch));
          return next;
        }),
      );
    },
    [rows, onRowsChange, columnsForCompute, touch],
  );

  const modelAt = useCallback((col: number): ColumnModel | undefined => models[col - leading.length], [models, leading.length]);

  /** An editor's result as the fields it writes: the value, a range's two keys, a reference's display. */
  const writeEdit = useCallback(
    (model: ColumnModel, row: number, cell: EditCell) => {
      const patch: Row = { [model.key]: cell.data.value, ...(cell.data.patch ?? {}) };
      if (model.displayKey && cell.data.displayValue !== undefined) patch[model.displayKey] = cell.data.displayValue;
      writeRow(row, patch);
    },
    [writeRow],
  );
  const onCellEdited = useCallback(
    ([col, row]: Item, value: EditableGridCell) => {
      const model = modelAt(col);
      if (model && isEditCell(value)) writeEdit(model, row, value);
    },
    [modelAt, writeEdit],
  );

  // Tooltips (column.tooltip) and the message of an invalid cell, as DOM next to the hovered cell.
  const containerRef = useRef<HTMLDivElement>(null);
  const { tip, setTip, onItemHovered } = useCellTooltip({ modelAt, rows, editable, lookups, problemShown });

  const toggleExpanded = useCallback((row: number) => {
    setExpanded((set) => {
      const next = new Set(set);
      if (next.has(row)) next.delete(row);
      else next.add(row);
      return next;
    });
  }, []);
  // Clicks: expand, checkbox, link, buttons, upload and modal cells; the clicked row becomes the active one.
  const { onCellClicked, runHandler, attachmentAt, setAttachmentAt, modalAt, setModalAt } = useCellClick({
    grid,
    rows,
    leading,
    modelAt,
    readOnly,
    editable,
    getCellContent,
    writeRow,
    onRowAction,
    onRowClick,
    text,
    onClick: () => setTip(null),
    toggleExpanded,
    setActiveRow,
  });

  const onKeyDown = useEnterOpensRow({ editable, rows, rowActions, onRowAction, onRowClick });

  const onHeaderClicked = useCallback(
    (col: number) => {
      const model = modelAt(col);
      if (model?.sortable && onSort) onSort(nextSort(sort, model.key));
    },
    [modelAt, sort, onSort],
  );

  const drawHeader = useRequiredMarkHeader(columns);
  const drawCell = useMergeDrawing(models, leading.length, merges);

  const onColumnResize = useCallback(
    (column: GridColumn, newSize: number) => {
      const model = models.find((m) => m.key === column.id);
      if (!model?.resizable) return;
      setWidths((w) => new Map(w).set(model.key, Math.max(40, Math.round(newSize))));
    },
    [models, setWidths],
  );

  const editorContext = useMemo<EditorContextValue>(
    () => ({
      // Fixed-right columns too: the strip opens the same editors.
      models: new Map(allModels.map((m) => [m.key, { model: m, editor: editorFor(m, cellTypes.get(m.cellType).editor) }])),
      lookups,
      entities: entities ?? {},
    }),
    [allModels, lookups, entities],
  );

  // The DOM strip follows glide's visible rows; without a strip nothing needs to re-render on scroll.
  const [region, setRegion] = useState({ first: 0, count: 20, ty: 0 });
  const hasStrip = (rowActions.length > 0 && onRowAction !== undefined) || rightModels.length > 0;
  const onVisibleRegionChanged = useCallback(
    (range: Rectangle, _tx: number, ty: number) => {
      if (!hasStrip) return;
      setRegion((r) => (r.first === range.y && r.count === range.height && r.ty === ty ? r : { first: range.y, count: range.height, ty }));
    },
    [hasStrip],
  );

  // grid.height "auto": measured from the page once mounted and on resize (SPEC §9).
  const { viewport, fullscreen } = useAutoHeightViewport(grid.height === 'auto', containerRef, errors.length);

  const bodyRows = rows.length + (summary ? 1 : 0);
  const paged = paging !== undefined && grid.isShowPage !== false;
  const scrollbar = useHorizontalScrollbar(containerRef, `${bodyRows}|${columns.map((c) => (c as { width: number }).width).join(',')}`);
  const height = props.height ?? gridHeight({ grid, bodyRows, paged, summary, fullscreen, viewport, groupHeader: grouped, scrollbar });
  const operateWidth = operateWidthOf(grid, DEFAULT_OPERATE_WIDTH);
  const operateColumn = leafColumns(grid.columns).find((c) => (c.cellType ?? c.editType) === 'tableOperate');
  const showOperate = rowActions.length > 0 && onRowAction !== undefined;
  const { stripColumns, stripFooter } = useStripColumns({
    grid,
    rightModels,
    rows,
    lookups,
    language: env.language,
    editable,
    canWrite: onRowsChange !== undefined,
    readOnly,
    summary,
    problemShown,
  });
  const { merged, summaryText, footerSpan, invalidCells } = useGridStateAttributes(source, columns, merges, summary);
  const showSpinner = grid.showTableProcess !== false && loading === true;

  return (
    <div
      className="srm-data-grid"
      ref={containerRef}
      data-testid={`grid-${name}`}
      data-layout={JSON.stringify(layout)}
      data-active-row={editable && activeRow !== undefined ? activeRow : undefined}
      data-merges={grid.mergeFields ? merged : undefined}
      data-height={height}
      data-summary={summaryText}
      data-footer-span={footerSpan}
      data-invalid-cells={invalidCells}
      data-errors={errors.map((e) => e.key).join(' ') || undefined}
      style={{ position: 'relative' }}
    >
      <GridConfigErrors name={name} errors={errors} models={allModels} />
      <EditorContext.Provider value={editorContext}>
        <Spin loading={showSpinner} style={{ display: 'block' }}>
          <div style={{ border: '1px solid #e5e6eb', borderRadius: 2 }}>
            <DataEditor
              width="100%"
              height={height}
              columns={columns}
              rows={bodyRows}
              getCellContent={getCellContent}
              getCellsForSelection
              customRenderers={customRenderers}
              provideEditor={provideEditor}
              onCellEdited={onCellEdited}
              onCellClicked={onCellClicked}
              onHeaderClicked={onHeaderClicked}
              onColumnResize={onColumnResize}
              onColumnResizeEnd={(column: GridColumn, newSize: number) => {
                const model = models.find((m) => m.key === column.id);
                if (model?.resizable) props.onColumnWidthChange?.(model.key, Math.max(40, Math.round(newSize)));
              }}
              onItemHovered={onItemHovered}
              onKeyDown={onKeyDown}
              drawHeader={drawHeader}
              drawCell={grid.mergeFields?.length ? drawCell : undefined}
              freezeColumns={freezeColumns}
              freezeTrailingRows={summary ? 1 : 0}
              getRowThemeOverride={summary ? (row: number) => (row === rows.length ? summaryRowTheme : undefined) : undefined}
              rowHeight={ROW_HEIGHT}
              headerHeight={HEADER_HEIGHT}
              groupHeaderHeight={grouped ? HEADER_HEIGHT : undefined}
              rowMarkers={rowMarkers}
              rowSelectionMode="multi"
              columnSelect="none"
              rangeSelect="cell"
              gridSelection={gridSelection}
              onGridSelectionChange={onGridSelectionChange}
              cellActivationBehavior={editable ? 'single-click' : 'second-click'}
              onVisibleRegionChanged={onVisibleRegionChanged}
              theme={gridTheme}
              smoothScrollX
              experimental={PAINT}
              fixedShadowX={false}
              fixedShadowY={false}
              rightElement={
                showOperate || stripColumns.length > 0 ? (
                  <OperateColumn
                    actions={showOperate ? rowActions : []}
                    columns={stripColumns}
                    title={operateColumn ? resolveText(operateColumn.title, env, env.t('grid.operate')) : undefined}
                    rows={rows}
                    width={operateWidth}
                    headerHeight={headerHeight}
                    firstRow={region.first}
                    visibleRows={region.count}
                    offsetY={region.ty}
                    onAction={(a, row, r) => onRowAction?.(a, row, r)}
                    activeRow={editable ? activeRow : undefined}
                    footer={stripFooter}
                    onActivate={setActiveRow}
                    onCellEdited={(cell) => {
                      const model = rightModels.find((m) => m.key === cell.data.key);
                      if (model) writeEdit(model, cell.data.row, cell);
                    }}
                  />
                ) : undefined
              }
              rightElementProps={STICKY}
            />
          </div>
        </Spin>
      </EditorContext.Provider>
      {tip && <CellTooltip name={name} tip={tip} />}
      {expand && expanded.size > 0 && <GridExpandedRows name={name} expand={expand} expanded={expanded} rows={rows} entity={entity} />}
      {attachmentAt && (
        <AttachmentCellDialog
          name={`${name}-${attachmentAt.model.key}-${attachmentAt.row}`}
          title={attachmentAt.model.title}
          entity={entity}
          row={rows[attachmentAt.row] ?? null}
          fieldKey={attachmentAt.model.key}
          config={attachmentAt.model.column.attachmentConfig}
          readOnly={!onRowsChange || !isCellEditable(grid, attachmentAt.model, rows[attachmentAt.row] ?? {}, readOnly, 'input')}
          pick={pickOf(attachmentAt.model.column.attachmentConfig, entities)}
          onChange={(ids, display) => {
            const { key, displayKey } = attachmentAt.model;
            writeRow(attachmentAt.row, { [key]: ids ?? null, ...(displayKey && display !== undefined ? { [displayKey]: display } : {}) });
          }}
          onClose={() => setAttachmentAt(null)}
        />
      )}
      {modalAt && modalAt.model.column.modalConfig && entities?.[modalAt.model.column.modalConfig.entity] && (
        <ModalPicker
          name={`${name}-${modalAt.model.key}`}
          column={modalAt.model.column}
          entity={entities[modalAt.model.column.modalConfig.entity]}
          onClose={() => setModalAt(null)}
          onPick={(picked) => {
            const config = modalAt.model.column.modalConfig!;
            const patch = modalPickPatch(modalAt.model.column, entities[config.entity], picked, modalAt.model.displayKey);
            writeRow(modalAt.row, patch);
            setModalAt(null);
            if (config.fun) runHandler(config.fun, modalAt.row);
          }}
        />
      )}
      {paging && grid.isShowPage !== false && <Pager {...paging} sizes={pageSizeOptions(grid.pageSize)} />}
    </div>
  );
}

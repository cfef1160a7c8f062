import { Link } from '@arco-design/web-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Action } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { type Row, type SortItem } from '../data/dataProvider.js';
import { ListCursors } from '../data/listCursors.js';
import { DataGrid } from '../grid/DataGrid.js';
import { toolbarActions } from '../grid/config.js';
import { TableSettingsButton } from '../grid/TableSettingsPanel.js';
import { useCrossPageSelection } from '../grid/useCrossPageSelection.js';
import { useTableSettings } from '../grid/useTableSettings.js';
import { MAX_COLUMN_WIDTH } from '../grid/tableSettings.js';
import { changedRows } from '../grid/rowEdits.js';
import { rowNumber } from '../grid/format.js';
import type { SelectionEvent } from '../grid/selectionEvents.js';
import { actions as actionRegistry } from '../registry/index.js';
import type { ActionContext, PageProps } from '../registry/types.js';
import { resolveText } from '../text/resolveText.js';
import { ActionBar } from './ActionBar.js';
import { ExcelToolbar } from '../excel/ExcelToolbar.js';
import { runAction } from './actions.js';
import { SearchForm, type SearchValues } from './SearchForm.js';
import { dirtyAttribute } from './unsaved.js';
import { PageRefusal, refusalOf, type Refusal } from './PageRefusal.js';
import { pageUrl } from './routing.js';
import { useDataProvider, useLatest } from '../data/useDataProvider.js';
import { sameFirstListPage } from '../data/firstListPage.js';

export function gridNameOf(pageName: string, gridName?: string): string {
  return gridName ?? pageName.split('/').pop() ?? pageName;
}

export function ListPage({ page, entity, entities, query, firstPage }: PageProps) {
  const env = useRuntimeEnv();
  const grid = page.grid;
  if (!grid) throw new Error(`List page "${page.name}" has no grid`);
  const provider = useDataProvider(entity);
  // The load below reports its failure through the latest environment without reloading when it changes.
  const envNow = useLatest(env);
  // Read by the first load only: a new value is not a reason to load again.
  const firstPageNow = useLatest(firstPage);
  const [draft, setDraft] = useState<SearchValues>({});
  const [params, setParams] = useState<SearchValues>({});
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState<number>(grid.pageSize ?? 20);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [sort, setSort] = useState<SortItem[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  // What the last load answered: an editable grid saves only the rows that differ from it.
  const [loadedRows, setLoadedRows] = useState<Row[]>([]);
  // isAutoRequest false: nothing is asked of the server until the user searches (or refreshes).
  const [requested, setRequested] = useState(grid.isAutoRequest !== false);
  const listAction = grid.api ?? page.listAction;
  const [total, setTotal] = useState(0);
  const [estimated, setEstimated] = useState(false);
  const [loading, setLoading] = useState(false);
  // 'failed': the last load failed and the grid holds no data (SPEC §4 "null data reported").
  const [loadState, setLoadState] = useState<'idle' | 'loading' | 'loaded' | 'failed'>('loading');
  const [reloadToken, setReloadToken] = useState(0);
  const seq = useRef(0);
  const cursors = useRef(new ListCursors());
  const tableName = page.name;
  const tableSettings = useTableSettings(tableName, grid);
  const keyFields = useMemo(() => grid.keyFields ?? [entity.key], [grid.keyFields, entity.key]);
  // grid.events maps selection events to runtime actions (data, not code); the event's row is the record.
  const runEvent = useRef<(e: SelectionEvent, all: Row[]) => void>(() => undefined);
  const selection = useCrossPageSelection(
    rows,
    keyFields,
    useCallback((e: SelectionEvent, all: Row[]) => runEvent.current(e, all), []),
  );
  const clearSelection = selection.clear;

  useEffect(() => {
    if (!requested) {
      setLoadState('idle');
      return;
    }
    const mine = ++seq.current;
    setLoading(true);
    setLoadState('loading');
    const effectiveSort = sort.length > 0 ? sort : grid.defaultSort?.map((s) => ({ field: s.field, order: s.order ?? 'asc' }));
    // grid.searchParams: fixed params of the definition, under the user's search.
    const listParams = { ...(grid.searchParams ?? {}), ...params };
    const listKey = JSON.stringify([listAction, listParams, effectiveSort, pageSize]);
    const after = cursors.current.startOf(listKey, pageIndex);
    const listQuery = { params: listParams, pageIndex, pageRows: pageSize, sort: effectiveSort, action: listAction, after };
    // The first load takes the answer the shell asked for while the page was being drawn, if it is this request.
    const started = mine === 1 ? sameFirstListPage(firstPageNow.current, listQuery) : undefined;
    (started ?? provider.list(listQuery))
      .then((res) => {
        if (mine !== seq.current) return;
        cursors.current.loaded(listKey, pageIndex, res.after);
        setRows(res.rows);
        setLoadedRows(res.rows);
        setTotal(res.total);
        setEstimated(res.estimated);
        setLoadState('loaded');
      })
      .catch((e: unknown) => {
        if (mine !== seq.current) return;
        // SPEC §4: on a failed load the selection is cleared, loading stops and the data is null (empty).
        cursors.current.forget();
        clearSelection();
        setRows([]);
        setLoadedRows([]);
        setTotal(0);
        setEstimated(false);
        setLoadState('failed');
        // No permission to list at all: the page says so instead of an empty grid and a toast.
        const refusal = refusalOf(e, false);
        if (refusal.kind === 'forbidden') setRefused(refusal);
        else envNow.current.notify('error', e instanceof Error ? e.message : String(e));
      })
      .finally(() => mine === seq.current && setLoading(false));
  }, [
    provider,
    params,
    pageIndex,
    pageSize,
    sort,
    reloadToken,
    envNow,
    firstPageNow,
    grid.defaultSort,
    grid.searchParams,
    listAction,
    requested,
    clearSelection,
  ]);

  const gridName = gridNameOf(page.name, grid.name);
  const reload = useCallback(async () => {
    setRequested(true);
    setReloadToken((t) => t + 1);
  }, []);
  const edits = useMemo(() => (grid.isEdit ? changedRows(loadedRows, rows) : []), [grid.isEdit, loadedRows, rows]);
  // A save the cell rules stopped marks every empty required cell; a fresh load starts unmarked again.
  const [revealEdits, setRevealEdits] = useState(false);
  useEffect(() => setRevealEdits(false), [loadedRows]);

  const context = (action: Action, record?: Row, selectionRows: Row[] = selection.rows): ActionContext => ({
    env,
    action,
    page,
    entity,
    provider,
    query,
    record,
    selection: selectionRows,
    edits: grid.isEdit
      ? { grid: tableSettings.grid, rows: edits, rowNumberOf: (i) => rowNumber(i, pageIndex, pageSize), reveal: () => setRevealEdits(true) }
      : undefined,
    // An editable list adds rows at the end (saved with the edited ones); only such unsaved rows can be
    // taken out again — saved rows are deleted through the family (their indexes must stay as loaded).
    lines: grid.isEdit
      ? {
          add: () => setRows((r) => [...r, {}]),
          removeSelected: () => {
            const drop = new Set(selection.pageIndexes);
            setRows((r) => r.filter((_, i) => i < loadedRows.length || !drop.has(i)));
            clearSelection();
          },
        }
      : undefined,
    // After an action on the selected rows (batch delete, a transition) the old selection means nothing.
    reload: async () => {
      clearSelection();
      await reload();
    },
  });
  runEvent.current = (e, all) => {
    const action = grid.events?.[e.name];
    if (action) void run(action, e.rows.length === 1 ? e.rows[0] : undefined, all);
  };
  const run = (action: Action, record?: Row, selectionRows?: Row[]) => runAction(actionRegistry.get(action.type), context(action, record, selectionRows));

  if (refused) {
    return (
      <div className="srm-page srm-list-page" data-page={page.name} data-load="refused">
        <h2 style={{ fontSize: 18, fontWeight: 600, margin: '0 0 12px' }}>{resolveText(page.title, env)}</h2>
        <PageRefusal refusal={refused} />
      </div>
    );
  }

  return (
    <div
      className="srm-page srm-list-page"
      data-page={page.name}
      data-load={loadState}
      data-settings={tableSettings.loaded ? 'loaded' : 'loading'}
      data-selected={selection.count}
      data-edited={edits.length}
      {...dirtyAttribute(edits.length > 0)}
    >
      <h2 style={{ fontSize: 18, fontWeight: 600, margin: '0 0 12px' }}>{resolveText(page.title, env)}</h2>
      <SearchForm
        page={page}
        entity={entity}
        entities={entities}
        values={draft}
        onChange={setDraft}
        onSearch={() => {
          setRequested(true);
          setPageIndex(1);
          setParams({ ...draft });
          void reload();
        }}
        onReset={() => {
          setDraft({});
          setParams({});
          setPageIndex(1);
          setSort([]);
        }}
      />
      {page.subPages && page.subPages.length > 0 && (
        <div className="srm-sub-pages" style={{ display: 'flex', gap: 16, marginBottom: 8 }}>
          {page.subPages.map((sub) => (
            <Link key={sub.page} data-testid={`subpage-${sub.page}`} onClick={() => env.navigate(pageUrl(sub.page, {}, query))}>
              {resolveText(sub.title, env)}
            </Link>
          ))}
        </div>
      )}
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 8 }}>
        <ActionBar actions={toolbarActions(grid)} record={{}} selectionCount={selection.count} onRun={(a) => run(a)} />
        <ExcelToolbar
          grid={tableSettings.grid}
          entity={entity}
          pageName={page.name}
          list={{ action: listAction, params: { ...(grid.searchParams ?? {}), ...params }, sort, pageIndex, pageRows: pageSize }}
          reload={() => void reload()}
        />
        <div style={{ marginLeft: 'auto' }}>
          <TableSettingsButton name={gridName} settings={tableSettings} columns={grid.columns} entity={entity} />
        </div>
      </div>
      {loadState === 'idle' && (
        <div data-testid={`grid-idle-${gridName}`} style={{ color: 'var(--color-text-3)', margin: '0 0 8px' }}>
          {env.t('grid.searchFirst')}
        </div>
      )}
      <DataGrid
        name={gridName}
        grid={tableSettings.grid}
        entity={entity}
        entities={entities}
        rows={rows}
        loading={loading}
        paging={
          grid.isShowPage === false
            ? undefined
            : {
                page: pageIndex,
                pageSize,
                total,
                estimated,
                selectedCount: selection.count,
                onChange: (p, size) => {
                  if (size !== pageSize) {
                    setPageSize(size);
                    setPageIndex(1);
                  } else setPageIndex(p);
                },
              }
        }
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPageIndex(1);
        }}
        selected={selection.pageIndexes}
        onSelectionChange={selection.onPageSelectionChange}
        onColumnWidthChange={(key, width) =>
          void tableSettings.save(tableSettings.settings.map((c) => (c.key === key ? { ...c, width: Math.min(width, MAX_COLUMN_WIDTH) } : c)))
        }
        onRowAction={(action, row) => void run(action, row)}
        // An isEdit list grid edits its rows in place (saved by a toolbar action); others are read-only.
        onRowsChange={grid.isEdit ? setRows : undefined}
        readOnly={grid.isEdit !== true}
        revealProblems={revealEdits}
      />
    </div>
  );
}

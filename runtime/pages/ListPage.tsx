import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Action } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { createDataProvider, type Row, type SortItem } from '../data/dataProvider.js';
import { DataGrid } from '../grid/DataGrid.js';
import { actions as actionRegistry } from '../registry/index.js';
import type { ActionContext, PageProps } from '../registry/types.js';
import { resolveText } from '../text/resolveText.js';
import { ActionBar } from './ActionBar.js';
import { runAction } from './actions.js';
import { SearchForm, type SearchValues } from './SearchForm.js';

export function gridNameOf(pageName: string, gridName?: string): string {
  return gridName ?? pageName.split('/').pop() ?? pageName;
}

export function ListPage({ page, entity, entities, query }: PageProps) {
  const env = useRuntimeEnv();
  const grid = page.grid;
  if (!grid) throw new Error(`List page "${page.name}" has no grid`);
  const provider = useMemo(() => createDataProvider(env, entity), [env, entity]);
  const [draft, setDraft] = useState<SearchValues>({});
  const [params, setParams] = useState<SearchValues>({});
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState<number>(grid.pageSize ?? 20);
  const [sort, setSort] = useState<SortItem[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [reloadToken, setReloadToken] = useState(0);
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    const effectiveSort = sort.length > 0 ? sort : grid.defaultSort?.map((s) => ({ field: s.field, order: s.order ?? 'asc' }));
    provider
      .list({ params, pageIndex, pageRows: pageSize, sort: effectiveSort })
      .then((res) => {
        if (mine !== seq.current) return;
        setRows(res.rows);
        setTotal(res.total);
        setSelected([]);
      })
      .catch((e: unknown) => {
        if (mine !== seq.current) return;
        // SPEC §4: on a failed load the selection is cleared, loading stops and the data is null (empty).
        setSelected([]);
        setRows([]);
        setTotal(0);
        env.notify('error', e instanceof Error ? e.message : String(e));
      })
      .finally(() => mine === seq.current && setLoading(false));
  }, [provider, params, pageIndex, pageSize, sort, reloadToken, env, grid.defaultSort]);

  const reload = useCallback(async () => setReloadToken((t) => t + 1), []);

  const context = (action: Action, record?: Row): ActionContext => ({
    env,
    action,
    page,
    entity,
    provider,
    query,
    record,
    selection: selected.map((i) => rows[i]).filter((r): r is Row => r !== undefined),
    reload,
  });
  const run = (action: Action, record?: Row) => runAction(actionRegistry.get(action.type), context(action, record));

  return (
    <div className="srm-page srm-list-page" data-page={page.name}>
      <h2 style={{ fontSize: 18, fontWeight: 600, margin: '0 0 12px' }}>{resolveText(page.title, env)}</h2>
      <SearchForm
        page={page}
        entity={entity}
        values={draft}
        onChange={setDraft}
        onSearch={() => {
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
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 8 }}>
        <ActionBar actions={grid.toolbar} record={{}} selectionCount={selected.length} onRun={(a) => run(a)} />
        {selected.length > 0 && <span style={{ color: '#86909c', fontSize: 13 }}>{env.t('grid.selected', { count: selected.length })}</span>}
      </div>
      <DataGrid
        name={gridNameOf(page.name, grid.name)}
        grid={grid}
        entity={entity}
        entities={entities}
        rows={rows}
        loading={loading}
        paging={{
          page: pageIndex,
          pageSize,
          total,
          onChange: (p, size) => {
            if (size !== pageSize) {
              setPageSize(size);
              setPageIndex(1);
            } else setPageIndex(p);
          },
        }}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPageIndex(1);
        }}
        selected={selected}
        onSelectionChange={setSelected}
        onRowAction={(action, row) => void run(action, row)}
        readOnly
      />
    </div>
  );
}

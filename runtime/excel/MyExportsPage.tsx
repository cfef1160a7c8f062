// "我的导出 / My exports" (page kind custom, renderer myExports): the signed-in user's background
// exports from exportExcelRestful/listMyExports, shown with the page definition's grid; refreshed
// every 2 s while one is still running. The server lists only the caller's own jobs.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '@arco-design/web-react';
import type { Action } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import type { Row } from '../data/dataProvider.js';
import { DataGrid } from '../grid/DataGrid.js';
import { actions as actionRegistry } from '../registry/index.js';
import type { CustomPageProps } from '../registry/types.js';
import { resolveText } from '../text/resolveText.js';
import { runAction } from '../pages/actions.js';
import { EXCEL_ENDPOINTS } from './api.js';

const POLL_MS = 2000;

export function MyExportsPage({ page, entities, query }: CustomPageProps) {
  const env = useRuntimeEnv();
  const entity = page.entity ? entities[page.entity] : undefined;
  const grid = page.grid;
  if (!entity || !grid) throw new Error(`Page "${page.name}" needs an entity and a grid`);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState<number>(grid.pageSize ?? 20);
  const [loading, setLoading] = useState(false);
  const [token, setToken] = useState(0);
  const reload = useCallback(async () => setToken((t) => t + 1), []);

  useEffect(() => {
    let live = true;
    setLoading(true);
    env
      .api<Row[]>(EXCEL_ENDPOINTS.listMyExports, { pageIndex, pageRows: pageSize })
      .then((answer) => {
        if (!live) return;
        setRows(answer.data);
        setTotal(answer.page?.count ?? answer.data.length);
      })
      .catch((e: unknown) => live && env.notify('error', e instanceof Error ? e.message : String(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [env, pageIndex, pageSize, token]);

  const running = useMemo(() => rows.some((r) => r.jobStatus === 'RUNNING'), [rows]);
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => void reload(), POLL_MS);
    return () => clearTimeout(timer);
  }, [running, rows, reload]);

  const run = (action: Action, record: Row) =>
    runAction(actionRegistry.get(action.type), { env, action, page, entity, provider: undefined, query, record, selection: [], reload });

  return (
    <div className="srm-page srm-my-exports" data-page={page.name} data-running={running ? 'Y' : 'N'}>
      <div style={{ display: 'flex', alignItems: 'center', marginBottom: 12 }}>
        <h2 style={{ fontSize: 18, fontWeight: 600, margin: 0 }}>{resolveText(page.title, env)}</h2>
        <Button style={{ marginLeft: 'auto' }} data-testid="my-exports-refresh" onClick={() => void reload()}>
          {env.t('excel.refresh')}
        </Button>
      </div>
      <DataGrid
        name="myExports"
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
        onRowAction={(action, row) => void run(action, row)}
        readOnly
      />
    </div>
  );
}

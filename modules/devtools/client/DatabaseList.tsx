// Screen "databaseList": the tables of the database, searchable by name, paged, with estimated row counts.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Input, Space, Table } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { devtoolsApi, errorText, type TableRow } from './devtoolsApi';
import { ScreenTitle } from './ScreenTitle';

const PAGE_ROWS = 20;

export function DatabaseList({ page }: CustomPageProps) {
  const env = useRuntimeEnv();
  const api = useMemo(() => devtoolsApi(env), [env]);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [pageIndex, setPageIndex] = useState(1);
  const [data, setData] = useState<{ rows: TableRow[]; count: number } | null>(null);
  const load = useCallback(
    () => api.tables(query, pageIndex, PAGE_ROWS).then(setData, (e: unknown) => env.notify('error', errorText(e))),
    [api, env, query, pageIndex],
  );
  useEffect(() => void load(), [load]);

  const columns = [
    {
      title: env.t('devtools.db.tableName'),
      dataIndex: 'tableName',
      render: (v: string) => (
        <a data-testid={`db-table-${v}`} onClick={() => env.navigate(`/main/databaseDetail?tableName=${encodeURIComponent(v)}`)}>
          {v}
        </a>
      ),
    },
    { title: env.t('devtools.db.comment'), dataIndex: 'tableComment', render: (v: string | null) => v ?? '' },
    { title: env.t('devtools.db.estimatedRows'), dataIndex: 'estimatedRows', align: 'right' as const, render: (v: number) => `≈ ${v.toLocaleString()}` },
    { title: env.t('devtools.db.columnCount'), dataIndex: 'columnCount', align: 'right' as const },
    {
      title: env.t('devtools.operate'),
      dataIndex: 'op',
      width: 220,
      render: (_: unknown, r: TableRow) => (
        <Space>
          <Button size="mini" onClick={() => env.navigate(`/main/databaseDetail?tableName=${encodeURIComponent(r.tableName)}`)}>
            {env.t('devtools.db.columns')}
          </Button>
          <Button size="mini" type="primary" onClick={() => env.navigate(`/main/devtoolsGeneratorCode?tableName=${encodeURIComponent(r.tableName)}`)}>
            {env.t('devtools.gen.generate')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="srm-page" data-page={page.name}>
      <ScreenTitle>{resolveText(page.title, env)}</ScreenTitle>
      <Space style={{ marginBottom: 12 }}>
        <Input
          data-testid="db-search"
          allowClear
          style={{ width: 280 }}
          placeholder={env.t('devtools.db.searchPlaceholder')}
          value={search}
          onChange={setSearch}
          onPressEnter={() => {
            setPageIndex(1);
            setQuery(search.trim());
          }}
        />
        <Button
          type="primary"
          data-testid="db-search-button"
          onClick={() => {
            setPageIndex(1);
            setQuery(search.trim());
          }}
        >
          {env.t('devtools.search')}
        </Button>
      </Space>
      <Table
        rowKey="tableName"
        size="small"
        border
        loading={!data}
        columns={columns}
        data={data?.rows ?? []}
        pagination={{ total: data?.count ?? 0, current: pageIndex, pageSize: PAGE_ROWS, onChange: setPageIndex, showTotal: true }}
      />
    </div>
  );
}

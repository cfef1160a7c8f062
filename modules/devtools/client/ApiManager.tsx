// Screen "apiManager": every endpoint of the OpenAPI document (path, summary, area), searchable.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Input, Select, Space, Table, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { devtoolsApi, errorText, type EndpointRow } from './devtoolsApi';
import { ScreenTitle } from './ScreenTitle';

const PAGE_ROWS = 20;
const AREAS = [
  'baseServer',
  'srmServer',
  'fileServer',
  'largeFileServer',
  'exportServer',
  'messageServer',
  'bpmServer',
  'schedule',
  'reportServer',
  'cxfServer',
  'ruleEngineServer',
];

export function ApiManager({ page }: CustomPageProps) {
  const env = useRuntimeEnv();
  const api = useMemo(() => devtoolsApi(env), [env]);
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ keyword: '', area: '' });
  const [pageIndex, setPageIndex] = useState(1);
  const [data, setData] = useState<{ rows: EndpointRow[]; count: number } | null>(null);
  const load = useCallback(
    () => api.endpoints(query.keyword, query.area, pageIndex, PAGE_ROWS).then(setData, (e: unknown) => env.notify('error', errorText(e))),
    [api, env, query, pageIndex],
  );
  useEffect(() => void load(), [load]);

  return (
    <div className="srm-page" data-page={page.name}>
      <ScreenTitle
        extra={
          <Space>
            <Button onClick={() => env.navigate('/main/apiDocs')}>{env.t('devtools.api.docs')}</Button>
            <Button type="primary" data-testid="api-open-import" onClick={() => env.navigate('/main/apiListEdit')}>
              {env.t('devtools.api.import')}
            </Button>
          </Space>
        }
      >
        {resolveText(page.title, env)}
      </ScreenTitle>
      <Space style={{ marginBottom: 12 }}>
        <Input
          data-testid="api-search"
          allowClear
          style={{ width: 320 }}
          placeholder={env.t('devtools.api.searchPlaceholder')}
          value={keyword}
          onChange={setKeyword}
          onPressEnter={() => {
            setPageIndex(1);
            setQuery((q) => ({ ...q, keyword: keyword.trim() }));
          }}
        />
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={env.t('devtools.api.area')}
          value={query.area || undefined}
          onChange={(area?: string) => {
            setPageIndex(1);
            setQuery((q) => ({ ...q, area: area ?? '' }));
          }}
          options={AREAS}
        />
        <Button
          type="primary"
          onClick={() => {
            setPageIndex(1);
            setQuery((q) => ({ ...q, keyword: keyword.trim() }));
          }}
        >
          {env.t('devtools.search')}
        </Button>
      </Space>
      <Table
        rowKey={(r: EndpointRow) => `${r.method} ${r.path}`}
        size="small"
        border
        loading={!data}
        data={data?.rows ?? []}
        pagination={{ total: data?.count ?? 0, current: pageIndex, pageSize: PAGE_ROWS, onChange: setPageIndex, showTotal: true }}
        columns={[
          {
            title: env.t('devtools.api.method'),
            dataIndex: 'method',
            width: 90,
            render: (v: string) => <Tag color={v === 'GET' ? 'green' : 'arcoblue'}>{v}</Tag>,
          },
          { title: env.t('devtools.api.path'), dataIndex: 'path' },
          { title: env.t('devtools.api.summary'), dataIndex: 'summary' },
          { title: env.t('devtools.api.area'), dataIndex: 'area', width: 150 },
        ]}
      />
    </div>
  );
}

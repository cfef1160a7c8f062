// Screen "apiListEdit": import an external swagger 2 / OpenAPI 3 JSON document (file or pasted) into the
// API registry, and the registered APIs with their request/response schemas.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Input, Space, Table, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { devtoolsApi, errorText, type RegisteredApi } from './devtoolsApi';
import { ScreenTitle } from './ScreenTitle';

const PAGE_ROWS = 20;
const MAX_FILE = 5 * 1024 * 1024;

const pretty = (text: string | null) => {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

export function ApiListEdit({ page }: CustomPageProps) {
  const env = useRuntimeEnv();
  const api = useMemo(() => devtoolsApi(env), [env]);
  const [source, setSource] = useState('');
  const [document, setDocument] = useState('');
  const [busy, setBusy] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const [pageIndex, setPageIndex] = useState(1);
  const [data, setData] = useState<{ rows: RegisteredApi[]; count: number } | null>(null);
  const load = useCallback(
    () => api.registered(query, pageIndex, PAGE_ROWS).then(setData, (e: unknown) => env.notify('error', errorText(e))),
    [api, env, query, pageIndex],
  );
  useEffect(() => void load(), [load]);

  const readFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE) return env.notify('error', env.t('devtools.api.fileTooLarge'));
    void file.text().then((text) => {
      setDocument(text);
      if (!source) setSource(file.name.replace(/\.json$/i, ''));
    });
  };

  const submit = async () => {
    setBusy(true);
    try {
      const r = await api.importDocument(source.trim(), document);
      env.notify('success', env.t('devtools.api.imported', { count: r.imported, source: r.source }));
      setDocument('');
      setPageIndex(1);
      await load();
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const removeSource = async (s: string) => {
    if (!(await env.confirm(env.t('devtools.api.confirmDelete', { source: s })))) return;
    try {
      await api.deleteSource(s);
      await load();
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };

  return (
    <div className="srm-page" data-page={page.name}>
      <ScreenTitle extra={<Button onClick={() => env.navigate('/main/apiManager')}>{env.t('devtools.api.endpoints')}</Button>}>
        {resolveText(page.title, env)}
      </ScreenTitle>
      <div style={{ display: 'grid', gap: 8, maxWidth: 900, marginBottom: 16 }}>
        <Space wrap>
          <Input data-testid="api-source" addBefore={env.t('devtools.api.source')} style={{ width: 360 }} value={source} onChange={setSource} />
          <input data-testid="api-file" type="file" accept=".json,application/json" onChange={(e) => readFile(e.target.files?.[0])} />
        </Space>
        <Input.TextArea
          data-testid="api-document"
          placeholder={env.t('devtools.api.pastePlaceholder')}
          autoSize={{ minRows: 6, maxRows: 14 }}
          value={document}
          onChange={setDocument}
          style={{ fontFamily: 'monospace' }}
        />
        <div>
          <Button type="primary" data-testid="api-import" loading={busy} disabled={!source.trim() || !document.trim()} onClick={() => void submit()}>
            {env.t('devtools.api.import')}
          </Button>
        </div>
      </div>
      <Space style={{ marginBottom: 12 }}>
        <Input
          allowClear
          style={{ width: 320 }}
          placeholder={env.t('devtools.api.searchPlaceholder')}
          value={keyword}
          onChange={setKeyword}
          onPressEnter={() => {
            setPageIndex(1);
            setQuery(keyword.trim());
          }}
        />
      </Space>
      <Table
        data-testid="api-registered"
        rowKey="apiId"
        size="small"
        border
        loading={!data}
        data={data?.rows ?? []}
        pagination={{ total: data?.count ?? 0, current: pageIndex, pageSize: PAGE_ROWS, onChange: setPageIndex, showTotal: true }}
        expandedRowRender={(r: RegisteredApi) => (
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
            <div>
              <b>{env.t('devtools.api.requestSchema')}</b>
              <pre style={{ fontSize: 12, maxHeight: 260, overflow: 'auto' }}>{pretty(r.requestSchema) || '—'}</pre>
            </div>
            <div>
              <b>{env.t('devtools.api.responseSchema')}</b>
              <pre style={{ fontSize: 12, maxHeight: 260, overflow: 'auto' }}>{pretty(r.responseSchema) || '—'}</pre>
            </div>
          </div>
        )}
        columns={[
          { title: env.t('devtools.api.source'), dataIndex: 'source', width: 160 },
          { title: env.t('devtools.api.method'), dataIndex: 'method', width: 90, render: (v: string) => <Tag>{v}</Tag> },
          { title: env.t('devtools.api.path'), dataIndex: 'path' },
          { title: env.t('devtools.api.summary'), dataIndex: 'summary', render: (v: string | null) => v ?? '' },
          { title: env.t('devtools.api.registeredAt'), dataIndex: 'creationDate', width: 170 },
          {
            title: env.t('devtools.operate'),
            dataIndex: 'op',
            width: 130,
            render: (_: unknown, r: RegisteredApi) => (
              <Button size="mini" status="danger" onClick={() => void removeSource(r.source)}>
                {env.t('devtools.api.deleteSource')}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}

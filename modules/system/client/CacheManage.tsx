// Screen "redisManage": browse keys by pattern (server-side SCAN paging, never KEYS), look at a value,
// delete a key, rebuild lookups. Session/security keys arrive masked and have no buttons.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Input, Modal, Space, Table, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { cacheApi, errorText, type KeyRow, type KeyValue, type StoreKind } from './cacheApi';
import { StoreBanner } from './StoreBanner';

export function CacheManage({ page }: CustomPageProps) {
  const env = useRuntimeEnv();
  const api = useMemo(() => cacheApi(env), [env]);
  const [pattern, setPattern] = useState('*');
  const [rows, setRows] = useState<KeyRow[]>([]);
  const [cursor, setCursor] = useState('0');
  const [done, setDone] = useState(true);
  const [store, setStore] = useState<StoreKind | null>(null);
  const [loading, setLoading] = useState(false);
  const [shown, setShown] = useState<KeyValue | null>(null);

  const search = useCallback(
    async (from: string, append: boolean) => {
      setLoading(true);
      try {
        // The server keeps scanning until the page is full or the scan ends (within a time budget), so
        // one call finds a key that exists; "more" goes on from its cursor.
        const page = await api.keys(pattern, from);
        setStore(page.store);
        setRows((old) => {
          const list = append ? [...old, ...page.keys] : page.keys;
          const seen = new Set<string>();
          // Masked keys look alike; keep them all, drop only exact repeats of clear keys.
          return list.filter((r) => r.protected || (!seen.has(r.key) && seen.add(r.key)));
        });
        setCursor(page.cursor);
        setDone(page.done);
      } catch (e) {
        env.notify('error', errorText(e));
      } finally {
        setLoading(false);
      }
    },
    [api, pattern, env],
  );
  // The first page once on open; later searches are the user's (search changes with every keystroke).
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (opened) return;
    setOpened(true);
    void search('0', false);
  }, [opened, search]);

  const view = async (key: string) => {
    try {
      setShown(await api.value(key));
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };
  const remove = async (key: string) => {
    if (!(await env.confirm(env.t('cacheAdmin.confirmDelete', { key })))) return;
    try {
      await api.remove(key);
      env.notify('success', env.t('cacheAdmin.deleted'));
      setRows((r) => r.filter((x) => x.key !== key));
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };
  const rebuild = async () => {
    try {
      const r = await api.rebuild();
      env.notify('success', env.t('cacheAdmin.rebuilt', { types: r.types }));
      await search('0', false);
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };

  return (
    <div className="srm-page" data-page={page.name}>
      <h2 style={{ fontSize: 18, fontWeight: 600, margin: '0 0 12px' }}>{resolveText(page.title, env)}</h2>
      {store && <StoreBanner store={store} env={env} />}
      <Space style={{ marginBottom: 12 }} wrap>
        <span>{env.t('cacheAdmin.pattern')}</span>
        <Input data-testid="cache-pattern" style={{ width: 280 }} value={pattern} onChange={setPattern} onPressEnter={() => void search('0', false)} />
        <Button type="primary" data-testid="cache-search" loading={loading} onClick={() => void search('0', false)}>
          {env.t('cacheAdmin.search')}
        </Button>
        {env.can('btnRebuild') && (
          <Button data-testid="cache-rebuild" onClick={() => void rebuild()}>
            {env.t('cacheAdmin.rebuild')}
          </Button>
        )}
        <span style={{ color: '#86909c' }} data-testid="cache-count" data-count={rows.length}>
          {env.t('cacheAdmin.count', { count: rows.length })}
          {done ? ` · ${env.t('cacheAdmin.done')}` : ''}
        </span>
      </Space>
      <Table
        data-testid="cache-keys"
        rowKey={(r: KeyRow) => (r.protected ? `${r.key}#${rows.indexOf(r)}` : r.key)}
        data={rows}
        loading={loading}
        pagination={false}
        noDataElement={<span>{env.t('cacheAdmin.empty')}</span>}
        scroll={{ y: 480 }}
        columns={[
          {
            title: env.t('cacheAdmin.key'),
            dataIndex: 'key',
            render: (_: unknown, r: KeyRow, i: number) => (
              <span data-testid={`cache-key-${i}`} style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {r.key} {r.protected && <Tag size="small">{env.t('cacheAdmin.masked')}</Tag>}
              </span>
            ),
          },
          { title: env.t('cacheAdmin.ttl'), dataIndex: 'ttl', width: 140, render: (v: number) => (v < 0 ? env.t('cacheAdmin.noExpiry') : v) },
          {
            title: env.t('cacheAdmin.operate'),
            width: 160,
            render: (_: unknown, r: KeyRow, i: number) =>
              r.protected ? null : (
                <Space size={4}>
                  {env.can('btnView') && (
                    <Button size="mini" data-testid={`cache-view-${i}`} onClick={() => void view(r.key)}>
                      {env.t('cacheAdmin.view')}
                    </Button>
                  )}
                  {env.can('btnDelete') && (
                    <Button size="mini" status="danger" data-testid={`cache-delete-${i}`} onClick={() => void remove(r.key)}>
                      {env.t('cacheAdmin.delete')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      {!done && (
        <Button style={{ marginTop: 8 }} data-testid="cache-more" loading={loading} onClick={() => void search(cursor, true)}>
          {env.t('cacheAdmin.more')}
        </Button>
      )}
      <Modal title={shown?.key} visible={shown !== null} onCancel={() => setShown(null)} footer={null} style={{ width: 720 }} unmountOnExit>
        {shown && (
          <div data-testid="cache-value-dialog">
            <Space style={{ marginBottom: 8 }}>
              <Tag>{`${env.t('cacheAdmin.type')}: ${shown.type}`}</Tag>
              <Tag>{`${env.t('cacheAdmin.size')}: ${shown.size}`}</Tag>
              <Tag>{`${env.t('cacheAdmin.ttl')}: ${shown.ttl < 0 ? env.t('cacheAdmin.noExpiry') : shown.ttl}`}</Tag>
            </Space>
            {shown.truncated && <div style={{ color: '#f53f3f', marginBottom: 6 }}>{env.t('cacheAdmin.truncated', { bytes: shown.value.length })}</div>}
            <pre
              data-testid="cache-value"
              style={{ maxHeight: 420, overflow: 'auto', background: '#f7f8fa', padding: 8, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            >
              {prettyValue(shown.value)}
            </pre>
          </div>
        )}
      </Modal>
    </div>
  );
}

function prettyValue(v: string): string {
  try {
    return JSON.stringify(JSON.parse(v), null, 2);
  } catch {
    return v;
  }
}

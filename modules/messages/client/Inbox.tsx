// "我的消息" (msgReceive; also receiveMessageList, msgTd): the signed-in user's in-app messages, newest
// first, all / unread / read, searched by text; a click opens the message's document (and marks it read),
// selected messages or all of them can be marked read. Refreshes when a message is pushed or read elsewhere.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Input, Radio, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import { hasService, service } from '../../../runtime/registry/services';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { MessageSettings } from './MessageSettings';
import { errorText, inboxApi, INBOX_CHANGED, inboxChanged, openMessage, type InboxFilter, type InboxMessage } from './inboxApi';

type Show = 'all' | 'N' | 'Y';

export function Inbox({ page }: CustomPageProps) {
  const env = useRuntimeEnv();
  const api = useMemo(() => inboxApi(env), [env]);
  const [show, setShow] = useState<Show>('all');
  const [keyword, setKeyword] = useState('');
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [rows, setRows] = useState<InboxMessage[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    const params: InboxFilter = {};
    if (show !== 'all') params.readFlag = show;
    if (keyword) params.keyword = keyword;
    try {
      const r = await api.list(params, pageIndex, pageSize);
      setRows(r.rows);
      setTotal(r.count);
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setLoading(false);
    }
  }, [api, env, show, keyword, pageIndex, pageSize]);

  useEffect(() => void load(), [load]);
  useEffect(() => {
    const onChange = () => void load();
    window.addEventListener(INBOX_CHANGED, onChange);
    const live = hasService('live') ? service('live').subscribe('message', onChange) : null;
    return () => {
      window.removeEventListener(INBOX_CHANGED, onChange);
      live?.();
    };
  }, [load]);

  const act = async (run: () => Promise<unknown>) => {
    try {
      await run();
      setSelected([]);
      inboxChanged();
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };

  const columns: TableColumnProps<InboxMessage>[] = [
    {
      title: env.t('msg.status'),
      dataIndex: 'readFlag',
      width: 90,
      render: (_, m) => (
        <Tag color={m.readFlag === 'N' ? 'arcoblue' : 'gray'} data-testid={`inbox-status-${m.messageId}`}>
          {env.t(m.readFlag === 'N' ? 'msg.unread' : 'msg.read')}
        </Tag>
      ),
    },
    {
      title: env.t('msg.title'),
      dataIndex: 'title',
      width: 300,
      render: (_, m) => (
        <Button
          type="text"
          style={{ padding: 0, fontWeight: m.readFlag === 'N' ? 600 : 400 }}
          data-testid={`inbox-open-${m.messageId}`}
          onClick={() => void act(() => openMessage(env, m))}
        >
          {m.title}
        </Button>
      ),
    },
    { title: env.t('msg.content'), dataIndex: 'content', render: (_, m) => <span style={{ whiteSpace: 'pre-wrap' }}>{m.content}</span> },
    { title: env.t('msg.source'), dataIndex: 'sourceType', width: 170 },
    { title: env.t('msg.sendTime'), dataIndex: 'sendTime', width: 170 },
  ];

  return (
    <div className="srm-page" data-page={page.name} data-testid="inbox">
      <h2 style={{ fontSize: 18, fontWeight: 600, margin: '0 0 12px' }}>{resolveText(page.title, env)}</h2>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12, flexWrap: 'wrap' }}>
        <Radio.Group type="button" value={show} onChange={(v: Show) => (setShow(v), setPageIndex(1))} data-testid="inbox-show">
          <Radio value="all">{env.t('msg.all')}</Radio>
          <Radio value="N" data-testid="inbox-show-unread">
            {env.t('msg.unread')}
          </Radio>
          <Radio value="Y">{env.t('msg.read')}</Radio>
        </Radio.Group>
        <Input.Search
          style={{ width: 240 }}
          allowClear
          placeholder={env.t('msg.search')}
          data-testid="inbox-search"
          onSearch={(v) => (setKeyword(v.trim()), setPageIndex(1))}
        />
        <Button disabled={selected.length === 0} data-testid="inbox-read-selected" onClick={() => void act(() => api.read(selected))}>
          {env.t('msg.markRead')}
        </Button>
        <Button data-testid="inbox-read-all" onClick={() => void act(() => api.readAll())}>
          {env.t('msg.markAllRead')}
        </Button>
        <MessageSettings />
      </div>
      <Table<InboxMessage>
        rowKey="messageId"
        data-testid="inbox-table"
        loading={loading}
        columns={columns}
        data={rows}
        border={false}
        rowSelection={{ type: 'checkbox', selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        onRow={(m) => ({ 'data-testid': `inbox-row-${m.messageId}`, 'data-read': m.readFlag }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: pageIndex,
          pageSize,
          total,
          showTotal: true,
          sizeCanChange: true,
          sizeOptions: [20, 50, 100],
          onChange: (p, size) => (setPageIndex(p), setPageSize(size)),
        }}
        noDataElement={<div style={{ padding: 24, color: 'var(--color-text-3)' }}>{env.t('msg.none')}</div>}
      />
    </div>
  );
}

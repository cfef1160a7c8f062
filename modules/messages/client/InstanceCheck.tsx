// msgInstanceCheck: one message as sent: its template, source, variables and route, the rules that
// resolved to nobody (reported, never dropped), and every delivery per recipient and channel with its
// state, attempts, next retry and last error (msgInstanceRestful/findById + findDeliveries).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Descriptions, Spin, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import { lookupMeaning } from '../../../runtime/data/lookupCache';
import { useLookups } from '../../../runtime/data/useLookups';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { pageUrl } from '../../../runtime/pages/routing';
import { errorText } from './inboxApi';

const INSTANCES = 'messageServer/v1/msgInstanceRestful';

interface Instance {
  instanceId: number;
  templateCode: string;
  sourceType: string | null;
  title: string | null;
  route: string | null;
  language: string | null;
  variables: string | null;
  instanceStatus: string;
  recipientCount: number | null;
  deliveryCount: number | null;
  unresolved: string | null;
  creationDate: string;
}

interface Delivery {
  deliveryId: number;
  userName: string | null;
  channel: string;
  address: string | null;
  deliveryStatus: string;
  attempts: number | null;
  nextAttemptAt: string | null;
  sentTime: string | null;
  readFlag: string | null;
  lastError: string | null;
}

const STATUS_COLOR: Record<string, string> = {
  SENT: 'green',
  QUEUED: 'arcoblue',
  PENDING: 'arcoblue',
  SENDING: 'arcoblue',
  RETRY: 'orange',
  FAILED: 'red',
  SKIPPED: 'gray',
  LOGGED: 'gold',
  NO_RECIPIENT: 'red',
};

export function InstanceCheck({ page, query }: CustomPageProps) {
  const env = useRuntimeEnv();
  const id = Number(query.id);
  const lookups = useLookups(['MSG_CHANNEL', 'MSG_DELIVERY_STATUS', 'MSG_INSTANCE_STATUS']);
  const [instance, setInstance] = useState<Instance | null>(null);
  const [rows, setRows] = useState<Delivery[]>([]);
  const [total, setTotal] = useState(0);
  const [pageIndex, setPageIndex] = useState(1);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [i, d] = await Promise.all([
        env.api<Instance>(`${INSTANCES}/findById`, { id }),
        env.api<Delivery[]>(`${INSTANCES}/findDeliveries`, { id, pageIndex, pageRows: 20 }),
      ]);
      setInstance(i.data);
      setRows(d.data);
      setTotal(d.page?.count ?? d.data.length);
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setLoading(false);
    }
  }, [env, id, pageIndex]);
  useEffect(() => void load(), [load]);

  const meaning = useCallback((type: string, code: string | null) => lookupMeaning(lookups[type], code) ?? code ?? '', [lookups]);
  const status = (type: string, code: string, testId?: string) => (
    <Tag color={STATUS_COLOR[code] ?? 'gray'} data-testid={testId} data-status={code}>
      {meaning(type, code)}
    </Tag>
  );
  const variables = useMemo(() => {
    try {
      return Object.entries(JSON.parse(instance?.variables ?? '{}') as Record<string, unknown>)
        .map(([k, v]) => `${k} = ${String(v)}`)
        .join('\n');
    } catch {
      return instance?.variables ?? '';
    }
  }, [instance]);

  const columns: TableColumnProps<Delivery>[] = [
    { title: env.t('msg.deliveryId'), dataIndex: 'deliveryId', width: 90 },
    { title: env.t('msg.recipient'), dataIndex: 'userName', width: 120 },
    { title: env.t('msg.channel'), dataIndex: 'channel', width: 100, render: (_, d) => meaning('MSG_CHANNEL', d.channel) },
    { title: env.t('msg.address'), dataIndex: 'address', width: 200 },
    {
      title: env.t('msg.status'),
      dataIndex: 'deliveryStatus',
      width: 130,
      render: (_, d) => status('MSG_DELIVERY_STATUS', d.deliveryStatus, `delivery-status-${d.deliveryId}`),
    },
    { title: env.t('msg.attempts'), dataIndex: 'attempts', width: 80 },
    { title: env.t('msg.nextAttempt'), dataIndex: 'nextAttemptAt', width: 170 },
    { title: env.t('msg.sendTime'), dataIndex: 'sentTime', width: 170 },
    { title: env.t('msg.lastError'), dataIndex: 'lastError', width: 280 },
  ];

  if (!instance) return <Spin style={{ margin: 24 }} />;
  return (
    <div className="srm-page" data-page={page.name} data-testid="msg-instance">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12 }}>
        <h2 style={{ fontSize: 18, fontWeight: 600, margin: 0 }}>{resolveText(page.title, env)}</h2>
        <Button data-testid="msg-instance-back" onClick={() => env.navigate(pageUrl('msgInstance', {}, query))}>
          {env.t('actions.back')}
        </Button>
      </div>
      {instance.unresolved && (
        <Alert
          type="warning"
          style={{ marginBottom: 12 }}
          title={env.t('msg.unresolved')}
          data-testid="msg-instance-unresolved"
          content={<div style={{ whiteSpace: 'pre-wrap' }}>{instance.unresolved}</div>}
        />
      )}
      <Descriptions
        border
        column={2}
        style={{ marginBottom: 16 }}
        data={[
          { label: env.t('msg.instanceId'), value: instance.instanceId },
          { label: env.t('msg.status'), value: status('MSG_INSTANCE_STATUS', instance.instanceStatus, 'msg-instance-status') },
          { label: env.t('msg.template'), value: instance.templateCode },
          { label: env.t('msg.source'), value: instance.sourceType ?? '' },
          { label: env.t('msg.title'), value: instance.title ?? '' },
          { label: env.t('msg.sendTime'), value: instance.creationDate },
          { label: env.t('msg.recipients'), value: instance.recipientCount ?? 0 },
          { label: env.t('msg.deliveries'), value: instance.deliveryCount ?? 0 },
          { label: env.t('msg.route'), value: instance.route ?? '' },
          { label: env.t('msg.variables'), value: <span style={{ whiteSpace: 'pre-wrap' }}>{variables}</span> },
        ]}
      />
      <Table<Delivery>
        rowKey="deliveryId"
        data-testid="msg-instance-deliveries"
        loading={loading}
        columns={columns}
        data={rows}
        scroll={{ x: 1340 }}
        pagination={{ current: pageIndex, pageSize: 20, total, onChange: setPageIndex }}
      />
    </div>
  );
}

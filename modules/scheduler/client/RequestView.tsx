// One request: what it runs and when, launch / pause / cancel by the holder's buttons, its runs (each
// with its output or error) and its log. Refreshes itself while a run is due or going.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Descriptions, Space, Spin, Table, Tag } from '@arco-design/web-react';
import type { RuntimeEnv } from '../../../runtime/env';
import { useLookups } from '../../../runtime/data/useLookups';
import { errorText, scheduleApi, type LogEntry, type Run, type ScheduleRequest } from './scheduleApi';

const ACTIVE = ['PENDING', 'RUNNING'];
const CAN = {
  doLaunch: { resource: 'btnLaunch', from: ['PENDING', 'SCHEDULED', 'PAUSED', 'DONE', 'ERROR'], label: 'launch' },
  doPause: { resource: 'btnPause', from: ['PENDING', 'SCHEDULED', 'RUNNING'], label: 'pause' },
  doCancel: { resource: 'btnCancel', from: ['PENDING', 'SCHEDULED', 'RUNNING', 'PAUSED', 'ERROR'], label: 'cancel' },
} as const;
const COLORS: Record<string, string> = { DONE: 'green', ERROR: 'red', TIMEOUT: 'orange', RUNNING: 'arcoblue', CANCELLED: 'gray', PAUSED: 'gold' };

interface Props {
  env: RuntimeEnv;
  id: number;
  /** Button labels as the page definition names them (its actions), in the user's language. */
  labels: Record<'launch' | 'pause' | 'cancel', string>;
  onBack(): void;
}

export function RequestView({ env, id, labels, onBack }: Props) {
  const api = useMemo(() => scheduleApi(env), [env]);
  const lookups = useLookups(['SCHEDULE_REQUEST_STATUS', 'SCHEDULE_RUN_STATUS']);
  const meaning = (type: string, code: string) => lookups[type]?.find((v) => v.lookupCode === code)?.meaning ?? code;
  const [req, setReq] = useState<ScheduleRequest | null>(null);
  const [runs, setRuns] = useState<Run[]>([]);
  const [events, setEvents] = useState<LogEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    try {
      const [r, rs, es] = await Promise.all([api.request(id), api.runs(id), api.events(id)]);
      setReq(r);
      setRuns(rs);
      setEvents(es);
    } catch (e) {
      env.notify('error', errorText(e));
    }
  }, [api, env, id]);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (!req || !ACTIVE.includes(req.requestStatus)) return;
    const timer = setTimeout(() => void load(), 1500);
    return () => clearTimeout(timer);
  }, [req, load]);

  const act = async (action: keyof typeof CAN) => {
    setBusy(true);
    try {
      setReq(await api.act(action, id));
      env.notify('success', env.t('scheduler.done'));
      await load();
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (!req) return <Spin />;
  return (
    <>
      <Descriptions
        border
        column={2}
        style={{ marginBottom: 16, maxWidth: 960 }}
        data={[
          { label: env.t('scheduler.program'), value: req.programCode },
          {
            label: env.t('scheduler.status'),
            value: (
              <Tag data-testid="request-status" data-status={req.requestStatus} color={COLORS[req.requestStatus]}>
                {meaning('SCHEDULE_REQUEST_STATUS', req.requestStatus)}
              </Tag>
            ),
          },
          { label: env.t('scheduler.params'), value: <code>{req.params ?? '{}'}</code> },
          { label: env.t('scheduler.cronLabel'), value: req.cron ?? '—' },
          { label: env.t('scheduler.nextRun'), value: req.nextRunAt ?? '—' },
          { label: env.t('scheduler.error'), value: req.lastError ?? '—' },
        ]}
      />
      {/* Refresh and back first: they keep their place while the state's buttons come and go. */}
      <Space style={{ marginBottom: 16 }}>
        <Button data-testid="request-refresh" onClick={() => void load()}>
          {env.t('actions.refresh')}
        </Button>
        <Button onClick={onBack}>{env.t('actions.back')}</Button>
        {(Object.keys(CAN) as (keyof typeof CAN)[]).map((action) =>
          env.can(CAN[action].resource) && CAN[action].from.some((s) => s === req.requestStatus) ? (
            <Button
              key={action}
              data-testid={`request-${CAN[action].label}`}
              type={action === 'doLaunch' ? 'primary' : 'default'}
              status={action === 'doCancel' ? 'danger' : undefined}
              loading={busy}
              onClick={() => void act(action)}
            >
              {labels[CAN[action].label]}
            </Button>
          ) : null,
        )}
      </Space>
      <h3 style={{ fontSize: 15, margin: '8px 0' }}>{env.t('scheduler.runs')}</h3>
      <Table
        data-testid="request-runs"
        rowKey="runId"
        size="small"
        border
        pagination={false}
        data={runs}
        noDataElement={env.t('scheduler.noRuns')}
        expandedRowRender={(r: Run) => (
          <pre data-testid={`run-output-${r.runId}`} style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
            {[r.output, r.error].filter(Boolean).join('\n') || '—'}
          </pre>
        )}
        columns={[
          { title: '#', dataIndex: 'runId', width: 80 },
          { title: env.t('scheduler.attempt'), dataIndex: 'attempt', width: 90 },
          {
            title: env.t('scheduler.status'),
            dataIndex: 'status',
            width: 110,
            render: (s: string, r: Run) => (
              <Tag data-testid={`run-status-${r.runId}`} data-status={s} color={COLORS[s]}>
                {meaning('SCHEDULE_RUN_STATUS', s)}
              </Tag>
            ),
          },
          { title: env.t('scheduler.startTime'), dataIndex: 'startTime', width: 170 },
          { title: env.t('scheduler.endTime'), dataIndex: 'endTime', width: 170 },
          { title: env.t('scheduler.error'), dataIndex: 'error', ellipsis: true },
        ]}
      />
      <h3 style={{ fontSize: 15, margin: '16px 0 8px' }}>{env.t('scheduler.log')}</h3>
      <Table
        data-testid="request-log"
        rowKey="logId"
        size="small"
        border
        pagination={false}
        data={events}
        columns={[
          { title: env.t('scheduler.time'), dataIndex: 'time', width: 170 },
          { title: env.t('scheduler.event'), dataIndex: 'event', width: 140, render: (e: string) => env.t(`scheduler.event.${e}`) },
          { title: env.t('scheduler.log'), dataIndex: 'message', render: (m: string | null) => m ?? '' },
        ]}
      />
    </>
  );
}

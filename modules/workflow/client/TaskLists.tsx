// The task centre's lists (kind custom pages): my to-dos (myUpcoming / gtasks), my completed tasks
// (myApproval) and the processes I started with where they are (processInitiate). Each row opens the
// document in view mode; a to-do opens it with its task (getTaskUrl), where the task's buttons are.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Input, Space, Table, Tag } from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import { useRuntimeEnv, type RuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { bpmApi, errorText, TASKS_CHANGED, type DoneTask, type ListParams, type Paged, type StartedProcess, type Todo } from './bpmApi';
import { onLiveTasks } from './live';

type Kind = 'todo' | 'done' | 'started';
type AnyRow = Todo | DoneTask | StartedProcess;

export const STATE_COLORS: Record<string, string> = { RUNNING: 'arcoblue', COMPLETED: 'green', REJECTED: 'red', STOPPED: 'gray' };
const RESULT_COLORS: Record<string, string> = { APPROVED: 'green', REJECTED: 'red', TRANSFERRED: 'orange' };

function openUrl(route: string, query: Record<string, string>): string {
  return `${route}?${new URLSearchParams(query).toString()}`;
}

/** The document of a row in view mode (done and started rows: the edit page found through any task of it). */
async function openRow(env: RuntimeEnv, kind: Kind, row: AnyRow): Promise<void> {
  const api = bpmApi(env);
  if ('taskId' in row) {
    const url = await api.taskUrl(row.taskId);
    // A completed task opens the document without the task (its buttons are gone).
    const query = kind === 'todo' ? url.query : { id: url.query.id, mode: 'view', processInstanceId: url.query.processInstanceId };
    env.navigate(openUrl(url.route, query));
    return;
  }
  const process = await api.instanceProcess(row.processInstanceId);
  const anyTask = process.history.find((h) => h.taskId !== null)?.taskId ?? process.openTasks[0]?.taskId;
  if (anyTask === undefined) throw new Error(env.t('bpm.empty'));
  const url = await api.taskUrl(anyTask);
  env.navigate(openUrl(url.route, { id: url.query.id, mode: 'view', processInstanceId: url.query.processInstanceId }));
}

function TaskList({ page, kind }: CustomPageProps & { kind: Kind }) {
  const env = useRuntimeEnv();
  const api = useMemo(() => bpmApi(env), [env]);
  const [draft, setDraft] = useState<ListParams>({});
  const [params, setParams] = useState<ListParams>({});
  const [pageIndex, setPageIndex] = useState(1);
  const [pageRows, setPageRows] = useState(20);
  const [data, setData] = useState<Paged<AnyRow>>({ rows: [], count: 0 });
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v)) as ListParams;
      const answer =
        kind === 'todo'
          ? await api.todos(clean, pageIndex, pageRows)
          : kind === 'done'
            ? await api.done(clean, pageIndex, pageRows)
            : await api.started(clean, pageIndex, pageRows);
      setData(answer as Paged<AnyRow>);
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setLoading(false);
    }
  }, [api, env, kind, params, pageIndex, pageRows]);
  useEffect(() => void load(), [load]);
  // New or closed tasks (pushed, or acted on in this tab) refresh the list.
  useEffect(() => {
    const again = () => void load();
    window.addEventListener(TASKS_CHANGED, again);
    const off = onLiveTasks(again);
    return () => {
      window.removeEventListener(TASKS_CHANGED, again);
      off();
    };
  }, [load]);

  const t = env.t;
  const open = async (row: AnyRow) => {
    try {
      await openRow(env, kind, row);
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };
  const urge = async (row: StartedProcess) => {
    try {
      const r = await api.urge(row.processInstanceId);
      env.notify('success', t('bpm.urged', { count: r.openTasks }));
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };
  const state = (s: string) => <Tag color={STATE_COLORS[s] ?? 'gray'}>{t(`bpm.state.${s}`)}</Tag>;
  const number = (row: AnyRow, i: number) => (
    <a data-testid={`bpm-open-${i}`} href="#" onClick={(e) => (e.preventDefault(), void open(row))}>
      {row.documentNumber ?? row.processInstanceId}
    </a>
  );

  const columns: TableColumnProps<AnyRow>[] = [
    { title: t('bpm.col.documentNumber'), dataIndex: 'documentNumber', width: 170, render: (_v, row, i) => number(row, i) },
    { title: t('bpm.col.title'), dataIndex: 'title', width: 240, ellipsis: true },
  ];
  if (kind === 'todo')
    columns.push(
      { title: t('bpm.col.taskName'), dataIndex: 'taskName', width: 160 },
      { title: t('bpm.col.initiator'), dataIndex: 'initiatorName', width: 120 },
      { title: t('bpm.col.createTime'), dataIndex: 'createTime', width: 170 },
    );
  if (kind === 'done')
    columns.push(
      { title: t('bpm.col.taskName'), dataIndex: 'taskName', width: 150 },
      {
        title: t('bpm.col.result'),
        dataIndex: 'result',
        width: 100,
        render: (v: string) => <Tag color={RESULT_COLORS[v] ?? 'gray'}>{t(`bpm.result.${v}`)}</Tag>,
      },
      { title: t('bpm.col.comment'), dataIndex: 'comment', width: 200, ellipsis: true },
      { title: t('bpm.col.state'), dataIndex: 'instanceState', width: 110, render: (v: string) => state(v) },
      { title: t('bpm.col.endTime'), dataIndex: 'endTime', width: 170 },
    );
  if (kind === 'started')
    columns.push(
      { title: t('bpm.col.model'), dataIndex: 'modelKey', width: 150, render: (v: string, row) => `${v} v${(row as StartedProcess).version}` },
      { title: t('bpm.col.state'), dataIndex: 'state', width: 110, render: (v: string) => state(v) },
      {
        title: t('bpm.col.currentNodes'),
        dataIndex: 'currentNodes',
        width: 200,
        render: (v: string | null, row) => v ?? (row as StartedProcess).endReason ?? '',
      },
      { title: t('bpm.col.startTime'), dataIndex: 'startTime', width: 170 },
    );
  columns.push({
    title: t('bpm.col.operate'),
    key: 'operate',
    width: 140,
    fixed: 'right',
    render: (_v, row, i) => (
      <Space size={4}>
        <Button size="mini" type="text" data-testid={`bpm-row-open-${i}`} onClick={() => void open(row)}>
          {kind === 'todo' ? t('bpm.open') : t('bpm.view')}
        </Button>
        {kind === 'started' && (row as StartedProcess).state === 'RUNNING' && (
          <Button size="mini" type="text" data-testid={`bpm-row-urge-${i}`} onClick={() => void urge(row as StartedProcess)}>
            {t('bpm.urge')}
          </Button>
        )}
      </Space>
    ),
  });

  const search = () => {
    setPageIndex(1);
    setParams({ ...draft });
  };
  return (
    <div className="srm-page srm-bpm-list" data-page={page.name} data-kind={kind}>
      <h2 style={{ fontSize: 18, fontWeight: 600, margin: '0 0 12px' }}>{resolveText(page.title, env)}</h2>
      <Space wrap size={8} style={{ marginBottom: 12 }}>
        <Input
          style={{ width: 200 }}
          data-testid="bpm-search-documentNumber"
          placeholder={t('bpm.col.documentNumber')}
          value={draft.documentNumber ?? ''}
          onChange={(v) => setDraft((d) => ({ ...d, documentNumber: v }))}
          onPressEnter={search}
          allowClear
        />
        <Input
          style={{ width: 220 }}
          data-testid="bpm-search-title"
          placeholder={t('bpm.col.title')}
          value={draft.title ?? ''}
          onChange={(v) => setDraft((d) => ({ ...d, title: v }))}
          onPressEnter={search}
          allowClear
        />
        <Button type="primary" data-testid="bpm-search-submit" onClick={search}>
          {t('bpm.search')}
        </Button>
        <Button
          data-testid="bpm-search-reset"
          onClick={() => {
            setDraft({});
            setParams({});
            setPageIndex(1);
          }}
        >
          {t('bpm.reset')}
        </Button>
      </Space>
      <div data-testid={`bpm-table-${kind}`}>
        <Table<AnyRow>
          rowKey={(row) => ('taskId' in row ? `t${row.taskId}` : `i${row.processInstanceId}`)}
          loading={loading}
          columns={columns}
          data={data.rows}
          scroll={{ x: true }}
          border
          noDataElement={<div style={{ padding: 24, color: 'var(--color-text-3)' }}>{t('bpm.empty')}</div>}
          pagination={{
            current: pageIndex,
            pageSize: pageRows,
            total: data.count,
            showTotal: (total: number) => t('bpm.total', { count: total }),
            sizeCanChange: true,
            onChange: (index: number, size: number) => {
              setPageIndex(index);
              setPageRows(size);
            },
          }}
        />
      </div>
    </div>
  );
}

export const TodoList = (p: CustomPageProps) => <TaskList {...p} kind="todo" />;
export const DoneList = (p: CustomPageProps) => <TaskList {...p} kind="done" />;
export const StartedList = (p: CustomPageProps) => <TaskList {...p} kind="started" />;

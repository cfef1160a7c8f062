// Edit-page addon: a document's approval process above its form. While the process runs, the document's
// own approve / reject buttons are not offered (the process runs them); the assignee of an open task gets
// Approve / Reject (a comment required) / Transfer (pick a user) / Comment here, opened from the to-do
// list or from the document's own list. The history and the diagram (the current step highlighted) are a
// click away. On the monitoring's instance page it shows the instance's diagram, and an administrator
// holding the button reassigns an open task.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Input, Modal, Select, Space, Spin, Table, Tag } from '@arco-design/web-react';
import { useRuntimeEnv, type RuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { bpmApi, errorText, REASSIGN_EVENT, tasksChanged, type DocumentProcess, type HistoryRow, type InstanceDiagram, type TaskUser } from './bpmApi';
import { STATE_COLORS } from './TaskLists';
import { onLiveTasks } from './live';

const BpmnDiagram = lazy(() => import('./BpmnDiagram').then((m) => ({ default: m.BpmnDiagram })));

const INSTANCE_ENTITY = 'bpmInstance';
const ACTION_COLORS: Record<string, string> = {
  APPROVE: 'green',
  REJECT: 'red',
  TRANSFER: 'orange',
  REASSIGN: 'orange',
  STOP: 'gray',
  END: 'green',
  START: 'arcoblue',
};

type Dialog = { kind: 'approve' | 'reject' | 'transfer' | 'comment' | 'reassign' } | null;

function keyOf(record: Record<string, unknown> | null, keyField: string): number | null {
  const v = record?.[keyField];
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function ProcessPanel({ entity, record, reload, hideOperations, query }: EditAddonProps) {
  const env = useRuntimeEnv();
  const api = useMemo(() => bpmApi(env), [env]);
  const onInstance = entity.name === INSTANCE_ENTITY;
  const id = keyOf(record, entity.key);
  const applies = id !== null && (onInstance || entity.status !== undefined);
  const [process, setProcess] = useState<DocumentProcess | null>(null);
  const [diagram, setDiagram] = useState<InstanceDiagram | null>(null);
  const [showHistory, setShowHistory] = useState(true);
  const [showDiagram, setShowDiagram] = useState(onInstance);
  const [dialog, setDialog] = useState<Dialog>(null);
  const version = record?.versionNum ?? record?.state ?? null;

  const load = useCallback(async () => {
    if (!applies || id === null) return;
    try {
      setProcess(onInstance ? await api.instanceProcess(id) : await api.documentProcess(entity.name, id));
    } catch (e) {
      env.notify('error', errorText(e));
    }
  }, [api, applies, entity.name, env, id, onInstance]);
  useEffect(() => void load(), [load, version]);
  useEffect(() => onLiveTasks(() => void load()), [load]);
  // The instance page's Reassign button (action bpmReassign) opens this panel's dialog.
  useEffect(() => {
    if (!onInstance) return;
    const open = () => setDialog({ kind: 'reassign' });
    window.addEventListener(REASSIGN_EVENT, open);
    return () => window.removeEventListener(REASSIGN_EVENT, open);
  }, [onInstance]);

  const running = process?.state === 'RUNNING';
  useEffect(() => {
    hideOperations(running && process && !onInstance ? [process.approveAction, process.rejectAction] : []);
  }, [hideOperations, running, process, onInstance]);

  useEffect(() => {
    if (!showDiagram || !process) return;
    let alive = true;
    api.diagram(process.processInstanceId).then(
      (d) => alive && setDiagram(d),
      (e: unknown) => env.notify('error', errorText(e)),
    );
    return () => {
      alive = false;
    };
  }, [api, env, showDiagram, process]);

  if (!applies || !process) return null;
  const t = env.t;
  const myTask = running && !onInstance ? process.myTask : null;
  const holders = process.openTasks.map((o) => o.assigneeName).join(', ');
  const after = async () => {
    tasksChanged();
    setDialog(null);
    await reload();
    await load();
  };

  return (
    <div className="srm-bpm-panel" data-testid="bpm-panel" data-state={process.state} data-task={myTask?.taskId ?? ''} style={panelStyle}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
        <Space size={8} wrap>
          <strong>{t('bpm.panel.title')}</strong>
          <span>
            {process.modelKey} v{process.version}
          </span>
          <Tag color={STATE_COLORS[process.state] ?? 'gray'} data-testid="bpm-panel-state">
            {t(`bpm.state.${process.state}`)}
          </Tag>
          {running && process.currentNodes && (
            <span data-testid="bpm-panel-current">{t('bpm.panel.current', { nodes: process.currentNodes, users: holders })}</span>
          )}
          {!running && process.endReason && <span>{t('bpm.panel.endReason', { reason: process.endReason })}</span>}
          {myTask && (
            <Tag color="arcoblue" data-testid="bpm-panel-mytask">
              {t('bpm.panel.myTask', { task: myTask.taskName ?? '' })}
            </Tag>
          )}
        </Space>
        <Space size={8} wrap className="srm-bpm-task-actions">
          {myTask && (
            <>
              <Button type="primary" status="success" data-testid="bpm-task-approve" onClick={() => setDialog({ kind: 'approve' })}>
                {t('bpm.task.approve')}
              </Button>
              <Button type="primary" status="danger" data-testid="bpm-task-reject" onClick={() => setDialog({ kind: 'reject' })}>
                {t('bpm.task.reject')}
              </Button>
              <Button data-testid="bpm-task-transfer" onClick={() => setDialog({ kind: 'transfer' })}>
                {t('bpm.task.transfer')}
              </Button>
              <Button data-testid="bpm-task-comment" onClick={() => setDialog({ kind: 'comment' })}>
                {t('bpm.task.comment')}
              </Button>
            </>
          )}
          <Button type="text" size="small" data-testid="bpm-toggle-history" onClick={() => setShowHistory((s) => !s)}>
            {t('bpm.panel.history')}
          </Button>
          <Button type="text" size="small" data-testid="bpm-toggle-diagram" onClick={() => setShowDiagram((s) => !s)}>
            {t('bpm.panel.diagram')}
          </Button>
        </Space>
      </div>
      {showDiagram && (
        <div style={{ marginTop: 10 }}>
          {diagram ? (
            <Suspense fallback={<Spin />}>
              <BpmnDiagram xml={diagram.bpmnXml} activeNodes={diagram.activeNodes} doneNodes={diagram.doneNodes} />
            </Suspense>
          ) : (
            <Spin />
          )}
        </div>
      )}
      {showHistory && <History env={env} rows={process.history} />}
      {dialog && (
        <TaskDialog
          env={env}
          kind={dialog.kind}
          process={process}
          taskId={myTask?.taskId ?? null}
          onClose={() => setDialog(null)}
          onDone={after}
          queryTaskId={query.taskId}
        />
      )}
    </div>
  );
}

const panelStyle = { border: '1px solid var(--color-border-2)', borderRadius: 4, padding: '10px 12px', marginBottom: 12, background: 'var(--color-fill-1)' };

function History({ env, rows }: { env: RuntimeEnv; rows: HistoryRow[] }) {
  const t = env.t;
  return (
    <div data-testid="bpm-history" style={{ marginTop: 10 }}>
      <Table<HistoryRow>
        size="small"
        border
        rowKey="historyId"
        pagination={false}
        data={rows}
        columns={[
          { title: t('bpm.col.node'), dataIndex: 'nodeName', width: 160 },
          {
            title: t('bpm.col.result'),
            dataIndex: 'action',
            width: 100,
            render: (v: string) => <Tag color={ACTION_COLORS[v] ?? 'gray'}>{t(`bpm.action.${v}`)}</Tag>,
          },
          { title: t('bpm.col.user'), dataIndex: 'userName', width: 120, render: (v: string | null) => v ?? '' },
          { title: t('bpm.col.comment'), dataIndex: 'comment', render: (v: string | null) => v ?? '' },
          { title: t('bpm.col.actionTime'), dataIndex: 'actionDate', width: 170 },
        ]}
      />
    </div>
  );
}

interface DialogProps {
  env: RuntimeEnv;
  kind: NonNullable<Dialog>['kind'];
  process: DocumentProcess;
  taskId: number | null;
  queryTaskId: string | undefined;
  onClose(): void;
  onDone(): Promise<void>;
}

function TaskDialog({ env, kind, process, taskId, onClose, onDone }: DialogProps) {
  const api = useMemo(() => bpmApi(env), [env]);
  const t = env.t;
  const [comment, setComment] = useState('');
  const [user, setUser] = useState<TaskUser | null>(null);
  const [reassignTask, setReassignTask] = useState<number | null>(process.openTasks[0]?.taskId ?? null);
  const [busy, setBusy] = useState(false);
  const needsUser = kind === 'transfer' || kind === 'reassign';
  const needsComment = kind === 'reject' || kind === 'comment';
  const title = kind === 'reassign' ? t('bpm.reassign') : t(`bpm.task.${kind}`);

  const ok = async () => {
    if (needsComment && !comment.trim()) {
      env.notify('warning', kind === 'reject' ? t('bpm.task.rejectNeedsComment') : t('bpm.task.commentNeeded'));
      return;
    }
    if (needsUser && !user) {
      env.notify('warning', t('bpm.task.pickUser'));
      return;
    }
    setBusy(true);
    try {
      if (kind === 'approve') {
        await api.approve(taskId!, comment);
        env.notify('success', t('bpm.task.approved'));
      } else if (kind === 'reject') {
        await api.reject(taskId!, comment);
        env.notify('success', t('bpm.task.rejected'));
      } else if (kind === 'transfer') {
        await api.transfer(taskId!, user!.userId, comment);
        env.notify('success', t('bpm.task.transferred', { user: user!.fullName }));
      } else if (kind === 'comment') {
        await api.comment(taskId!, comment);
        env.notify('success', t('bpm.task.commented'));
      } else {
        if (reassignTask === null) throw new Error(t('bpm.noOpenTask'));
        await api.reassign(process.processInstanceId, reassignTask, user!.userId, comment);
        env.notify('success', t('bpm.reassigned', { user: user!.fullName }));
      }
      await onDone();
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      title={title}
      onCancel={onClose}
      onOk={() => void ok()}
      confirmLoading={busy}
      okText={t('bpm.task.confirm')}
      cancelText={t('bpm.task.cancel')}
      okButtonProps={{ 'data-testid': 'bpm-dialog-ok' } as Record<string, string>}
      cancelButtonProps={{ 'data-testid': 'bpm-dialog-cancel' } as Record<string, string>}
      unmountOnExit
      className="srm-bpm-dialog"
    >
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        {kind === 'reassign' && (
          <div>
            <div style={{ marginBottom: 4 }}>{t('bpm.reassignTask')}</div>
            <Select data-testid="bpm-reassign-task" value={reassignTask ?? undefined} onChange={(v: number) => setReassignTask(v)} style={{ width: '100%' }}>
              {process.openTasks.map((o) => (
                <Select.Option key={o.taskId} value={o.taskId}>
                  {`${o.taskName ?? o.nodeId} — ${o.assigneeName}`}
                </Select.Option>
              ))}
            </Select>
          </div>
        )}
        {needsUser && (
          <div>
            <div style={{ marginBottom: 4 }}>{t('bpm.task.transferTo')}</div>
            <UserPicker env={env} value={user} onChange={setUser} />
          </div>
        )}
        <div>
          <div style={{ marginBottom: 4 }}>{needsComment ? t('bpm.task.commentLabel') : t('bpm.task.commentOptional')}</div>
          <Input.TextArea data-testid="bpm-dialog-comment" value={comment} onChange={setComment} maxLength={2000} autoSize={{ minRows: 3, maxRows: 8 }} />
        </div>
      </Space>
    </Modal>
  );
}

function UserPicker({ env, value, onChange }: { env: RuntimeEnv; value: TaskUser | null; onChange(u: TaskUser | null): void }) {
  const api = useMemo(() => bpmApi(env), [env]);
  const [options, setOptions] = useState<TaskUser[]>([]);
  const [loading, setLoading] = useState(false);
  const search = useCallback(
    async (keyword: string) => {
      setLoading(true);
      try {
        setOptions(await api.users(keyword));
      } catch (e) {
        env.notify('error', errorText(e));
      } finally {
        setLoading(false);
      }
    },
    [api, env],
  );
  useEffect(() => void search(''), [search]);
  return (
    <Select
      data-testid="bpm-user-picker"
      showSearch
      allowClear
      filterOption={false}
      loading={loading}
      placeholder={env.t('bpm.task.searchUser')}
      value={value?.userId}
      onSearch={(k: string) => void search(k)}
      onChange={(v: number | undefined) => onChange(options.find((o) => o.userId === v) ?? null)}
      style={{ width: '100%' }}
      getPopupContainer={() => document.body}
    >
      {options.map((u) => (
        <Select.Option key={u.userId} value={u.userId}>
          {`${u.fullName} (${u.userName})`}
        </Select.Option>
      ))}
    </Select>
  );
}

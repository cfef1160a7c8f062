// The task centre's calls (/api/bpmServer/v1/bpmTaskRestful/*, CONTRACT.md "Workflow") and the admin
// operations of models and instances the screens use.
import type { Envelope, RuntimeEnv } from '../../../runtime/env';
import type { DocumentProcess, DoneTask, InstanceDiagram, StartedProcess, TaskUser, Todo } from '../wire';

export type { DocumentProcess, DoneTask, HistoryRow, InstanceDiagram, StartedProcess, TaskUser, Todo } from '../wire';

/** One published version of a model, as its page lists them. */
export interface ModelVersion {
  version: number;
  publishedAt: string;
  publishedBy: number;
  current: boolean;
  instances: number;
  running: number;
}

const TASKS = 'bpmServer/v1/bpmTaskRestful';
const INSTANCES = 'bpmServer/v1/bpmInstanceRestful';
const MODELS = 'bpmServer/v1/bpmModelRestful';

export type ListParams = { documentNumber?: string; title?: string };
export type Paged<T> = { rows: T[]; count: number };

const paged = <T>(e: Envelope<T[]>): Paged<T> => ({ rows: e.data ?? [], count: e.page?.count ?? (e.data ?? []).length });

/** Tells the badge and open task lists in this tab that the caller's tasks changed (after an action). */
export const TASKS_CHANGED = 'srm:bpm-tasks-changed';
export function tasksChanged(): void {
  window.dispatchEvent(new CustomEvent(TASKS_CHANGED));
}

/** The monitoring's Reassign button asks the instance page's process panel to open its dialog. */
export const REASSIGN_EVENT = 'srm:bpm-reassign';

export const bpmApi = (env: RuntimeEnv) => ({
  todos: async (params: ListParams, pageIndex: number, pageRows: number) =>
    paged(await env.api<Todo[]>(`${TASKS}/findTodoTasks`, { params, pageIndex, pageRows })),
  todoCount: async () => (await env.api<Todo[]>(`${TASKS}/findTodoTasks`, { params: {}, pageIndex: 1, pageRows: 1 })).page?.count ?? 0,
  done: async (params: ListParams, pageIndex: number, pageRows: number) =>
    paged(await env.api<DoneTask[]>(`${TASKS}/findHistoricTasks`, { params, pageIndex, pageRows })),
  started: async (params: ListParams, pageIndex: number, pageRows: number) =>
    paged(await env.api<StartedProcess[]>(`${TASKS}/findBpmLists`, { params, pageIndex, pageRows })),
  taskUrl: async (taskId: number) => (await env.api<{ route: string; query: Record<string, string> }>(`${TASKS}/getTaskUrl`, { taskId })).data,
  documentProcess: async (entity: string, businessId: number) =>
    (await env.api<DocumentProcess | null>(`${TASKS}/findDocumentProcess`, { entity, businessId })).data,
  instanceProcess: async (processInstanceId: number) => (await env.api<DocumentProcess>(`${TASKS}/findInstanceProcess`, { processInstanceId })).data,
  diagram: async (processInstanceId: number) => (await env.api<InstanceDiagram>(`${TASKS}/findInstanceDiagram`, { processInstanceId })).data,
  users: async (keyword: string) => (await env.api<TaskUser[]>(`${TASKS}/findTaskUsers`, { keyword })).data ?? [],
  approve: async (taskId: number, comment: string) =>
    (await env.api<{ instanceState: string }>(`${TASKS}/doApprove`, { taskId, comment: comment || null })).data,
  reject: async (taskId: number, comment: string) => (await env.api<{ instanceState: string }>(`${TASKS}/doReject`, { taskId, comment })).data,
  transfer: async (taskId: number, userId: number, comment: string) =>
    (await env.api<{ taskId: number }>(`${TASKS}/doTransfer`, { taskId, userId, comment: comment || null })).data,
  comment: async (taskId: number, comment: string) => (await env.api<unknown>(`${TASKS}/doComment`, { taskId, comment })).data,
  urge: async (processInstanceId: number) => (await env.api<{ openTasks: number }>(`${TASKS}/doUrge`, { processInstanceId })).data,
  reassign: async (instanceId: number, taskId: number, userId: number, comment: string) =>
    (await env.api<{ taskId: number }>(`${INSTANCES}/doReassign`, { id: instanceId, taskId, userId, comment: comment || null })).data,
  stop: async (instanceId: number, reason: string) => (await env.api<unknown>(`${INSTANCES}/doStop`, { id: instanceId, reason: reason || null })).data,
  modelVersions: async (modelId: number) => (await env.api<ModelVersion[]>(`${TASKS}/findModelVersions`, { modelId })).data ?? [],
  model: async (id: number) => (await env.api<Record<string, unknown>>(`${MODELS}/findById`, { id })).data,
});

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

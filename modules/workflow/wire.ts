// What the workflow's calls answer (CONTRACT.md "Workflow"), declared once: the server builds these shapes
// and the task-centre screens read them. Types only, so both sides may import it.

/** What every task row says of its task and the document it is about. */
interface TaskOfDocument {
  taskId: number;
  taskName: string | null;
  processInstanceId: number;
  entity: string;
  businessId: number;
  documentNumber: string | null;
  title: string | null;
  initiatorName: string | null;
  createTime: string;
}

export interface Todo extends TaskOfDocument {
  nodeId: string;
  modelKey: string;
}

export interface DoneTask extends TaskOfDocument {
  result: string;
  comment: string | null;
  instanceState: string;
  endTime: string | null;
}

export interface StartedProcess {
  processInstanceId: number;
  modelKey: string;
  version: number;
  entity: string;
  businessId: number;
  documentNumber: string | null;
  title: string | null;
  state: string;
  currentNodes: string | null;
  startTime: string | null;
  endTime: string | null;
  endReason: string | null;
}

export interface HistoryRow {
  historyId: number;
  taskId: number | null;
  nodeId: string | null;
  nodeName: string | null;
  action: string;
  userName: string | null;
  comment: string | null;
  actionDate: string;
}

export interface DocumentProcess {
  processInstanceId: number;
  modelKey: string;
  version: number;
  state: string;
  currentNodes: string | null;
  initiatorName: string | null;
  startTime: string | null;
  endTime: string | null;
  endReason: string | null;
  /** The document's transitions the process runs (hidden from the document's own buttons while it runs). */
  approveAction: string;
  rejectAction: string;
  /** The caller's open task of this instance, if any. */
  myTask: { taskId: number; taskName: string | null } | null;
  /** Who holds the open tasks now. */
  openTasks: { taskId: number; nodeId: string; taskName: string | null; assigneeId: number; assigneeName: string }[];
  history: HistoryRow[];
}

export interface InstanceDiagram {
  processInstanceId: number;
  state: string;
  /** The frozen XML of the version the instance runs. */
  bpmnXml: string;
  /** Nodes with open tasks now. */
  activeNodes: string[];
  /** Nodes whose tasks were completed (approved, rejected, transferred). */
  doneNodes: string[];
  /** Nodes with an open task nobody can act on (left for the fallback assignee: none yet). */
  flaggedNodes: string[];
}

export interface TaskUser {
  userId: number;
  userName: string;
  fullName: string;
}

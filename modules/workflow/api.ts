// What other modules may use of the workflow: the events it raises (after the commit). The messages
// module turns a new task into a message for its assignees; the task centre's badge follows "task" frames.
// Import this file's types only (ARCHITECTURE.md "Modules": never another module's tables or internals).

import type { Db } from '../../server/db/connect.js';
import type { InternalActor } from '../../server/rest/runTransition.js';

declare module '../../server/events/domainEvents.js' {
  interface DomainEvents {
    /** A task was created for these users (the assignee, or each candidate of a shared task). */
    'workflow.taskAssigned': {
      taskId: number;
      instanceId: number;
      userIds: number[];
      processKey: string;
      /** The user task's name as the model gives it. */
      taskName: string;
      /** The bound document: entity name, its id, its number when it has one, and the route that opens the task. */
      entity: string;
      documentId: number;
      documentNumber: string | null;
      route: string;
      /** Who started the process. */
      initiatorId: number;
    };
    /** A task left these users' to-do lists (completed, transferred away, or its instance stopped). */
    'workflow.taskClosed': { taskId: number; userIds: number[] };
    /** A step's boundary timer is due at `due` (the workflow asks the scheduler for a BPM_ESCALATE run then). */
    'workflow.timerSet': { instanceId: number; due: string };
    /** An urge rule reminds the assignee of an open task (the messages module sends WF_TASK_URGED). */
    'workflow.taskUrged': {
      taskId: number;
      userId: number;
      taskName: string;
      documentNumber: string;
      processKey: string;
      /** How many reminders this task has had from the rule, this one included, and the hours it has been open. */
      times: number;
      hoursOpen: number;
      route: string;
    };
  }
}

type Lang = 'CN' | 'EN' | 'TH' | 'VN';

/** One parameter of a service operation: the modeler shows it, publishing checks the model's value. */
export interface ServiceParam {
  type: 'string' | 'number' | 'boolean';
  label: Record<Lang, string>;
  required?: boolean;
}

/**
 * What a process's service task (<bpmn:serviceTask srm:operation="name" srm:params='{…}'>) calls. A module
 * registers its operations while its own API is built (it depends on 'workflow'). `run` works through the
 * module's own code on `db`, the instance's transaction (inside a savepoint): throwing (an AppError from
 * `refuse` for a readable reason) undoes what it wrote and parks the step in the compensation list.
 */
export interface ServiceOperation {
  /** `module.operation`, unique. */
  name: string;
  label: Record<Lang, string>;
  params: Readonly<Record<string, ServiceParam>>;
  /** Documents it applies to (entity names); the model's binding must be one of them. */
  entities: readonly string[];
  run(db: Db, call: { entity: string; businessId: number; params: Readonly<Record<string, unknown>>; userId: number }): Promise<void>;
}

/** What other modules may call (reached through app.modules.api('workflow')). */
export interface WorkflowApi {
  /**
   * Stops the running instance of a document its owner takes back before review (tasks cancelled, history
   * STOP with `comment`), in the caller's transaction `db`, without the binding's reject transition.
   * False when the document has no running instance.
   */
  withdrawProcess(db: Db, actor: InternalActor, entityName: string, businessId: number, comment: string): Promise<boolean>;
  /** True while a process runs on the document (in the caller's transaction `db`): after a submit run from
   *  server code, false means no bound model took the document. */
  hasRunningProcess(db: Db, entityName: string, businessId: number): Promise<boolean>;
  /** Makes an operation available to service tasks; a name registered twice is an error at start. */
  registerServiceOperation(operation: ServiceOperation): void;
}

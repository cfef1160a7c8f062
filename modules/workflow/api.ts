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
  }
}

/** What other modules may call (reached through app.modules.api('workflow')). */
export interface WorkflowApi {
  /**
   * Stops the running instance of a document its owner takes back before review (tasks cancelled, history
   * STOP with `comment`), in the caller's transaction `db`, without the binding's reject transition.
   * False when the document has no running instance.
   */
  withdrawProcess(db: Db, actor: InternalActor, entityName: string, businessId: number, comment: string): Promise<boolean>;
}

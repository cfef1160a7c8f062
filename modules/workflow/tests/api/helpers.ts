// Shared by the workflow API tests: requisitions by buyer01 with a chosen total, models published by admin,
// the requisition's binding switched to a test's own model, the task centre calls.
import { expect } from 'vitest';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { MATERIAL, PR, expectOk, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';

export const MODEL = 'bpmServer/v1/bpmModelRestful';
export const BINDING = 'bpmServer/v1/bpmBindingRestful';
export const INSTANCE = 'bpmServer/v1/bpmInstanceRestful';
export const TASK = 'bpmServer/v1/bpmTaskRestful';
export { PR };

export interface Todo {
  taskId: number;
  taskName: string;
  processInstanceId: number;
  entity: string;
  businessId: number;
  documentNumber: string;
  title: string;
  initiatorName: string;
  createTime: string;
}

export interface Requisition {
  requisitionId: number;
  requisitionNumber: string;
  title: string;
  status: string;
  versionNum: number;
}

/** A user task's XML. */
export function userTask(id: string, name: string, assigneeType: string, assignee: string, extra = '', body = ''): string {
  return `<bpmn:userTask id="${id}" name="${name}" srm:assigneeType="${assigneeType}" srm:assignee="${assignee}" ${extra}>${body}</bpmn:userTask>`;
}

export const flow = (id: string, from: string, to: string, condition?: object) =>
  condition
    ? `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${JSON.stringify(condition)}</bpmn:conditionExpression></bpmn:sequenceFlow>`
    : `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`;

export function bpmn(processId: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:srm="http://srm.example.com/schema/bpmn" id="defs_${processId}" targetNamespace="http://srm.example.com/bpmn">
  <bpmn:process id="${processId}" isExecutable="true">${body}</bpmn:process>
</bpmn:definitions>`;
}

/** Saves and publishes a model; returns its key. */
export async function publishModel(admin: SignedClient, xml: string, key = uniq('M').replace('-', '_')): Promise<string> {
  const m = expectOk(await admin.call<Rec>(`${MODEL}/saveOrUpdate`, { modelKey: key, modelName: key, bpmnXml: xml }));
  expectOk(await admin.call(`${MODEL}/doPublish`, { id: m.modelId }));
  return key;
}

/** Requisitions' doSubmit starts `modelKey` from now on (every other requisition binding disabled). */
export async function bindRequisitions(admin: SignedClient, modelKey: string, extra: Rec = {}): Promise<void> {
  const all = expectOk(await admin.call<Rec[]>(`${BINDING}/listByPage`, { params: { entityName: 'srmPoRequisition' }, pageRows: 100 }));
  for (const b of all.filter((x) => x.enabledFlag === 'Y')) expectOk(await admin.call(`${BINDING}/saveOrUpdate`, { ...b, enabledFlag: 'N' }));
  expectOk(await admin.call(`${BINDING}/saveOrUpdate`, { entityName: 'srmPoRequisition', modelKey, enabledFlag: 'Y', ...extra }));
}

export class Buyer {
  private materialId = 0;
  constructor(readonly c: SignedClient) {}

  /** A DRAFT requisition whose total is `total` CNY (one line, quantity 10); `header`: more header fields. */
  async draft(total: number, title = uniq('WF'), header: Rec = {}): Promise<Requisition> {
    if (!this.materialId) this.materialId = expectOk(await this.c.call<Rec[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 1 }))[0].materialId as number;
    return expectOk(
      await this.c.call<Requisition>(`${PR}/saveOrUpdate`, {
        title,
        requestDate: '2026-11-22',
        currencyCode: 'CNY',
        lines: [{ materialId: this.materialId, quantity: 10, unitPrice: total / 10, needByDate: '2026-12-31' }],
        ...header,
      }),
    );
  }

  async submit(r: Requisition): Promise<Requisition> {
    return expectOk(await this.c.call<Requisition>(`${PR}/doSubmit`, { id: r.requisitionId, versionNum: r.versionNum }));
  }

  async submitted(total: number): Promise<Requisition> {
    return this.submit(await this.draft(total));
  }

  async status(id: number): Promise<string> {
    return expectOk(await this.c.call<Requisition>(`${PR}/findById`, { id })).status;
  }
}

export async function todos(c: SignedClient, params: Rec = {}): Promise<Todo[]> {
  return expectOk(await c.call<Todo[]>(`${TASK}/findTodoTasks`, { params, pageIndex: 1, pageRows: 100 }));
}

/** The caller's one open task of a document. */
export async function taskOf(c: SignedClient, r: Requisition): Promise<Todo> {
  const mine = (await todos(c, { documentNumber: r.requisitionNumber })).filter((x) => x.businessId === r.requisitionId);
  expect(mine, `${r.requisitionNumber}: one open task`).toHaveLength(1);
  return mine[0];
}

export async function noTaskOf(c: SignedClient, r: Requisition): Promise<void> {
  expect((await todos(c, { documentNumber: r.requisitionNumber })).filter((x) => x.businessId === r.requisitionId)).toEqual([]);
}

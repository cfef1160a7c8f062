// The task centre's reads, always about the caller: open tasks, completed tasks, instances started.
import type { Kysely } from 'kysely';
import type { Page } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import type { WorkflowTables } from '../generated/tables.js';
import type { Trx } from './store.js';

export interface Paging {
  pageIndex: number;
  pageRows: number;
  params: Record<string, unknown>;
}

const TEXT_FILTERS = ['documentNumber', 'title', 'entity'] as const;

export function paging(body: Record<string, unknown>): Paging {
  const pageIndex = body.pageIndex ?? 1;
  const pageRows = body.pageRows ?? 20;
  if (typeof pageIndex !== 'number' || !Number.isSafeInteger(pageIndex) || pageIndex < 1) throw refuse('error.malformed', { detail: 'pageIndex' });
  if (typeof pageRows !== 'number' || !Number.isSafeInteger(pageRows) || pageRows < 1 || pageRows > 500)
    throw refuse('error.malformed', { detail: 'pageRows' });
  const params = body.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw refuse('error.malformed', { detail: 'params' });
  for (const [k, v] of Object.entries(params)) {
    if (!(TEXT_FILTERS as readonly string[]).includes(k)) throw refuse('bpm.badParam', { param: k });
    if (v !== null && v !== '' && typeof v !== 'string') throw refuse('bpm.badParam', { param: k });
  }
  return { pageIndex, pageRows, params: params as Record<string, unknown> };
}

const like = (v: unknown) => `%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function page<R>(rows: Promise<R[]>, count: Promise<{ n: number | string | bigint } | undefined>, p: Paging): Promise<{ rows: R[]; page: Page }> {
  const [r, c] = await Promise.all([rows, count]);
  return { rows: r, page: { count: Number(c?.n ?? 0), curIndex: p.pageIndex, pageRows: p.pageRows } };
}

export function todoTasks(db: Trx, userId: number, p: Paging) {
  const base = (db as Kysely<WorkflowTables>)
    .selectFrom('bpm_task as t')
    .innerJoin('bpm_instance as i', 'i.instance_id', 't.instance_id')
    .where('t.assignee_id', '=', userId)
    .where('t.state', '=', 'OPEN')
    .where('i.state', '=', 'RUNNING')
    .$if(Boolean(p.params.documentNumber), (q) => q.where('i.document_number', 'ilike', like(p.params.documentNumber)))
    .$if(Boolean(p.params.title), (q) => q.where('i.title', 'ilike', like(p.params.title)))
    .$if(Boolean(p.params.entity), (q) => q.where('i.entity_name', '=', String(p.params.entity)));
  return page(
    base
      .select([
        't.task_id as taskId',
        't.task_name as taskName',
        't.node_id as nodeId',
        'i.instance_id as processInstanceId',
        'i.entity_name as entity',
        'i.business_id as businessId',
        'i.document_number as documentNumber',
        'i.title as title',
        'i.initiator_name as initiatorName',
        'i.model_key as modelKey',
        't.create_date as createTime',
      ])
      .orderBy('t.task_id', 'desc')
      .limit(p.pageRows)
      .offset((p.pageIndex - 1) * p.pageRows)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    p,
  );
}

export function historicTasks(db: Trx, userId: number, p: Paging) {
  const base = (db as Kysely<WorkflowTables>)
    .selectFrom('bpm_task as t')
    .innerJoin('bpm_instance as i', 'i.instance_id', 't.instance_id')
    .where('t.assignee_id', '=', userId)
    .where('t.state', 'in', ['APPROVED', 'REJECTED', 'TRANSFERRED'])
    .$if(Boolean(p.params.documentNumber), (q) => q.where('i.document_number', 'ilike', like(p.params.documentNumber)))
    .$if(Boolean(p.params.title), (q) => q.where('i.title', 'ilike', like(p.params.title)))
    .$if(Boolean(p.params.entity), (q) => q.where('i.entity_name', '=', String(p.params.entity)));
  return page(
    base
      .select([
        't.task_id as taskId',
        't.task_name as taskName',
        't.state as result',
        't.comment as comment',
        'i.instance_id as processInstanceId',
        'i.entity_name as entity',
        'i.business_id as businessId',
        'i.document_number as documentNumber',
        'i.title as title',
        'i.initiator_name as initiatorName',
        'i.state as instanceState',
        't.create_date as createTime',
        't.end_date as endTime',
      ])
      .orderBy('t.end_date', 'desc')
      .orderBy('t.task_id', 'desc')
      .limit(p.pageRows)
      .offset((p.pageIndex - 1) * p.pageRows)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    p,
  );
}

export function startedInstances(db: Trx, userId: number, p: Paging) {
  const base = (db as Kysely<WorkflowTables>)
    .selectFrom('bpm_instance as i')
    .where('i.initiator_id', '=', userId)
    .$if(Boolean(p.params.documentNumber), (q) => q.where('i.document_number', 'ilike', like(p.params.documentNumber)))
    .$if(Boolean(p.params.title), (q) => q.where('i.title', 'ilike', like(p.params.title)))
    .$if(Boolean(p.params.entity), (q) => q.where('i.entity_name', '=', String(p.params.entity)));
  return page(
    base
      .select([
        'i.instance_id as processInstanceId',
        'i.model_key as modelKey',
        'i.version as version',
        'i.entity_name as entity',
        'i.business_id as businessId',
        'i.document_number as documentNumber',
        'i.title as title',
        'i.state as state',
        'i.current_nodes as currentNodes',
        'i.start_date as startTime',
        'i.end_date as endTime',
        'i.end_reason as endReason',
      ])
      .orderBy('i.instance_id', 'desc')
      .limit(p.pageRows)
      .offset((p.pageIndex - 1) * p.pageRows)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    p,
  );
}

// The workflow engine under volume: 10,000 running instances with 50,000 open tasks on PostgreSQL (the
// issue's figure), then the task centre's two hottest calls timed through the whole server pipeline.
//
// Boots the real server in-process on PostgreSQL (tests/support/testServer: migrations, demo), publishes a
// model whose one step is a countersign of five ("all"), and bulk-loads straight into its tables: 10,000
// RUNNING instances of it, five OPEN tasks each; approver01 holds one task in 2,000 of them (the user with
// 2,000 open tasks), the others go to 500 synthetic assignees. `analyze`, then, as approver01:
//   - findTodoTasks (page 1 of 20, with the count) — target p95 ≤ 30 ms server side;
//   - doApprove on a different task each call (one of five approvals: the step stays open, the engine
//     locks, closes, writes history, re-reads the group and the current steps) — target p95 ≤ 50 ms.
// Server side = `server.inject()` (signature check, ACL, SQL, serialisation; no network), as the
// listByPage bench measures it; the client round trip over loopback is reported next to it. Each call's
// SQL plan for findTodoTasks is kept (EXPLAIN ANALYZE) so that a missed target comes with its plan.
//
// Writes bench/results/workflow.json. Knobs (env): BENCH_WF_INSTANCES (10000), BENCH_WF_MINE (2000),
// BENCH_CALLS (200), TEST_PG_URL.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { signedHeaders, type SignedClient } from '../support/signedClient.js';
import { startTestServer } from '../support/testServer.js';
import { signIn } from '../support/apiHelpers.js';

const INSTANCES = Number(process.env.BENCH_WF_INSTANCES ?? 10_000);
const MINE = Number(process.env.BENCH_WF_MINE ?? 2_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARMUP = 5;
const TARGET = { findTodoTasks: 30, doApprove: 50 };
const TASK = 'bpmServer/v1/bpmTaskRestful';
const root = join(new URL('.', import.meta.url).pathname, '..', '..');

interface Stats {
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

function stats(samples: number[]): Stats {
  const s = [...samples].sort((x, y) => x - y);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  const r = (v: number) => Math.round(v * 100) / 100;
  return { n: s.length, p50: r(at(0.5)), p95: r(at(0.95)), max: r(s[s.length - 1]), mean: r(s.reduce((a, b) => a + b, 0) / s.length) };
}

async function timed(n: number, once: (i: number) => Promise<void>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await once(i);
  const out: number[] = [];
  for (let i = WARMUP; i < WARMUP + n; i++) {
    const t0 = performance.now();
    await once(i);
    out.push(performance.now() - t0);
  }
  return out;
}

const MODEL_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:srm="http://srm.example.com/schema/bpmn" id="d" targetNamespace="http://srm.example.com/bpmn">
  <bpmn:process id="BENCH_WF" isExecutable="true">
    <bpmn:startEvent id="s"/><bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="t"/>
    <bpmn:userTask id="t" name="会签" srm:assigneeType="user" srm:assignee="approver01,approver02" srm:countersign="all"><bpmn:multiInstanceLoopCharacteristics/></bpmn:userTask>
    <bpmn:sequenceFlow id="f2" sourceRef="t" targetRef="e"/><bpmn:endEvent id="e"/>
  </bpmn:process>
</bpmn:definitions>`;

async function main(): Promise<void> {
  const t = await startTestServer('postgres');
  try {
    const db = t.app.ctx.db;
    const admin = await signIn(t.url, 'admin');
    const saved = await admin.call<{ modelId: number }>('bpmServer/v1/bpmModelRestful/saveOrUpdate', {
      modelKey: 'BENCH_WF',
      modelName: 'bench',
      bpmnXml: MODEL_XML,
    });
    const published = await admin.call('bpmServer/v1/bpmModelRestful/doPublish', { id: saved.data.modelId });
    if (published.status !== 'S') throw new Error(`publish: ${published.msg}`);
    const me: SignedClient = await t.login('approver01');
    const session = me.session!;
    const userId = session.userId;
    const version = (await sql<{ id: number }>`select model_version_id as id from bpm_model_version where model_key = 'BENCH_WF'`.execute(db)).rows[0].id;

    console.log(`loading ${INSTANCES} instances, ${INSTANCES * 5} open tasks (${MINE} of them approver01's)`);
    const t0 = performance.now();
    await sql`insert into bpm_instance (model_key, model_version_id, version, entity_name, approve_action, reject_action, business_id,
        document_number, title, initiator_id, initiator_name, state, current_nodes, start_date, created_by, last_updated_by)
      select 'BENCH_WF', ${version}, 1, 'srmPoRequisition', 'doApproval', 'doReject', g, 'BENCH-' || lpad(g::text, 6, '0'),
        'Bench document ' || g, 1, 'bench', 'RUNNING', '会签', localtimestamp(0) - make_interval(mins => g), 1, 1
      from generate_series(1, ${INSTANCES}) g`.execute(db);
    await sql`insert into bpm_task (instance_id, node_id, task_name, group_key, assignee_id, state, create_date, created_by, last_updated_by)
      select i.instance_id, 't', '会签', i.instance_id || ':t:bench', 
        case when k = 1 and n <= ${MINE} then ${userId} else 1000000 + ((n * 5 + k) % 500) end,
        'OPEN', i.start_date, 1, 1
      from (select instance_id, start_date, row_number() over (order by instance_id) as n from bpm_instance where model_key = 'BENCH_WF') i
      cross join generate_series(1, 5) k`.execute(db);
    await sql`analyze bpm_instance`.execute(db);
    await sql`analyze bpm_task`.execute(db);
    const loadSeconds = (performance.now() - t0) / 1000;
    const counts = (
      await sql<{ instances: string; open: string; mine: string }>`select
        (select count(*) from bpm_instance where state = 'RUNNING') as instances,
        (select count(*) from bpm_task where state = 'OPEN') as open,
        (select count(*) from bpm_task where state = 'OPEN' and assignee_id = ${userId}) as mine`.execute(db)
    ).rows[0];
    console.log(`loaded in ${loadSeconds.toFixed(1)} s: ${JSON.stringify(counts)}`);

    const inject = async (path: string, body: object) => {
      const url = `/api/${path}`;
      const text = JSON.stringify(body);
      const res = await t.app.server.inject({ method: 'POST', url, headers: signedHeaders(session, url, text), payload: text });
      const a = res.json() as { status: string; msg: string; data: unknown; page?: { count: number } };
      if (res.statusCode !== 200 || a.status !== 'S') throw new Error(`${path}: HTTP ${res.statusCode} ${a.status} ${a.msg}`);
      return a;
    };
    const todoBody = { params: {}, pageIndex: 1, pageRows: 20 };
    const first = await inject(`${TASK}/findTodoTasks`, todoBody);
    if ((first.page?.count ?? 0) < MINE) throw new Error(`findTodoTasks counted ${first.page?.count}`);
    const todoServer = stats(await timed(CALLS, async () => void (await inject(`${TASK}/findTodoTasks`, todoBody))));
    const todoClient = stats(await timed(CALLS, async () => void (await me.call(`${TASK}/findTodoTasks`, todoBody))));
    const plan = (
      await sql<{ 'QUERY PLAN': string }>`explain analyze select t.task_id from bpm_task t join bpm_instance i on i.instance_id = t.instance_id
        where t.assignee_id = ${userId} and t.state = 'OPEN' and i.state = 'RUNNING' order by t.task_id desc limit 20`.execute(db)
    ).rows.map((r) => r['QUERY PLAN']);

    const mine = (
      await sql<{
        task_id: number;
      }>`select task_id from bpm_task where assignee_id = ${userId} and state = 'OPEN' order by task_id limit ${WARMUP * 2 + CALLS * 2}`.execute(db)
    ).rows.map((r) => r.task_id);
    let next = 0;
    const approveServer = stats(await timed(CALLS, async () => void (await inject(`${TASK}/doApprove`, { taskId: mine[next++] }))));
    const approveClient = stats(
      await timed(CALLS, async () => {
        const a = await me.call(`${TASK}/doApprove`, { taskId: mine[next++] });
        if (a.status !== 'S') throw new Error(`doApprove: ${a.msg}`);
      }),
    );
    const stillRunning = (await sql<{ n: string }>`select count(*) as n from bpm_instance where model_key = 'BENCH_WF' and state = 'RUNNING'`.execute(db))
      .rows[0].n;

    const result = {
      bench: 'workflow',
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, load1: loadavg()[0] },
      backend: 'postgres',
      postgres: (await sql<{ v: string }>`select version() as v`.execute(db)).rows[0].v,
      data: {
        instances: Number(counts.instances),
        openTasks: Number(counts.open),
        userOpenTasks: Number(counts.mine),
        loadSeconds: Math.round(loadSeconds * 10) / 10,
      },
      findTodoTasks: { server: todoServer, client: todoClient, targetP95Ms: TARGET.findTodoTasks, meetsTarget: todoServer.p95 <= TARGET.findTodoTasks, plan },
      doApprove: { server: approveServer, client: approveClient, targetP95Ms: TARGET.doApprove, meetsTarget: approveServer.p95 <= TARGET.doApprove },
      instancesStillRunning: Number(stillRunning),
    };
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', 'workflow.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(`findTodoTasks server p95 ${todoServer.p95} ms (target ${TARGET.findTodoTasks}), client p95 ${todoClient.p95} ms`);
    console.log(`doApprove server p95 ${approveServer.p95} ms (target ${TARGET.doApprove}), client p95 ${approveClient.p95} ms`);
    if (!result.findTodoTasks.meetsTarget || !result.doApprove.meetsTarget) process.exitCode = 1;
  } finally {
    await t.stop();
  }
}

await main();

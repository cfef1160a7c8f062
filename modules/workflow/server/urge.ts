// Urge rules (reminderSetting screen, bpmUrgeRule): per process model, and optionally per step, an open
// task's assignee is reminded N hours after the task was created, again every M hours, at most K times.
// BPM_URGE (urgeProgram.ts) runs them: per rule, under the rule's row lock (two runs at once send once),
// the due reminders are written to bpm_urge_log and the history (AUTO_URGE), and `workflow.taskUrged`
// is raised; after the commit the messages module sends WF_TASK_URGED. `asOf` (UTC text) is the run's
// clock (tests, catching up); reminders sent are stamped with it so that repeats count from it.
import { sql } from 'kysely';
import type { AppContext } from '../../../server/context.js';
import { auditInsert, auditUpdate } from '../../../server/db/typed.js';
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import { parseId } from '../../../server/rest/read.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { history, wf } from './store.js';
import { systemActor } from './timers.js';
import { taskHref } from './taskUrl.js';

interface Due {
  task_id: number;
  assignee_id: number;
  task_name: string | null;
  node_id: string;
  instance_id: number;
  entity_name: string;
  business_id: number;
  document_number: string | null;
  model_key: string;
  times: number;
  hours_open: number;
}

/** Sends every reminder due by `asOf` (default: now); answers how many. */
export async function urgeDue(app: AppContext, asOf?: string): Promise<number> {
  const rules = await wf(app.db).selectFrom('bpm_urge_rule').select('rule_id').where('enabled_flag', '=', 'Y').orderBy('rule_id').execute();
  let sent = 0;
  for (const { rule_id } of rules) {
    const actor = systemActor();
    sent += await app.db.transaction().execute(async (db) => {
      const rule = await wf(db).selectFrom('bpm_urge_rule').selectAll().where('rule_id', '=', rule_id).forUpdate().executeTakeFirst();
      if (!rule || rule.enabled_flag !== 'Y') return 0;
      const now = asOf ? sql`cast(${asOf} as timestamp)` : sql`localtimestamp(0)`;
      // Per task, how often this rule reminded it and when last.
      const urged = wf(db)
        .selectFrom('bpm_urge_log')
        .select(['task_id', sql<number>`count(*)`.as('times'), sql<string>`max(sent_date)`.as('last_sent')])
        .where('rule_id', '=', rule.rule_id)
        .groupBy('task_id')
        .as('l');
      let query = wf(db)
        .selectFrom('bpm_task as t')
        .innerJoin('bpm_instance as i', 'i.instance_id', 't.instance_id')
        .leftJoin(urged, 'l.task_id', 't.task_id')
        .select([
          't.task_id',
          't.assignee_id',
          't.task_name',
          't.node_id',
          'i.instance_id',
          'i.entity_name',
          'i.business_id',
          'i.document_number',
          'i.model_key',
          sql<number>`cast(coalesce(l.times, 0) as integer)`.as('times'),
          sql<number>`cast(floor(extract(epoch from (${now} - t.create_date)) / 3600) as integer)`.as('hours_open'),
        ])
        .where('t.state', '=', 'OPEN')
        .where('i.state', '=', 'RUNNING')
        .where('i.model_key', '=', rule.model_key)
        .where(sql<boolean>`t.create_date + make_interval(hours => ${rule.after_hours}::int) <= ${now}`)
        .where(sql<boolean>`coalesce(l.times, 0) < ${rule.max_times}`)
        .where(sql<boolean>`(l.last_sent is null or l.last_sent + make_interval(hours => ${rule.repeat_hours}::int) <= ${now})`);
      if (rule.node_id) query = query.where('t.node_id', '=', rule.node_id);
      const due = { rows: (await query.orderBy('t.task_id').limit(1000).execute()) as Due[] };
      for (const d of due.rows) {
        const times = d.times + 1;
        await wf(db)
          .insertInto('bpm_urge_log')
          .values({ task_id: d.task_id, rule_id: rule.rule_id, assignee_id: d.assignee_id, times, sent_date: sql<string>`${now}`, ...auditInsert(0) })
          .execute();
        await history(
          wf(db),
          {
            instanceId: d.instance_id,
            taskId: d.task_id,
            nodeId: d.node_id,
            nodeName: d.task_name ?? d.node_id,
            action: 'AUTO_URGE',
            userId: null,
            userName: null,
            comment: `${times}/${rule.max_times}`,
          },
          0,
        );
        actor.events.add('workflow.taskUrged', {
          taskId: d.task_id,
          userId: d.assignee_id,
          taskName: d.task_name ?? d.node_id,
          documentNumber: d.document_number ?? String(d.business_id),
          processKey: d.model_key,
          times,
          hoursOpen: d.hours_open,
          route: taskHref(app, d.entity_name, d.business_id, d.task_id, d.instance_id),
        });
      }
      return due.rows.length;
    });
    await app.events.deliver(actor.events);
  }
  return sent;
}

/** bpmUrgeRuleRestful/updateStatus {id, enabledFlag?}: switches a rule on or off (without a flag: the other way). */
export const updateStatus: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const wanted = ctx.body.enabledFlag;
  if (wanted !== undefined && wanted !== 'Y' && wanted !== 'N') throw refuse('bpm.urge.badFlag');
  return ctx.app.db.transaction().execute(async (db) => {
    const rule = await wf(db).selectFrom('bpm_urge_rule').select(['rule_id', 'enabled_flag']).where('rule_id', '=', id).forUpdate().executeTakeFirst();
    if (!rule) throw refuse('bpm.urge.notFound');
    const flag = wanted ?? (rule.enabled_flag === 'Y' ? 'N' : 'Y');
    const row = await wf(db)
      .updateTable('bpm_urge_rule')
      .set({ enabled_flag: flag, ...auditUpdate(ctx.session.userId) })
      .where('rule_id', '=', id)
      .returning(['rule_id', 'enabled_flag', 'version_num'])
      .executeTakeFirstOrThrow();
    return ok({ ruleId: row.rule_id, enabledFlag: row.enabled_flag, versionNum: row.version_num });
  });
};

/** When the next reminder of any enabled rule falls due (UTC text), or null: the time the scheduler is asked
 *  for the next BPM_URGE run by, so that nobody has to schedule the program by hand. */
export async function nextUrgeDue(app: AppContext): Promise<Date | null> {
  const urged = wf(app.db)
    .selectFrom('bpm_urge_log')
    .select(['task_id', 'rule_id', sql<number>`count(*)`.as('times'), sql<string>`max(sent_date)`.as('last_sent')])
    .groupBy(['task_id', 'rule_id'])
    .as('l');
  const row = await wf(app.db)
    .selectFrom('bpm_urge_rule as r')
    .innerJoin('bpm_instance as i', (j) => j.onRef('i.model_key', '=', 'r.model_key').on('i.state', '=', 'RUNNING'))
    .innerJoin('bpm_task as t', (j) =>
      j
        .onRef('t.instance_id', '=', 'i.instance_id')
        .on('t.state', '=', 'OPEN')
        .on((eb) => eb.or([eb('r.node_id', 'is', null), eb('t.node_id', '=', eb.ref('r.node_id'))])),
    )
    .leftJoin(urged, (j) => j.onRef('l.task_id', '=', 't.task_id').onRef('l.rule_id', '=', 'r.rule_id'))
    .select(
      sql<
        string | null
      >`to_char(min(coalesce(l.last_sent + make_interval(hours => r.repeat_hours::int), t.create_date + make_interval(hours => r.after_hours::int))),
                   'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('due'),
    )
    .where('r.enabled_flag', '=', 'Y')
    .where(sql<boolean>`coalesce(l.times, 0) < r.max_times`)
    .executeTakeFirst();
  const due = row?.due;
  return due ? new Date(Math.max(Date.parse(due), Date.now()) + 5000) : null;
}

/** A task of `processKey` was assigned: the earliest first reminder an enabled rule of that model would send. */
export async function firstUrgeFor(app: AppContext, processKey: string): Promise<Date | null> {
  const row = await wf(app.db)
    .selectFrom('bpm_urge_rule')
    .select((eb) => eb.fn.min('after_hours').as('hours'))
    .where('model_key', '=', processKey)
    .where('enabled_flag', '=', 'Y')
    .executeTakeFirst();
  return row?.hours === null || row?.hours === undefined ? null : new Date(Date.now() + Number(row.hours) * 3_600_000 + 5000);
}

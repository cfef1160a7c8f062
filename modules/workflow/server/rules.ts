// Save rules of models and bindings: a model's XML edit marks it DRAFT again (until published), a published
// model keeps its key and is not deleted (instances refer to its versions); a binding names an entity's
// declared transitions, an existing model and a condition in the condition format.
import { refuse } from '../../../server/errors.js';
import type { EntityRules } from '../../../server/modules/types.js';
import { bindingConditionProblem } from './binding.js';
import { wf } from './store.js';
import type { AdminApi } from '../../admin/api.js';

export const modelRules: EntityRules = {
  async beforeSave(ctx, db, values, id) {
    const t = wf(db);
    const fallback = typeof values.fallback_assignee === 'string' ? values.fallback_assignee.trim() : '';
    if (fallback && (await ctx.app.modules.api<AdminApi>('admin').usersByName(db, [fallback])).length === 0)
      throw refuse('bpm.model.unknownUser', { name: fallback });
    if (id === null) {
      values.status = 'DRAFT';
      return;
    }
    const model = await t.selectFrom('bpm_model').select(['model_key', 'bpmn_xml']).where('model_id', '=', id).executeTakeFirst();
    if (!model) return;
    const published = await t
      .selectFrom('bpm_model_version')
      .select('bpmn_xml')
      .where('model_key', '=', model.model_key)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (published && 'model_key' in values && values.model_key !== model.model_key) throw refuse('bpm.model.keyFixed');
    if ('bpmn_xml' in values) values.status = published && published.bpmn_xml === values.bpmn_xml ? 'PUBLISHED' : 'DRAFT';
  },
  async beforeDelete(ctx, db, id) {
    const t = wf(db);
    const model = await t.selectFrom('bpm_model').select('model_key').where('model_id', '=', id).executeTakeFirst();
    if (!model) return;
    const used = await t.selectFrom('bpm_model_version').select('model_version_id').where('model_key', '=', model.model_key).limit(1).executeTakeFirst();
    if (used) throw refuse('bpm.model.inUse');
  },
};

export const bindingRules: EntityRules = {
  async beforeSave(ctx, db, values) {
    const entityName = values.entity_name;
    const entity = typeof entityName === 'string' ? ctx.app.defs.entities.get(entityName) : undefined;
    if (entityName !== undefined) {
      if (!entity?.status) throw refuse('bpm.binding.entity', { entity: String(entityName) });
      const actions = new Set(entity.status.transitions.map((x) => x.action));
      for (const column of ['submit_action', 'approve_action', 'reject_action']) {
        const action = values[column];
        if (action !== undefined && !actions.has(String(action))) throw refuse('bpm.binding.action', { action: String(action), entity: entity.name });
      }
    }
    if (typeof values.model_key === 'string') {
      const model = await wf(db).selectFrom('bpm_model').select('model_id').where('model_key', '=', values.model_key).executeTakeFirst();
      if (!model) throw refuse('bpm.binding.model', { key: values.model_key });
    }
    const problem = bindingConditionProblem(values.condition_json as string | null | undefined);
    if (problem) throw refuse('bpm.binding.condition', { reason: problem });
  },
};

/** An out-of-office delegation names two different existing users and a date range that is not reversed. */
export const delegateRules: EntityRules = {
  async beforeSave(ctx, db, values, id) {
    const current = id === null ? undefined : await wf(db).selectFrom('bpm_delegate').selectAll().where('delegate_id', '=', id).executeTakeFirst();
    const pick = (column: 'user_name' | 'delegate_user_name' | 'start_date' | 'end_date') =>
      column in values ? (values[column] as string | null | undefined) : (current?.[column] as string | null | undefined);
    const user = pick('user_name');
    const delegate = pick('delegate_user_name');
    const names = [user, delegate].filter((n): n is string => typeof n === 'string' && n !== '');
    const found = new Set((await ctx.app.modules.api<AdminApi>('admin').usersByName(db, names)).map((u) => u.userName));
    for (const n of names) if (!found.has(n)) throw refuse('bpm.model.unknownUser', { name: n });
    if (user && delegate && user === delegate) throw refuse('bpm.delegate.self');
    const from = pick('start_date');
    const to = pick('end_date');
    if (from && to && String(to).slice(0, 10) < String(from).slice(0, 10)) throw refuse('bpm.delegate.range');
  },
};

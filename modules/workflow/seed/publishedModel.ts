// A demo process model as the modeler leaves one that is published and bound: the model, its version 1 and
// the binding of the entity's submit/approve/reject actions. The demo instances then point at that version.
import { auditInsert } from '../../../server/db/typed.js';
import type { Trx } from '../server/store.js';

export interface DemoModel {
  key: string;
  name: string;
  category: string;
  xml: string;
  description: string;
  /** The bound entity; its actions are the usual doSubmit / doApproval / doReject. */
  entity: string;
  /** false: published only, no binding (a model the demo's instances use without taking the entity's submit). */
  bind?: boolean;
}

/** Writes the model, version 1 and the binding; answers the version's id. */
export async function publishDemoModel(t: Trx, admin: number, m: DemoModel): Promise<number> {
  const model = await t
    .insertInto('bpm_model')
    .values({
      model_key: m.key,
      model_name: m.name,
      category: m.category,
      bpmn_xml: m.xml,
      version: 1,
      status: 'PUBLISHED',
      description: m.description,
      ...auditInsert(admin),
    })
    .returning('model_id')
    .executeTakeFirstOrThrow();
  const version = await t
    .insertInto('bpm_model_version')
    .values({ model_id: model.model_id, model_key: m.key, version: 1, bpmn_xml: m.xml, ...auditInsert(admin) })
    .returning('model_version_id')
    .executeTakeFirstOrThrow();
  if (m.bind === false) return version.model_version_id;
  await t
    .insertInto('bpm_binding')
    .values({
      entity_name: m.entity,
      submit_action: 'doSubmit',
      approve_action: 'doApproval',
      reject_action: 'doReject',
      model_key: m.key,
      enabled_flag: 'Y',
      ...auditInsert(admin),
    })
    .execute();
  return version.model_version_id;
}

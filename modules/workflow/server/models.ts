// Published model versions: the frozen XML an instance runs, parsed once per process (versions never change).
import { refuse } from '../../../server/errors.js';
import { parseBpmn, type ProcessGraph } from './graph.js';
import type { Trx } from './store.js';

const graphs = new Map<number, ProcessGraph>();

export async function graphOfVersion(trx: Trx, modelVersionId: number): Promise<ProcessGraph> {
  const cached = graphs.get(modelVersionId);
  if (cached) return cached;
  const row = await trx.selectFrom('bpm_model_version').select(['bpmn_xml', 'model_key']).where('model_version_id', '=', modelVersionId).executeTakeFirst();
  if (!row) throw refuse('bpm.model.notPublished', { key: String(modelVersionId) });
  const { graph } = await parseBpmn(row.bpmn_xml);
  // Published versions passed validation: a parse failure here means the row was changed by hand.
  if (!graph) throw refuse('bpm.model.notPublished', { key: row.model_key });
  graphs.set(modelVersionId, graph);
  return graph;
}

/** The latest published version of a model key, or undefined when it was never published. */
export async function latestVersion(trx: Trx, modelKey: string): Promise<{ model_version_id: number; version: number } | undefined> {
  return trx
    .selectFrom('bpm_model_version')
    .select(['model_version_id', 'version'])
    .where('model_key', '=', modelKey)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

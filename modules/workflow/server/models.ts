// Published model versions: the frozen XML an instance runs, parsed once per process per XML text. Keyed by
// the text, not the version id: two servers in one process (the tests' two backends) have the same ids for
// different versions.
import { refuse } from '../../../server/errors.js';
import { parseBpmn, type ProcessGraph } from './graph.js';
import type { Trx } from './store.js';

const graphs = new Map<string, ProcessGraph>();

export async function graphOfVersion(trx: Trx, modelVersionId: number): Promise<ProcessGraph> {
  const row = await trx.selectFrom('bpm_model_version').select(['bpmn_xml', 'model_key']).where('model_version_id', '=', modelVersionId).executeTakeFirst();
  if (!row) throw refuse('bpm.model.notPublished', { key: String(modelVersionId) });
  const cached = graphs.get(row.bpmn_xml);
  if (cached) return cached;
  const { graph } = await parseBpmn(row.bpmn_xml);
  // Published versions passed validation: a parse failure here means the row was changed by hand.
  if (!graph) throw refuse('bpm.model.notPublished', { key: row.model_key });
  graphs.set(row.bpmn_xml, graph);
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

// The version list of a model (its page's "Published versions"): each frozen version with when and by whom
// it was published, whether it is the one new instances start (the latest), and how many instances run on
// it and ran on it in all. Running instances keep their version, so an old version may still have some.
import { sql } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import { wf } from './store.js';

export interface ModelVersionRow {
  version: number;
  publishedAt: string;
  publishedBy: number;
  current: boolean;
  instances: number;
  running: number;
}

export async function modelVersions(db: Db, modelId: number): Promise<ModelVersionRow[]> {
  const t = wf(db);
  const model = await t.selectFrom('bpm_model').select('model_key').where('model_id', '=', modelId).executeTakeFirst();
  if (!model) return [];
  const rows = await t
    .selectFrom('bpm_model_version as v')
    .leftJoin('bpm_instance as i', 'i.model_version_id', 'v.model_version_id')
    .select([
      'v.version',
      'v.creation_date',
      'v.created_by',
      sql<number>`count(i.instance_id)`.as('instances'),
      sql<number>`count(case when i.state = 'RUNNING' then 1 end)`.as('running'),
    ])
    .where('v.model_key', '=', model.model_key)
    .groupBy(['v.model_version_id', 'v.version', 'v.creation_date', 'v.created_by'])
    .orderBy('v.version', 'desc')
    .execute();
  const latest = rows[0]?.version;
  return rows.map((r) => ({
    version: r.version,
    publishedAt: String(r.creation_date),
    publishedBy: Number(r.created_by),
    current: r.version === latest,
    instances: Number(r.instances),
    running: Number(r.running),
  }));
}

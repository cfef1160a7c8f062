// Whether a document has a running process (WorkflowApi.hasRunningProcess): a module that submits its own
// document from server code (a sourcing award) learns whether a bound model took it or nothing did, in
// which case the module completes the step itself (unbound documents are approved on submit).
import type { Db } from '../../../server/db/connect.js';
import { wf } from './store.js';

export async function hasRunningProcess(db: Db, entityName: string, businessId: number): Promise<boolean> {
  const row = await wf(db)
    .selectFrom('bpm_instance')
    .select('instance_id')
    .where('entity_name', '=', entityName)
    .where('business_id', '=', businessId)
    .where('state', '=', 'RUNNING')
    .executeTakeFirst();
  return row !== undefined;
}

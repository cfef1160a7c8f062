// Deleting requests (the list's batch delete): never one that is running; its runs and log go with it,
// in the same transaction.
import { refuse } from '../../../server/errors.js';
import type { EntityRules } from '../../../server/modules/types.js';
import { tables } from './repo.js';

export const requestRules: EntityRules = {
  async beforeDelete(_ctx, db, id) {
    const t = tables(db);
    const row = await t.selectFrom('schedule_request').select('request_status').where('request_id', '=', id).executeTakeFirst();
    if (row?.request_status === 'RUNNING') throw refuse('scheduler.deleteRunning', { id });
    await t.deleteFrom('schedule_log').where('request_id', '=', id).execute();
    await t.deleteFrom('schedule_run').where('request_id', '=', id).execute();
  },
};

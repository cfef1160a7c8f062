import type { EntityDefinition } from '../../meta/definitions.js';
import type { AppContext } from '../context.js';
import { ACL_TABLES } from '../acl/acl.js';

/** Caches derived from an entity's rows are dropped when any of its rows change. */
export async function afterWrite(app: AppContext, entity: EntityDefinition): Promise<void> {
  if (entity.name === 'baseLookupValues' || entity.name === 'baseLookupType') await app.lookups.invalidate();
  if (entity.name === 'baseProfile') await app.profiles.invalidate();
  // Again after the commit: the write hook fired inside the transaction, when a concurrent request could still read the old rows.
  if (ACL_TABLES.has(entity.table)) await app.acl.invalidate();
}

import type { EntityDefinition } from '../../meta/definitions.js';
import type { AppContext } from '../context.js';

/** Caches derived from an entity's rows (a module's cacheEffects) are dropped when any of its rows change. */
export async function afterWrite(app: AppContext, entity: EntityDefinition): Promise<void> {
  for (const drop of app.modules.cacheEffectsOf(entity.name)) await drop(app);
  // Again after the commit: the write hook fired inside the transaction, when a concurrent request could still read the old rows.
  if (app.modules.service('access').grantTables.includes(entity.table)) await app.acl.invalidate();
}

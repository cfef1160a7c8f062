import type { EntityDefinition } from '../../meta/definitions.js';
import type { AppContext } from '../context.js';

/** Caches derived from an entity's rows are dropped when any of its rows change. */
export async function afterWrite(app: AppContext, entity: EntityDefinition): Promise<void> {
  if (entity.name === 'baseLookupValues' || entity.name === 'baseLookupType') await app.lookups.invalidate();
}

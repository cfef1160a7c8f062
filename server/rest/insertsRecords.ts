// Whether a save call would insert: a record without its key (saveOrUpdate), or any such record in a
// batch. Such a call also needs a create button of the menu (acl/bindings.ts INSERT_ACTION).
import type { EntityDefinition } from '../../meta/definitions.js';

const missing = (v: unknown) => v === undefined || v === null || v === '';

export function insertsRecords(entity: EntityDefinition, action: string, body: Record<string, unknown>): boolean {
  if (action === 'saveOrUpdate') return missing(body[entity.key]);
  if (action === 'doBatchSaveOrUpdate') {
    const rows = Array.isArray(body.data) ? body.data : [];
    return rows.some((r) => r !== null && typeof r === 'object' && missing((r as Record<string, unknown>)[entity.key]));
  }
  return false;
}

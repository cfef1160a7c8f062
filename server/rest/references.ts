// Adds {field}Display to records for fields that reference an entity with display fields:
// one query per referenced entity for the whole page, never one per row.
import { sql } from 'kysely';
import { columnName, type Definitions, type EntityDefinition } from '../../meta/definitions.js';
import type { Db } from '../db/connect.js';
import type { DbRecord } from './actionContext.js';

export async function addReferenceDisplays(db: Db, defs: Definitions, entity: EntityDefinition, records: DbRecord[]): Promise<void> {
  if (records.length === 0) return;
  for (const [name, f] of Object.entries(entity.fields)) {
    const target = f?.references ? defs.entities.get(f.references) : undefined;
    if (!target?.display) continue;
    const ids = [...new Set(records.map((r) => r[name]).filter((v) => v !== null && v !== undefined))];
    const shown = new Map<unknown, string>();
    if (ids.length) {
      const cols = target.display.map((d) => sql.ref(columnName(d)));
      const rows = await sql<{ k: unknown; d: string }>`
        select ${sql.ref(columnName(target.key))} as k, concat_ws(' ', ${sql.join(cols)}) as d
        from ${sql.table(target.table)} where ${sql.ref(columnName(target.key))} in (${sql.join(ids)})`.execute(db);
      for (const r of rows.rows) shown.set(r.k, r.d);
    }
    for (const r of records) r[`${name}Display`] = shown.get(r[name]) ?? null;
  }
}

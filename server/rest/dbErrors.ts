// Database refusals that a user can cause (a duplicate code) become messages about their fields;
// nothing of the SQL or the constraint names reaches the client.
import { columnName, type EntityDefinition } from '../../meta/definitions.js';
import { refuse, type AppError } from '../errors.js';
import type { Language } from '../i18n/messages.js';
import { fieldLabel } from './labels.js';

interface PgError {
  code?: string;
  detail?: string;
  constraint?: string;
}

export function translateDbError(err: unknown, entity: EntityDefinition, lang: Language): AppError | undefined {
  const e = err as PgError;
  if (e?.code === '23505') {
    const m = /^Key \(([^)]+)\)=\((.*)\) already exists/.exec(e.detail ?? '');
    const cols = m?.[1].split(', ') ?? [];
    if (cols.length === 1) {
      const name = Object.keys(entity.fields).find((f) => columnName(f) === cols[0]);
      if (name) return refuse('rest.duplicate', { field: fieldLabel(entity, name, lang), value: m![2] });
    }
    return refuse('rest.duplicateGeneric');
  }
  if (e?.code === '23503') return refuse('rest.inUse');
  if (e?.code === '22001' || e?.code === '22003') return refuse('rest.valueOutOfRange');
  return undefined;
}

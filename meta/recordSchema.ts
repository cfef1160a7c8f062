// JSON Schema of an entity's record as it travels over the wire.
import { allFields, type Definitions, type EntityDefinition, type Field } from './definitions.js';

type JsonSchema = Record<string, unknown>;

export function fieldSchema(f: Field): JsonSchema {
  switch (f.type) {
    case 'id':
    case 'integer':
      return { type: 'integer' };
    case 'decimal':
      return { type: 'number', ...(f.min !== undefined ? { minimum: f.min } : {}), ...(f.max !== undefined ? { maximum: f.max } : {}) };
    case 'date':
      return { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
    case 'datetime':
      return { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' };
    case 'attachments':
      return { type: 'string', pattern: '^\\d+(,\\d+)*$', description: 'comma-separated file ids' };
    case 'yn':
      return { type: 'string', enum: ['Y', 'N'] };
    default:
      return { type: 'string', ...(f.length ? { maxLength: f.length } : {}) };
  }
}

/** `lineItems` names how a line entity is referenced (OpenAPI components, $defs); inlined without it. */
export function recordSchema(defs: Definitions, e: EntityDefinition, lineItems?: (line: EntityDefinition) => JsonSchema): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, f] of allFields(e)) {
    if (f.serverOnly) continue;
    properties[name] = { ...fieldSchema(f), ...(f.readOnly ? { readOnly: true } : {}) };
    if (f.references && defs.entities.get(f.references)?.display) {
      properties[`${name}Display`] = { type: 'string', readOnly: true };
    }
  }
  for (const l of e.lines ?? []) {
    const le = defs.entities.get(l.entity);
    if (le) properties[l.name] = { type: 'array', items: lineItems ? lineItems(le) : recordSchema(defs, le) };
  }
  return { type: 'object', title: e.name, properties, additionalProperties: false };
}

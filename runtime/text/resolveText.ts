import type { EntityDefinition, Field, Text } from '../definitions.js';
import type { RuntimeEnv } from '../env.js';

type TextEnv = Pick<RuntimeEnv, 't' | 'language'>;

/** A definition Text: an i18next key goes through env.t, a four-language object is picked by language. */
export function resolveText(text: Text | undefined, env: TextEnv, fallback = '', vars?: Record<string, unknown>): string {
  if (text === undefined) return fallback;
  if (typeof text === 'string') return vars ? env.t(text, vars) : env.t(text);
  return text[env.language] ?? text.CN;
}

/** Fields present on every entity without being declared (decisions.md "Definitions"). */
export const AUDIT_FIELDS = ['creationDate', 'createdBy', 'lastUpdateDate', 'lastUpdatedBy', 'versionNum'] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];

const AUDIT_TYPES: Record<AuditField, Field> = {
  creationDate: { type: 'datetime', readOnly: true },
  createdBy: { type: 'integer', readOnly: true },
  lastUpdateDate: { type: 'datetime', readOnly: true },
  lastUpdatedBy: { type: 'integer', readOnly: true },
  versionNum: { type: 'integer', readOnly: true },
};

export function isAuditField(name: string): name is AuditField {
  return (AUDIT_FIELDS as readonly string[]).includes(name);
}

/** The entity's field, including the implicit audit fields; undefined for names that are not fields. */
export function findField(entity: EntityDefinition, name: string): Field | undefined {
  return entity.fields[name] ?? (isAuditField(name) ? AUDIT_TYPES[name] : undefined);
}

/** Label of a field: the explicit text, else the entity field's label, else fields.{name}, else the name. */
export function fieldLabel(entity: EntityDefinition, name: string, env: TextEnv, explicit?: Text): string {
  if (explicit !== undefined) return resolveText(explicit, env);
  const label = entity.fields[name]?.label;
  if (label !== undefined) return resolveText(label, env);
  // A reference's display column ({field}Display) is titled like the reference field.
  const base = name.endsWith('Display') ? entity.fields[name.slice(0, -'Display'.length)] : undefined;
  if (base?.references && base.label !== undefined) return resolveText(base.label, env);
  if (isAuditField(name)) return env.t(`fields.${name}`);
  return name;
}

import type { EntityDefinition, Field, MenusDefinition, PageDefinition } from './generated/definitions.js';
import type { Contract } from './contract.js';

export type { EntityDefinition, Field, MenusDefinition, PageDefinition };

/** Every definition of the product, checked and indexed by name. */
export interface Definitions {
  entities: Map<string, EntityDefinition>;
  pages: Map<string, PageDefinition>;
  menus: MenusDefinition;
  /** Route aliases (a page's `aliases`): SPEC paths that open a page of another name. */
  pageAliases?: ReadonlyMap<string, string>;
  /** `entity:{name}` / `page:{name}` → the file it was read from, relative to the repository. */
  sources?: ReadonlyMap<string, string>;
  /** The module folders the definitions came from. */
  modules?: readonly string[];
  /** The fixed endpoints the modules declare (contract.json); read it with `contractOf(defs)`. */
  contract?: Contract;
}

/** Fields every table has without declaring them. */
export const AUDIT_FIELDS: Record<string, Field> = {
  createdBy: { type: 'integer', readOnly: true, filter: 'none' },
  creationDate: { type: 'datetime', readOnly: true, filter: 'none' },
  lastUpdatedBy: { type: 'integer', readOnly: true, filter: 'none' },
  lastUpdateDate: { type: 'datetime', readOnly: true, filter: 'none' },
  versionNum: { type: 'integer', readOnly: true, filter: 'none' },
};

export function allFields(entity: EntityDefinition): [string, Field][] {
  const declared = Object.entries(entity.fields).filter((e): e is [string, Field] => e[1] !== undefined);
  return [...declared, ...Object.entries(AUDIT_FIELDS)];
}

/**
 * The field of this name, looked up as an own property only: a user-given name such as `constructor`,
 * `toString` or `__proto__` is no field (a plain `fields[name]` finds Object.prototype's members).
 */
export function field(entity: EntityDefinition, name: string): Field | undefined {
  if (typeof name !== 'string') return undefined;
  if (Object.hasOwn(entity.fields, name)) return entity.fields[name];
  return Object.hasOwn(AUDIT_FIELDS, name) ? AUDIT_FIELDS[name] : undefined;
}

const columnNames = new Map<string, string>();

/** `unitPrice` → `unit_price`; remembered, as it runs for every value of every row read or written. */
export function columnName(fieldName: string): string {
  let name = columnNames.get(fieldName);
  if (name === undefined) {
    name = fieldName.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
    if (columnNames.size < 10_000) columnNames.set(fieldName, name);
  }
  return name;
}

export function isFamily(entity: EntityDefinition): boolean {
  return (entity.kind ?? 'family') === 'family';
}

// Which entity definitions a page needs to render (decisions.md "Definitions load by module"). Pure: the
// loader (definitions.ts) runs it over what it has loaded so far and fetches the modules of what is
// missing; the bundle bench runs it over every definition to know which chunks a page costs.
import type { EntityDefinition, PageDefinition } from '../../runtime/definitions';

/** The entities a page renders and the entities they point at, by name; `missing`: named but not given by `lookup`. */
export interface EntityNeeds {
  /** Every needed entity `lookup` knows, in discovery order. */
  found: Map<string, EntityDefinition>;
  /** Needed names `lookup` does not know (not loaded yet, or no such entity). */
  missing: string[];
}

/** String values under `key` anywhere in a definition (a page's `entity`, a modal cell's `modalConfig.entity`). */
function valuesOf(value: unknown, key: string, into: string[]): string[] {
  if (Array.isArray(value)) for (const v of value) valuesOf(v, key, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === key && typeof v === 'string') into.push(v);
      else valuesOf(v, key, into);
    }
  }
  return into;
}

/**
 * Rendered entities (the page's entity, modal-cell entities, and the line entities of a rendered entity,
 * to any depth) need their own fields; reference targets (a field's `references`, of a rendered entity or
 * named by the page) need only their key, display fields and family, so their own lines and references
 * are not followed.
 */
export function entityNeeds(page: PageDefinition, lookup: (name: string) => EntityDefinition | undefined): EntityNeeds {
  const found = new Map<string, EntityDefinition>();
  const missing: string[] = [];
  const seen = new Set<string>();
  const rendered: string[] = valuesOf(page, 'entity', []);
  const targets: string[] = valuesOf(page, 'references', []);
  const take = (name: string): EntityDefinition | undefined => {
    if (seen.has(name)) return undefined;
    seen.add(name);
    const entity = lookup(name);
    if (entity) found.set(name, entity);
    else missing.push(name);
    return entity;
  };
  while (rendered.length) {
    const entity = take(rendered.shift()!);
    if (!entity) continue;
    for (const line of entity.lines ?? []) rendered.push(line.entity);
    for (const field of Object.values(entity.fields)) if (field?.references) targets.push(field.references);
  }
  for (const name of targets) take(name);
  return { found, missing };
}

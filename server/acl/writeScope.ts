// What a save may write: save rights are granted by a screen's save button, so a save writes only what
// that screen shows for editing — its form fields, the editable columns of an inline-edit list grid,
// a tree's parent and order, and its line grids with their columns. Anything else in the body is
// dropped before the generic field checks (docs/security.md "Writable fields"). Derived from the
// definitions once, with the bindings (buildBindings), never per request.
import type { Definitions, EntityDefinition } from '../../meta/definitions.js';
import type { Column, PageDefinition } from '../../meta/generated/definitions.js';
import { leafColumns } from '../../meta/crossCheck.js';
import type { DbRecord } from '../rest/actionContext.js';

export interface WriteScope {
  /** Header fields the screen edits. */
  fields: Set<string>;
  /** Line collection name → the line fields its grid edits. */
  lines: Map<string, Set<string>>;
}

export function emptyScope(): WriteScope {
  return { fields: new Set(), lines: new Map() };
}

/** Adds `more` into `into` (a user holding two screens' save buttons may write what either shows). */
export function mergeScope(into: WriteScope, more: WriteScope): WriteScope {
  for (const f of more.fields) into.fields.add(f);
  for (const [name, fields] of more.lines) {
    const have = into.lines.get(name) ?? new Set<string>();
    for (const f of fields) have.add(f);
    into.lines.set(name, have);
  }
  return into;
}

// Cells that show no field or never edit one.
const NOT_DATA = new Set(['button', 'buttons', 'colGroup', 'tableOperate', 'viewSlot', 'linkTag', 'icon']);

/** Field keys a grid writes: editable columns (isEdit not false), computed ones (written into the row) and range pairs. */
function gridFields(columns: readonly Column[], entity: EntityDefinition): Set<string> {
  const out = new Set<string>();
  for (const c of leafColumns(columns)) {
    const type = c.cellType ?? c.editType ?? '';
    if (NOT_DATA.has(type)) continue;
    if (c.isEdit === false && !c.computedEvent) continue;
    for (const key of c.rangeKeys ?? [c.key]) if (entity.fields[key]) out.add(key);
  }
  return out;
}

/** The scope of one page: what its save buttons send for editing. */
export function pageScope(defs: Definitions, page: PageDefinition): WriteScope {
  const scope = emptyScope();
  const entity = page.entity ? defs.entities.get(page.entity) : undefined;
  if (!entity) return scope;
  // A display widget shows a value the screen never edits (a document number, a status).
  for (const f of page.form?.fields ?? []) if (f.widget !== 'display' && entity.fields[f.field]) scope.fields.add(f.field);
  if (page.grid?.isEdit === true) for (const f of gridFields(page.grid.columns, entity)) scope.fields.add(f);
  // A tree page moves a node (its parent) and orders siblings.
  if (page.tree) {
    scope.fields.add(page.tree.parentKey);
    if (page.tree.orderField) scope.fields.add(page.tree.orderField);
  }
  for (const l of page.lines ?? []) {
    const decl = entity.lines?.find((x) => x.name === l.name);
    const le = decl ? defs.entities.get(decl.entity) : undefined;
    if (!le || l.grid.isEdit !== true) continue;
    scope.lines.set(l.name, gridFields(l.grid.columns, le));
  }
  return scope;
}

/**
 * The record as the scope lets it through: the key and versionNum (they name the row, they write
 * nothing), the scope's fields, and its line collections with only their scoped fields and own key.
 */
export function limitToScope(defs: Definitions, entity: EntityDefinition, record: DbRecord, scope: WriteScope): DbRecord {
  const out: DbRecord = {};
  for (const [k, v] of Object.entries(record)) {
    if (k === entity.key || k === 'versionNum' || scope.fields.has(k)) {
      out[k] = v;
      continue;
    }
    const allowed = scope.lines.get(k);
    const decl = entity.lines?.find((l) => l.name === k);
    const le = decl ? defs.entities.get(decl.entity) : undefined;
    if (!allowed || !le) continue;
    // Malformed lines pass unchanged: the write path refuses them with its own message.
    out[k] = Array.isArray(v)
      ? v.map((line: unknown) =>
          line && typeof line === 'object' && !Array.isArray(line)
            ? Object.fromEntries(Object.entries(line as DbRecord).filter(([lk]) => lk === le.key || allowed.has(lk)))
            : line,
        )
      : v;
  }
  return out;
}

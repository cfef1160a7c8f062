// Which columns a page may offer for sorting and filtering: those an index generated from the entity
// (meta/tableShape.ts) serves, so no list a screen offers turns into a full scan on a large table
// (docs/decisions.md "Keyset paging"). Checked for shipped and published pages alike (crossCheck.ts):
// the designer cannot add an index at run time, so it cannot offer an unindexed column either.
import { columnName, field, type EntityDefinition } from './definitions.js';
import { tableShape, type TableShape } from './tableShape.js';

const shapes = new WeakMap<EntityDefinition, TableShape>();
const shapeOf = (e: EntityDefinition) => {
  let s = shapes.get(e);
  if (!s) shapes.set(e, (s = tableShape(e)));
  return s;
};

/**
 * Sorting by `name` (then the key) is one index range in both directions: the key itself, a unique
 * NOT NULL column (no tie-break needed), or an index (column, key) — what `sortable` generates.
 */
export function sortIndexed(e: EntityDefinition, name: string): boolean {
  const col = columnName(name);
  const key = columnName(e.key);
  if (col === key) return true;
  const shape = shapeOf(e);
  return Object.values(shape.indexes).some(
    (i) => !i.trigram && i.columns[0] === col && (i.columns[1] === key || (i.unique && i.columns.length === 1 && !!shape.columns[col]?.notNull)),
  );
}

/** A filter on `name` (equal, IN, range or contains) finds its rows through an index. */
export function filterIndexed(e: EntityDefinition, name: string): boolean {
  if (name === 'keyword' && e.display) return e.display.every((d) => filterIndexed(e, d));
  const f = field(e, name);
  if (!f) return false;
  const col = columnName(name);
  if (col === columnName(e.key)) return true;
  const like = f.filter === 'like';
  return Object.values(shapeOf(e).indexes).some((i) => i.columns[0] === col && (like ? i.trigram === true : !i.trigram));
}

// Immutable reads and writes by path in plain JSON (definitions): the editor addresses every part of a
// page as a path such as ['grid', 'columns', 2, 'width'], the same shape validation errors point at.

export type PathKey = string | number;
export type Path = readonly PathKey[];
export type JsonObject = { [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function getIn(root: unknown, path: Path): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === 'number') node = node[key];
    else if (isObject(node) && typeof key === 'string') node = node[key];
    else return undefined;
  }
  return node;
}

/** Empty values are removed rather than stored: a definition keeps only what was set. */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === '' || (isObject(value) && Object.keys(value).length === 0);
}

/** Returns a copy of `root` with `value` at `path` (undefined/''/{} removes the key; arrays keep their slot). */
export function setIn<T>(root: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [key, ...rest] = path;
  const next = rest.length === 0 ? value : setIn(getIn(root, [key]) ?? (typeof rest[0] === 'number' ? [] : {}), rest, value);
  if (typeof key === 'number') {
    const array = Array.isArray(root) ? [...(root as unknown[])] : [];
    array[key] = next;
    return array as T;
  }
  const object: JsonObject = isObject(root) ? { ...root } : {};
  if (isEmptyValue(next)) delete object[key];
  else object[key] = next;
  return object as T;
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const out = [...items];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length || from === to) return out;
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

export function removeItem<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

/** "grid.columns[2].width" → ['grid', 'columns', 2, 'width'] (server diff and validation paths). */
export function parsePath(text: string): PathKey[] {
  const out: PathKey[] = [];
  for (const part of text
    .replace(/^\/+/, '')
    .split(/[./]|\[(\d+)\]/)
    .filter((p) => p !== undefined && p !== '')) {
    out.push(/^\d+$/.test(part) ? Number(part) : part);
  }
  return out;
}

/** Whether an error at `errorPath` concerns the part at `prefix` (or something inside it). */
export function pathStartsWith(errorPath: Path, prefix: Path): boolean {
  return prefix.every((key, i) => String(errorPath[i]) === String(key));
}

// The differences between two versions of a definition, as a list a person can read:
// `grid.columns[2].width: 120 → 160`. Arrays of named items (columns by `key`, search and form fields by
// `field`, actions and lines by `name`) are matched by name, so moving a column reports one order change
// instead of a change on every column after it.

export type DiffOp = 'add' | 'remove' | 'change';

export interface DiffEntry {
  path: string;
  op: DiffOp;
  before?: unknown;
  after?: unknown;
}

type Obj = Record<string, unknown>;

const ID_KEYS = ['key', 'field', 'name', 'resourceCode', 'menuCode'] as const;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}

function child(path: string, key: string): string {
  const plain = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key);
  if (!plain) return `${path}[${JSON.stringify(key)}]`;
  return path ? `${path}.${key}` : key;
}

/** The property that names every item of both arrays uniquely, if there is one. */
function identityOf(a: unknown[], b: unknown[]): string | undefined {
  const all = [...a, ...b];
  if (all.length === 0 || !all.every(isObj)) return undefined;
  return ID_KEYS.find((k) => {
    const unique = (list: unknown[]) => {
      const ids = list.map((x) => (x as Obj)[k]);
      return ids.every((id) => typeof id === 'string') && new Set(ids).size === ids.length;
    };
    return unique(a) && unique(b);
  });
}

function walk(a: unknown, b: unknown, path: string, out: DiffEntry[]): void {
  if (deepEqual(a, b)) return;
  if (isObj(a) && isObj(b)) {
    const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
    for (const k of keys) {
      const p = child(path, k);
      if (a[k] === undefined && b[k] !== undefined) out.push({ path: p, op: 'add', after: b[k] });
      else if (b[k] === undefined && a[k] !== undefined) out.push({ path: p, op: 'remove', before: a[k] });
      else walk(a[k], b[k], p, out);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const id = identityOf(a, b);
    if (id) {
      const idOf = (x: unknown) => (x as Obj)[id] as string;
      const before = new Map(a.map((x, i) => [idOf(x), i]));
      const afterIds = new Set(b.map(idOf));
      a.forEach((x, i) => {
        if (!afterIds.has(idOf(x))) out.push({ path: `${path}[${i}]`, op: 'remove', before: x });
      });
      b.forEach((x, j) => {
        const i = before.get(idOf(x));
        if (i === undefined) out.push({ path: `${path}[${j}]`, op: 'add', after: x });
        else walk(a[i], x, `${path}[${j}]`, out);
      });
      const keptBefore = a.map(idOf).filter((x) => afterIds.has(x));
      const keptAfter = b.map(idOf).filter((x) => before.has(x));
      if (!deepEqual(keptBefore, keptAfter)) out.push({ path: `${path}.order`, op: 'change', before: keptBefore, after: keptAfter });
      return;
    }
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const p = `${path}[${i}]`;
      if (i >= a.length) out.push({ path: p, op: 'add', after: b[i] });
      else if (i >= b.length) out.push({ path: p, op: 'remove', before: a[i] });
      else walk(a[i], b[i], p, out);
    }
    return;
  }
  out.push({ path, op: 'change', before: a, after: b });
}

/** What changed from `before` to `after`; `[]` when they are equal. A missing side counts as `{}`. */
export function diffDefinitions(before: unknown, after: unknown): DiffEntry[] {
  const out: DiffEntry[] = [];
  walk(before ?? {}, after ?? {}, '', out);
  return out;
}

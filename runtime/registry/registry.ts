// A registry keyed by exact name (amis' renderer registry without its regex resolution):
// a definition names a cell type, widget, action or page kind and gets exactly that, or a clear error.

/** A JSON Schema fragment describing what a registered item reads from its definition (for the designer). */

export interface Registry<T> {
  readonly kind: string;
  register(name: string, item: T): void;
  get(name: string): T;
  has(name: string): boolean;
  names(): string[];
  /** For tests and the designer's hot reload only. */
  unregister(name: string): void;
}

export function createRegistry<T>(kind: string): Registry<T> {
  const items = new Map<string, T>();
  return {
    kind,
    register(name, item) {
      if (!name) throw new Error(`${kind} registry: a name is required`);
      if (items.has(name)) throw new Error(`${kind} "${name}" is already registered`);
      items.set(name, item);
    },
    get(name) {
      const item = items.get(name);
      if (item === undefined) {
        const known = [...items.keys()].sort().join(', ') || 'none';
        throw new Error(`Unknown ${kind} "${name}" (registered: ${known})`);
      }
      return item;
    },
    has: (name) => items.has(name),
    names: () => [...items.keys()],
    unregister(name) {
      items.delete(name);
    },
  };
}

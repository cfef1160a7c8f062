// One topological order for everything that names what it comes after: modules (dependsOn), their
// migrations, demo steps (after). Items are visited by name so the order is the same on every machine.

export interface Ordered<T> {
  /** Every item, each after the items it depends on. */
  order: T[];
  /** An unknown dependency or a cycle, in words; the caller decides whether that stops it. */
  problems: string[];
}

/** `kind` names the items in a problem: "module c: depends on unknown module nowhere". */
export function dependencyOrder<T>(
  kind: string,
  items: readonly T[],
  nameOf: (item: T) => string,
  dependsOn: (item: T) => readonly string[] | undefined,
): Ordered<T> {
  const byName = new Map(items.map((i) => [nameOf(i), i]));
  const order: T[] = [];
  const problems: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (item: T, path: string[]) => {
    const name = nameOf(item);
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      problems.push(`${kind} ${name}: dependency cycle ${[...path, name].join(' → ')}`);
      return;
    }
    state.set(name, 'visiting');
    for (const d of dependsOn(item) ?? []) {
      const dep = byName.get(d);
      if (dep) visit(dep, [...path, name]);
      else problems.push(`${kind} ${name}: depends on unknown ${kind} ${d}`);
    }
    state.set(name, 'done');
    order.push(item);
  };
  for (const item of [...items].sort((a, b) => nameOf(a).localeCompare(nameOf(b)))) visit(item, []);
  return { order, problems };
}

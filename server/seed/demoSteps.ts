// Runs the modules' demo steps in `after` order, passing ids between them (DemoIds), so that each
// module writes only its own tables and the demo company still hangs together.
import type { Db } from '../db/connect.js';
import type { DemoContext, DemoIds, DemoLater, DemoStep, ServerModule } from '../modules/types.js';
import type { ProcessModelData } from '../modules/services.js';
import { dependencyOrder } from '../modules/dependencyOrder.js';

class DemoIdMap implements DemoIds {
  private readonly byKind = new Map<string, Map<string, number>>();

  set(kind: string, code: string, id: number): void {
    const m = this.byKind.get(kind) ?? new Map<string, number>();
    m.set(code, id);
    this.byKind.set(kind, m);
  }

  get(kind: string, code: string): number {
    const id = this.byKind.get(kind)?.get(code);
    if (id === undefined) throw new Error(`demo data: no ${kind} ${code} yet (is the step that makes it in "after"?)`);
    return id;
  }

  all(kind: string): number[] {
    return [...(this.byKind.get(kind)?.values() ?? [])];
  }
}

/** Steps of every module, each after the steps it names; an unknown name or a cycle is an error. */
export function orderDemoSteps(modules: readonly ServerModule[]): DemoStep[] {
  const steps = modules.flatMap((m) => (m.seed?.demo ?? []).map((s) => ({ ...s, name: `${m.name}:${s.name}` })));
  const { order, problems } = dependencyOrder(
    'demo step',
    steps,
    (s) => s.name,
    (s) => s.after,
  );
  if (problems.length) throw new Error(`demo data: ${problems.join('; ')}`);
  return order;
}

/** What the demo steps leave: user names to print, and the parts to run once the modules' APIs start. */
export interface DemoResult {
  users: string[];
  later: DemoLater[];
}

export async function runDemoSteps(
  db: Db,
  modules: readonly ServerModule[],
  base: Pick<DemoContext, 'password' | 'lookups' | 'grant'>,
  processes?: ProcessModelData,
): Promise<DemoResult> {
  const facts = new Map<string, unknown>();
  const ids = new DemoIdMap();
  const later: DemoLater[] = [];
  const demo: DemoContext = {
    ...base,
    ids,
    process: async (spec) => processes?.demoInstance(db, spec, (user) => ids.get('user', user)),
    later: (run) => void later.push(run),
    users: [],
    share: (key, value) => void facts.set(key, value),
    shared<T>(key: string): T {
      if (!facts.has(key)) throw new Error(`demo data: nothing shared as ${key} yet (is the step that shares it in "after"?)`);
      return facts.get(key) as T;
    },
  };
  for (const step of orderDemoSteps(modules)) await step.run(db, demo);
  return { users: demo.users, later };
}

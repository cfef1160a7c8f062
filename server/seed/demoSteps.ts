// Runs the modules' demo steps in `after` order, passing ids between them (DemoIds), so that each
// module writes only its own tables and the demo company still hangs together.
import type { Db } from '../db/connect.js';
import type { DemoContext, DemoIds, DemoStep, ServerModule } from '../modules/types.js';
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

/** What the first pass of the demo steps leaves: the users to print and the late steps still to run. */
export interface DemoRun {
  users: string[];
  /** Runs the `late` steps (none: does nothing) with the modules' public APIs; call it in one transaction. */
  late?(db: Db, api: <T extends object>(module: string) => T): Promise<void>;
}

export async function runDemoSteps(
  db: Db,
  modules: readonly ServerModule[],
  base: Pick<DemoContext, 'password' | 'lookups' | 'grant'>,
  processes?: ProcessModelData,
): Promise<DemoRun> {
  const facts = new Map<string, unknown>();
  const ids = new DemoIdMap();
  const ordered = orderDemoSteps(modules);
  const lateNames = new Set<string>();
  for (const step of ordered) {
    if (step.late) lateNames.add(step.name);
    else if (step.after?.some((a) => lateNames.has(a))) throw new Error(`demo data: ${step.name} comes after a late step`);
  }
  const demo: DemoContext = {
    ...base,
    ids,
    api: (module) => {
      throw new Error(`demo data: module APIs (${module}) only in a late step`);
    },
    process: async (spec) => processes?.demoInstance(db, spec, (user) => ids.get('user', user)),
    users: [],
    share: (key, value) => void facts.set(key, value),
    shared<T>(key: string): T {
      if (!facts.has(key)) throw new Error(`demo data: nothing shared as ${key} yet (is the step that shares it in "after"?)`);
      return facts.get(key) as T;
    },
  };
  for (const step of ordered) if (!step.late) await step.run(db, demo);
  const late = ordered.filter((s) => s.late);
  if (late.length === 0) return { users: demo.users };
  return {
    users: demo.users,
    async late(lateDb, api) {
      // The same ids and shared facts as the first pass; the lookups and grants of the first transaction are done.
      for (const step of late) await step.run(lateDb, { ...demo, api });
    },
  };
}

// The registered modules, checked and ordered once at start, and the lookups every hook point uses.
import type { Definitions } from '../../meta/definitions.js';
import type { FamilyAction } from '../rest/actionContext.js';
import type { AppContext } from '../context.js';
import { dependencyOrder } from './dependencyOrder.js';
import type { AssigneeResolver, DocumentFacts, EntityRules, ModuleHost, ScheduledProgram, ServerModule, TransitionHooks } from './types.js';
import type { PlatformServices, ServiceName } from './services.js';

type CacheEffect = (app: AppContext) => Promise<void>;

export class ModuleError extends Error {
  constructor(problems: string[]) {
    super(`Modules cannot start:\n  ${problems.join('\n  ')}`);
    this.name = 'ModuleError';
  }
}

export class ModuleRegistry {
  /** Dependencies before dependants. */
  readonly modules: readonly ServerModule[];
  private readonly rules = new Map<string, EntityRules[]>();
  private readonly operations = new Map<string, FamilyAction>();
  private readonly effects = new Map<string, CacheEffect[]>();
  private readonly apis = new Map<string, object>();
  private readonly services = new Map<ServiceName, { module: string; service: PlatformServices[ServiceName] }>();
  private readonly facts = new Map<string, DocumentFacts>();
  private readonly resolvers = new Map<string, { module: string; resolve: AssigneeResolver }>();
  readonly publicPaths: readonly string[];
  /** Every module's hooks on all entities' transitions, dependencies first. */
  readonly transitionHooks: readonly TransitionHooks[];
  readonly programs: readonly (ScheduledProgram & { module: string })[];

  /** `defs` tells which module each entity belongs to (its file's folder), so a module only hooks its own. */
  constructor(modules: readonly ServerModule[], defs: Definitions) {
    const problems: string[] = [];
    const names = new Set<string>();
    for (const m of modules) {
      if (names.has(m.name)) problems.push(`module ${m.name}: registered twice`);
      names.add(m.name);
    }
    const { order, problems: dependencyProblems } = dependencyOrder(
      'module',
      modules,
      (m) => m.name,
      (m) => m.dependsOn,
    );
    this.modules = order;
    problems.push(...dependencyProblems);
    const owner = (entity: string) => defs.sources?.get(`entity:${entity}`)?.split('/')[1];
    const own = (m: ServerModule, entity: string, what: string) => {
      const o = owner(entity);
      if (!o) problems.push(`module ${m.name}: ${what} for unknown entity ${entity}`);
      else if (o !== m.name) problems.push(`module ${m.name}: ${what} for ${entity}, an entity of module ${o}`);
      return o === m.name;
    };
    for (const m of this.modules) {
      for (const [entity, r] of Object.entries(m.rules ?? {})) if (own(m, entity, 'rules')) this.rules.set(entity, [...(this.rules.get(entity) ?? []), r]);
      for (const [entity, actions] of Object.entries(m.operations ?? {})) {
        if (!own(m, entity, 'operations')) continue;
        for (const [action, run] of Object.entries(actions)) this.operations.set(`${entity}.${action}`, run);
      }
      for (const [name, service] of Object.entries(m.provides ?? {}) as [ServiceName, PlatformServices[ServiceName]][]) {
        const taken = this.services.get(name);
        if (taken) problems.push(`module ${m.name}: service ${name} is already provided by module ${taken.module}`);
        else this.services.set(name, { module: m.name, service });
      }
      for (const [entity, facts] of Object.entries(m.documentFacts ?? {})) if (own(m, entity, 'document facts')) this.facts.set(entity, facts);
      for (const [name, resolve] of Object.entries(m.assigneeResolvers ?? {})) {
        const taken = this.resolvers.get(name);
        if (taken) problems.push(`module ${m.name}: assignee resolver ${name} is already declared by module ${taken.module}`);
        else this.resolvers.set(name, { module: m.name, resolve });
      }
      for (const [entity, drop] of Object.entries(m.cacheEffects ?? {})) {
        if (owner(entity) === undefined) problems.push(`module ${m.name}: cache effect for unknown entity ${entity}`);
        else this.effects.set(entity, [...(this.effects.get(entity) ?? []), drop]);
      }
    }
    // Every declared operation has its code, exactly where the entity lives.
    for (const e of defs.entities.values()) {
      for (const o of e.operations ?? []) {
        if (!this.operations.has(`${e.name}.${o.action}`))
          problems.push(`operation ${e.name}.${o.action}: declared but not registered by module ${owner(e.name)}`);
      }
    }
    this.publicPaths = this.modules.flatMap((m) => m.publicPaths ?? []);
    this.transitionHooks = this.modules.flatMap((m) => (m.transitionHooks ? [m.transitionHooks] : []));
    this.programs = this.modules.flatMap((m) => (m.programs ?? []).map((p) => ({ ...p, module: m.name })));
    const codes = new Set<string>();
    for (const p of this.programs) {
      if (codes.has(p.code)) problems.push(`module ${p.module}: program ${p.code} registered twice`);
      codes.add(p.code);
    }
    if (problems.length) throw new ModuleError(problems);
  }

  rulesOf(entity: string): readonly EntityRules[] {
    return this.rules.get(entity) ?? [];
  }

  operation(entity: string, action: string): FamilyAction {
    const run = this.operations.get(`${entity}.${action}`);
    if (!run) throw new ModuleError([`operation ${entity}.${action}: declared but not registered`]);
    return run;
  }

  /** The facts an entity's module declares about its documents beyond their fields (none: no facts). */
  documentFacts(entity: string): DocumentFacts | undefined {
    return this.facts.get(entity);
  }

  assigneeResolver(name: string): AssigneeResolver | undefined {
    return this.resolvers.get(name)?.resolve;
  }

  cacheEffectsOf(entity: string): readonly CacheEffect[] {
    return this.effects.get(entity) ?? [];
  }

  /** The platform service a module provides; a server run without that module cannot do what needs it. */
  service<K extends ServiceName>(name: K): PlatformServices[K] {
    const found = this.services.get(name);
    if (!found) throw new ModuleError([`no module provides the platform service ${name}`]);
    return found.service as PlatformServices[K];
  }

  /** For services a server can run without (designer overlays, call logs). */
  optionalService<K extends ServiceName>(name: K): PlatformServices[K] | undefined {
    return this.services.get(name)?.service as PlatformServices[K] | undefined;
  }

  /** Builds every module's public API, dependencies first (an API may call the APIs it depends on). */
  startApis(host: ModuleHost): void {
    for (const m of this.modules) if (m.api) this.apis.set(m.name, m.api(host));
  }

  /** Whether a module with a public API runs (for calls a module can do without: an optional neighbour). */
  hasApi(module: string): boolean {
    return this.apis.has(module);
  }

  /** Another module's declared API. The caller names its type, imported from that module's api.ts. */
  api<T extends object>(module: string): T {
    const api = this.apis.get(module);
    if (!api) throw new ModuleError([`module ${module} declares no public API (or is not registered)`]);
    return api as T;
  }
}

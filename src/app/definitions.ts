// Page and entity definitions, loaded by module (decisions.md "Definitions load by module"). Each module's
// pages and entities are one chunk (modules/{area}/generated/definitions.ts, written by `npm run gen`);
// the generated index (src/generated/definitionIndex.ts) says which module holds a page or an entity and
// gives every page's kind and title, so routes resolve and tabs get their titles without loading a chunk.
// A page's route is its `name` field, not its file path.
import type { EntityDefinition, PageDefinition } from '../../runtime/definitions';
import { ENTITY_MODULES, PAGE_ALIASES, PAGES, type PageSummary } from '../generated/definitionIndex';
import { entityNeeds } from './definitionNeeds';

/** What a module's chunk exports. */
export interface ModuleDefinitions {
  pages: Readonly<Record<string, PageDefinition>>;
  entities: Readonly<Record<string, EntityDefinition>>;
}

export interface DefinitionIndex {
  pages: Readonly<Record<string, PageSummary>>;
  aliases: Readonly<Record<string, string>>;
  entityModules: Readonly<Record<string, string>>;
}

/** Module name → import of its chunk. */
export type ModuleLoaders = Readonly<Record<string, () => Promise<ModuleDefinitions>>>;

/** What DefinitionPage renders: the page, its entity and every entity it needs (lines, reference targets). */
export interface PageDefinitions {
  page: PageDefinition;
  entity: EntityDefinition | undefined;
  entities: Readonly<Record<string, EntityDefinition>>;
}

type Attempt = { status: 'ready'; defs: PageDefinitions } | { status: 'missing' } | { status: 'needs'; modules: string[] };

const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);

export function createDefinitionStore(index: DefinitionIndex, loaders: ModuleLoaders) {
  const pages = new Map<string, PageDefinition>();
  const entities = new Map<string, EntityDefinition>();
  const loaded = new Set<string>();
  const pending = new Map<string, Promise<void>>();
  // The last answer per page, so an unchanged answer keeps its identity (React props stay equal).
  const answers = new Map<string, PageDefinitions>();
  let overlays = new Map<string, PageDefinition>();
  let everything: Readonly<Record<string, EntityDefinition>> | null = null;

  /** Loads one module's chunk once; a failed load (network) is forgotten, so the next caller tries again. */
  function loadModule(module: string): Promise<void> {
    if (loaded.has(module)) return Promise.resolve();
    const running = pending.get(module);
    if (running) return running;
    const load = own(loaders, module);
    if (!load) return Promise.reject(new Error(`No definitions chunk for module ${module}`));
    const promise = load()
      .then((chunk) => {
        for (const [name, page] of Object.entries(chunk.pages)) pages.set(name, page);
        for (const [name, entity] of Object.entries(chunk.entities)) entities.set(name, entity);
        loaded.add(module);
        everything = null;
      })
      .finally(() => pending.delete(module));
    pending.set(module, promise);
    return promise;
  }

  /** The page a route name opens: the page of that name (published or shipped), else the one its alias names. */
  function resolvePageName(pageName: string): string {
    if (overlays.has(pageName) || own(index.pages, pageName)) return pageName;
    return own(index.aliases, pageName) ?? pageName;
  }

  /** What the page needs that is not loaded yet, or the answer when everything is. */
  function attempt(pageName: string): Attempt {
    const name = resolvePageName(pageName);
    let page = overlays.get(name);
    if (!page) {
      const summary = own(index.pages, name);
      if (!summary) return { status: 'missing' };
      page = pages.get(name);
      if (!page) return loaded.has(summary.module) ? { status: 'missing' } : { status: 'needs', modules: [summary.module] };
    }
    const { found, missing } = entityNeeds(page, (n) => entities.get(n));
    // An entity no module holds stays missing: the page shows "entity missing" rather than waiting.
    const modules = [...new Set(missing.map((n) => own(index.entityModules, n)).filter((m): m is string => m !== undefined && !loaded.has(m)))];
    if (modules.length) return { status: 'needs', modules };
    const previous = answers.get(name);
    const same =
      previous?.page === page && Object.keys(previous.entities).length === found.size && [...found].every(([n, e]) => own(previous.entities, n) === e);
    if (previous && same) return { status: 'ready', defs: previous };
    const defs = { page, entity: page.entity ? found.get(page.entity) : undefined, entities: Object.fromEntries(found) };
    answers.set(name, defs);
    return { status: 'ready', defs };
  }

  return {
    resolvePageName,

    /** Kind and title of a page without loading it (tab titles): a published page's own, else the index's. */
    pageSummary(pageName: string): Pick<PageSummary, 'kind' | 'title'> | undefined {
      const name = resolvePageName(pageName);
      const overlay = overlays.get(name);
      return overlay ? { kind: overlay.kind, title: overlay.title } : own(index.pages, name);
    },

    /** The page's definitions if everything it needs is loaded; `null`: no such page (yet: see effectivePages); `undefined`: not loaded. */
    peekPageDefinitions(pageName: string): PageDefinitions | null | undefined {
      const a = attempt(pageName);
      return a.status === 'ready' ? a.defs : a.status === 'missing' ? null : undefined;
    },

    /**
     * Loads the page's module, then the modules of every entity it needs, and answers its definitions;
     * `undefined` for an unknown page. Rejects when a chunk fails to load (the next call tries again).
     */
    async loadPageDefinitions(pageName: string): Promise<PageDefinitions | undefined> {
      for (;;) {
        const a = attempt(pageName);
        if (a.status === 'ready') return a.defs;
        if (a.status === 'missing') return undefined;
        // Each round loads at least one module not loaded before, so this ends.
        await Promise.all(a.modules.map(loadModule));
      }
    },

    /** Every module (the designer needs every entity). */
    async loadAllDefinitions(): Promise<void> {
      await Promise.all(Object.keys(loaders).map(loadModule));
    },

    /** A loaded entity (the designer, after loadAllDefinitions). */
    findEntity(name: string): EntityDefinition | undefined {
      return entities.get(name);
    },

    /** Every loaded entity by name (the designer, after loadAllDefinitions: all of them). */
    loadedEntities(): Readonly<Record<string, EntityDefinition>> {
      everything ??= Object.fromEntries(entities);
      return everything;
    },

    /** Replaces the designer overlays (the server's answer lists every page that differs from the shipped ones). */
    applyEffectivePages(effective: Readonly<Record<string, PageDefinition>>): void {
      overlays = new Map(Object.entries(effective));
    },
  };
}

export type DefinitionStore = ReturnType<typeof createDefinitionStore>;

// Each module's chunk; the key is /modules/{area}/generated/definitions.ts.
const chunks = import.meta.glob<ModuleDefinitions>('/modules/*/generated/definitions.ts');
const loaders: ModuleLoaders = Object.fromEntries(Object.entries(chunks).map(([path, load]) => [path.split('/')[2], load]));

const store = createDefinitionStore({ pages: PAGES, aliases: PAGE_ALIASES, entityModules: ENTITY_MODULES }, loaders);

export const { resolvePageName, pageSummary, peekPageDefinitions, loadPageDefinitions, loadAllDefinitions, findEntity, loadedEntities, applyEffectivePages } =
  store;

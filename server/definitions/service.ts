// The effective definitions of a running server: shipped files (read once at start) + published
// overlays from the database. `reload()` replaces `app.defs` and the ACL page bindings; it runs at
// start, after every publish/rollback/new menu, and in other processes when the shared epoch moves.
import { join } from 'node:path';
import type { Ajv } from 'ajv';
import { metaAjv } from '../../meta/ajv.js';
import { checkProblems, crossCheck } from '../../meta/crossCheck.js';
import { formatCheck } from '../../meta/checkMessages.js';
import { placeOf, schemaProblems, type DefinitionProblem } from './schemaProblems.js';
import type { Definitions, PageDefinition } from '../../meta/definitions.js';
import type { Menu } from '../../meta/generated/definitions.js';
import type { AppContext } from '../context.js';
import { buildBindings } from '../acl/bindings.js';
import { message, type Language } from '../i18n/messages.js';
import { effectiveOf, pageStates, parseContent, type PageState } from './effective.js';

export const PAGE_KIND = 'page';
const EPOCH_KEY = 'defs:epoch';
const EPOCH_TTL = 10 * 365 * 24 * 3600;
const CHECK_EVERY_MS = 1000;

export type { DefinitionProblem };

export class DefinitionService {
  private readonly ajv: Ajv;
  private states = new Map<string, PageState>();
  /** Overlays that no longer pass the checks against the current shipped entities: the shipped page stays effective. */
  private broken = new Set<string>();
  private epochSeen = '';
  private checkedAt = 0;
  private reloading: Promise<void> | null = null;

  constructor(
    private readonly app: AppContext,
    readonly shipped: Definitions,
    root: string,
  ) {
    this.ajv = metaAjv(join(root, 'schemas', 'meta'));
  }

  state(name: string): PageState | undefined {
    return this.states.get(name);
  }

  allStates(): PageState[] {
    return [...this.states.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  isBroken(name: string): boolean {
    return this.broken.has(name);
  }

  private reloads: Promise<void> = Promise.resolve();

  /**
   * Reloads run one after another. Overlapping, an earlier one (a request's catch-up) could read the
   * overlays before a publish and apply them after the publish's own reload: the publish undone in memory
   * (seen as a flaky designer test on PostgreSQL).
   */
  reload(): Promise<void> {
    const run = this.reloads.then(() => this.load());
    this.reloads = run.catch(() => undefined);
    return run;
  }

  private async load(): Promise<void> {
    // No module keeping overlays (a server without the designer's module): the shipped pages alone.
    const rows = (await this.app.modules.optionalService('overlays')?.allRows(this.app.db, PAGE_KIND)) ?? [];
    const states = pageStates(this.shipped.pages, rows);
    const pages = new Map<string, PageDefinition>();
    for (const s of states.values()) {
      const p = effectiveOf(s);
      if (p) pages.set(s.name, p);
    }
    // An overlay that an upgrade broke (a field it shows is gone) must not take the server down: fall back to shipped.
    const broken = new Set<string>();
    for (let round = 0; round < 5; round++) {
      const problems = crossCheck({ entities: this.shipped.entities, pages, menus: { menus: [] } });
      const bad = new Set(problems.map((p) => /^page (\S+):/.exec(p)?.[1]).filter((n): n is string => !!n && !!states.get(n)?.current));
      if (bad.size === 0) break;
      for (const name of bad) {
        broken.add(name);
        const shipped = this.shipped.pages.get(name);
        if (shipped) pages.set(name, shipped);
        else pages.delete(name);
      }
    }
    // Everything shipped (entities, menus, the modules' contract) with the effective pages.
    const defs: Definitions = { ...this.shipped, pages };
    const dbMenus = await this.app.modules.service('access').pageMenus(this.app.db);
    this.states = states;
    this.broken = broken;
    this.app.defs = defs;
    this.app.acl.rebind(buildBindings({ ...defs, menus: { menus: [...this.shipped.menus.menus, ...dbMenus] } }));
  }

  /** After a change in this process: reload here and tell the other processes. */
  async changed(): Promise<void> {
    await this.reload();
    this.epochSeen = String(await this.app.cache.incr(EPOCH_KEY, EPOCH_TTL));
    await this.app.acl.invalidate();
  }

  private pending: ReturnType<typeof setTimeout> | null = null;

  dispose(): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = null;
  }

  /** A menu or resource row changed somewhere (admin screens): rebuild the page bindings once the writes settle. */
  changedSoon(onError: (err: unknown) => void): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = setTimeout(() => {
      this.pending = null;
      this.changed().catch(onError);
    }, 300);
    this.pending.unref?.();
  }

  /** Cheap check (at most once a second) whether another process published meanwhile. */
  async catchUp(): Promise<void> {
    const now = Date.now();
    if (now - this.checkedAt < CHECK_EVERY_MS) return this.reloading ?? undefined;
    this.checkedAt = now;
    const epoch = (await this.app.cache.get(EPOCH_KEY)) ?? '';
    if (epoch === this.epochSeen) return;
    this.epochSeen = epoch;
    this.reloading ??= this.reload().finally(() => (this.reloading = null));
    return this.reloading;
  }

  /** Drafts of pages that are not effective yet: a new list/edit pair refers to each other before either is published. */
  private pendingNewPages(except: string): Map<string, PageDefinition> {
    const out = new Map<string, PageDefinition>();
    for (const s of this.states.values()) {
      if (s.name === except || this.app.defs.pages.has(s.name)) continue;
      const draft = parseContent(s.draft);
      if (draft) out.set(s.name, draft);
    }
    return out;
  }

  /** Meta-schema and cross-checks of a candidate page among all effective definitions and the database menus. */
  async validate(name: string, content: unknown, lang: Language): Promise<DefinitionProblem[]> {
    const validateSchema = this.ajv.getSchema('srm:meta/page');
    if (!validateSchema) throw new Error('meta schema srm:meta/page missing');
    if (!validateSchema(content)) {
      return schemaProblems(validateSchema.errors ?? [], content, lang);
    }
    const page = content as PageDefinition;
    if (page.name !== name) return [{ path: '/name', message: message(lang, 'definition.nameMismatch', { name }) }];
    const pages = new Map([...this.pendingNewPages(name), ...this.app.defs.pages]);
    pages.set(name, page);
    // The database holds the shipped menus (seeded) plus added ones and resources, so it alone is the menu context.
    const menus: Menu[] = await this.app.modules.service('access').pageMenus(this.app.db);
    const problems = checkProblems({ entities: this.shipped.entities, pages, menus: { menus } });
    // This page's own problems, and those of the menus that open it (a resource its buttons need).
    const mine = problems.filter((p) => p.where === `page ${name}` || (p.where.startsWith('menus.json') && p.params.page === name));
    const seen = new Set<string>();
    return mine.flatMap((p) => {
      // `menus.json menu CODE` → `CODE: ` (the menu's code reads the same in every language).
      const menu = p.where.startsWith('menus.json menu ') ? `${p.where.slice('menus.json menu '.length)}: ` : '';
      // The place in words, as in the format errors (schemaProblems.ts); the path stays for placing the message.
      const path = typeof p.params.path === 'string' ? p.params.path : undefined;
      const detail = menu + formatCheck(path ? { ...p, params: { ...p.params, path: placeOf(path, page, lang) } } : p, lang);
      if (seen.has(detail)) return [];
      seen.add(detail);
      return [{ path: path ?? '/', message: message(lang, 'definition.checkError', { detail }) }];
    });
  }
}

// The server's answer to "may this session run this action": resolved from the database once per
// session and reused until the ACL epoch moves. Any write to a table the answer is built from (users,
// responsibilities, menus, resources and their links) bumps the epoch, in the shared cache store (so
// every process sees it) and locally (so this process sees it before the store answers). Grants are
// also refreshed after GRANTS_TTL_MS, a last net for writes made outside this server (psql): the request
// that finds them older is still answered from them, the next ones from the refreshed answer.
import type { Db } from '../db/connect.js';
import type { Definitions } from '../../meta/definitions.js';
import type { CacheStore } from '../cache/store.js';
import { nextTicket, runAt } from '../db/requestOrder.js';
import type { Session } from '../auth/session.js';
import { buildBindings, type BindingIndex } from './bindings.js';
import type { AccessData, GrantData } from '../modules/services.js';
import { emptyScope, mergeScope, type WriteScope } from './writeScope.js';

export type Grants = GrantData;

const GRANTS_TTL_MS = 60_000;
const EPOCH_KEY = 'acl:epoch';
const EPOCH_TTL = 10 * 365 * 24 * 3600;

interface Cached {
  grants: Grants;
  refreshAt: number;
  epoch: string;
}

export class Acl {
  private bindings: BindingIndex;
  private readonly cache = new Map<string, Cached>();
  /** Moves with every local invalidation, so this process never waits for the store to agree. */
  private localEpoch = 0;
  private readonly perRequest = new WeakMap<Session, Promise<Grants>>();
  private readonly loading = new Map<string, Promise<Grants>>();

  constructor(
    private readonly db: Db,
    defs: Definitions,
    private readonly store: CacheStore,
    /** The module owning users and responsibilities answers what a user holds. */
    private readonly access: AccessData,
  ) {
    this.bindings = buildBindings(defs);
  }

  private async epoch(): Promise<string> {
    return `${(await this.store.get(EPOCH_KEY)) ?? '0'}.${this.localEpoch}`;
  }

  /** Drops every cached grant in every process: call after changing who may do what. */
  async invalidate(): Promise<void> {
    this.localEpoch++;
    this.cache.clear();
    await this.store.incr(EPOCH_KEY, EPOCH_TTL);
  }

  /**
   * Once per request: a request holds its own Session object (parsed from the store for it), so the
   * answer is remembered against that object and the epoch is read once however often grants are asked.
   */
  grants(session: Session): Promise<Grants> {
    let p = this.perRequest.get(session);
    if (!p) {
      p = this.resolve(session);
      this.perRequest.set(session, p);
    }
    return p;
  }

  private async resolve(session: Session): Promise<Grants> {
    const epoch = await this.epoch();
    const hit = this.cache.get(session.authorizationCode);
    if (hit && hit.epoch === epoch) {
      // Past the TTL (the net for writes made outside the server) the answer is refreshed behind this
      // request: every session signed in together would otherwise reload at the same moment, each of
      // its requests meanwhile asking again (200 bidders: 800 statements at once, "database busy").
      // The refresh queues for the database as a new arrival, behind the requests already waiting.
      if (Date.now() >= hit.refreshAt) void runAt({ ticket: nextTicket() }, () => this.load(session, epoch)).catch(() => undefined);
      return hit.grants;
    }
    return this.load(session, epoch);
  }

  /** The session's grants from the database, once at a time per session and epoch. */
  private load(session: Session, epoch: string): Promise<Grants> {
    const key = `${session.authorizationCode}\n${epoch}`;
    let p = this.loading.get(key);
    if (!p) {
      p = this.access
        .loadGrants(this.db, session.userId)
        .then((grants) => {
          // Kept under the epoch it was asked at: after an invalidation meanwhile it no longer matches.
          // Each session's refresh at its own moment between one and one and a half TTLs: sessions signed
          // in together spread out.
          this.cache.set(session.authorizationCode, { grants, refreshAt: Date.now() + GRANTS_TTL_MS * (1 + Math.random() / 2), epoch });
          if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value as string);
          return grants;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, p);
    }
    return p;
  }

  /** New page bindings after the effective definitions changed (designer publish, rollback, new menu). */
  rebind(bindings: BindingIndex): void {
    this.bindings = bindings;
  }

  forget(authorizationCode?: string): void {
    if (authorizationCode) this.cache.delete(authorizationCode);
    else this.cache.clear();
  }

  /** For routes outside the families (cache management, org GET calls): the menu, and its resource when named. */
  async holds(session: Session, menuCode: string, resource?: string): Promise<boolean> {
    const g = await this.grants(session);
    return g.menus.has(menuCode) && (resource === undefined || g.resources.has(`${menuCode}:${resource}`));
  }

  async allowed(session: Session, entity: string, action: string): Promise<boolean> {
    const bindings = this.bindings.get(entity)?.get(action);
    if (!bindings?.length) return false;
    const g = await this.grants(session);
    return g.active && bindings.some((b) => g.menus.has(b.menuCode) && (b.resource === null || g.resources.has(`${b.menuCode}:${b.resource}`)));
  }

  /**
   * The columns a read may return: null when a held screen shows the entity itself, else the union of
   * the columns of the pickers held (pickerReads.ts). Asked only after `allowed`.
   */
  async readColumns(session: Session, entity: string, action: string): Promise<ReadonlySet<string> | null> {
    const g = await this.grants(session);
    const held = (this.bindings.get(entity)?.get(action) ?? []).filter(
      (b) => g.menus.has(b.menuCode) && (b.resource === null || g.resources.has(`${b.menuCode}:${b.resource}`)),
    );
    if (!held.length || held.some((b) => !b.columns)) return null;
    return new Set(held.flatMap((b) => [...(b.columns ?? [])]));
  }

  /**
   * What a save action may write for this session: the union of the scopes of the save buttons it
   * holds for the entity (writeScope.ts). Empty when it holds none (the action is refused anyway).
   */
  async writeScope(session: Session, entity: string, action: string): Promise<WriteScope> {
    const g = await this.grants(session);
    const scope = emptyScope();
    for (const b of this.bindings.get(entity)?.get(action) ?? []) {
      if (b.writes && g.menus.has(b.menuCode) && (b.resource === null || g.resources.has(`${b.menuCode}:${b.resource}`))) mergeScope(scope, b.writes);
    }
    return scope;
  }

  /** The (menu, resource) pairs that allow an action; used by tests that walk every button. */
  bindingsOf(entity: string, action: string) {
    return this.bindings.get(entity)?.get(action) ?? [];
  }
}

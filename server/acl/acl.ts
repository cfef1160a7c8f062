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
/** Between two background reloads (at most 100 a second; a stale answer meanwhile is the TTL's own slack). */
const REFRESH_GAP_MS = 10;
/** The shared part of the epoch, in the cache store (read with a signed call's session: primeEpoch). */
export const EPOCH_KEY = 'acl:epoch';
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

  /** The store's epoch as read by the request that holds this Session object (primeEpoch). */
  private readonly primed = new WeakMap<Session, string | null>();

  private async epoch(session: Session): Promise<string> {
    const shared = this.primed.has(session) ? this.primed.get(session) : await this.store.get(EPOCH_KEY);
    return `${shared ?? '0'}.${this.localEpoch}`;
  }

  /**
   * The store's EPOCH_KEY value, read by the signature check in the same round trip as the session: the
   * request's grants then need no read of their own.
   */
  primeEpoch(session: Session, stored: string | null): void {
    this.primed.set(session, stored);
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
    const epoch = await this.epoch(session);
    const hit = this.cache.get(session.authorizationCode);
    if (hit && hit.epoch === epoch) {
      // Past the TTL (the net for writes made outside the server) the answer is refreshed behind this
      // request, by the one background refresher (refreshLater).
      if (Date.now() >= hit.refreshAt) this.refreshLater(session, epoch);
      return hit.grants;
    }
    return this.load(session, epoch);
  }

  /**
   * Stale sessions wait here for the background refresher, which reloads them ONE at a time, as new
   * arrivals in the database line. Sessions signed in together go stale together, and after a quiet spell
   * their first requests come together too (an auction's last seconds: 200 bidders idle in the hall, then
   * all bidding): reloading all of them at once took the server's loop and the database connections from
   * the bids for half a second, and bids sent before the end were decided after it. One at a time with a
   * pause between them, they are a trickle beside the requests.
   */
  private readonly stale = new Map<string, { session: Session; epoch: string }>();
  private refreshing = false;

  private refreshLater(session: Session, epoch: string): void {
    if (this.loading.has(`${session.authorizationCode}\n${epoch}`)) return;
    this.stale.set(session.authorizationCode, { session, epoch });
    if (this.refreshing) return;
    this.refreshing = true;
    void (async () => {
      for (const [code, next] of this.stale) {
        this.stale.delete(code);
        await runAt({ ticket: nextTicket() }, () => this.load(next.session, next.epoch)).catch(() => undefined);
        // A pause between reloads: back to back, 200 of them still took half the loop for a second.
        await new Promise((r) => setTimeout(r, REFRESH_GAP_MS));
      }
      this.refreshing = false;
    })();
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

// The server's answer to "may this session run this action": resolved from the database once per
// session and kept for a short while, so a revoked responsibility takes effect within a minute.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Definitions } from '../../meta/definitions.js';
import type { Session } from '../auth/session.js';
import { buildBindings, type BindingIndex } from './bindings.js';

export interface Grants {
  menus: Set<string>;
  /** `${menuCode}:${resourceCode}` */
  resources: Set<string>;
  respIds: Set<number>;
}

const GRANTS_TTL_MS = 60_000;

export class Acl {
  private readonly bindings: BindingIndex;
  private readonly cache = new Map<string, { grants: Grants; at: number }>();

  constructor(private readonly db: Db, defs: Definitions) {
    this.bindings = buildBindings(defs);
  }

  async grants(session: Session): Promise<Grants> {
    const hit = this.cache.get(session.authorizationCode);
    if (hit && Date.now() - hit.at < GRANTS_TTL_MS) return hit.grants;
    const grants = await loadGrants(this.db, session.userId);
    this.cache.set(session.authorizationCode, { grants, at: Date.now() });
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value as string);
    return grants;
  }

  forget(authorizationCode?: string): void {
    if (authorizationCode) this.cache.delete(authorizationCode);
    else this.cache.clear();
  }

  async allowed(session: Session, entity: string, action: string): Promise<boolean> {
    const bindings = this.bindings.get(entity)?.get(action);
    if (!bindings?.length) return false;
    const g = await this.grants(session);
    return bindings.some((b) => g.menus.has(b.menuCode) && (b.resource === null || g.resources.has(`${b.menuCode}:${b.resource}`)));
  }
}

async function loadGrants(db: Db, userId: number): Promise<Grants> {
  const held = sql`
    select r.resp_id from base_user_resp ur join base_responsibility r on r.resp_id = ur.resp_id
    where ur.user_id = ${userId} and r.enabled_flag = 'Y'
      and (ur.start_date is null or ur.start_date <= current_date)
      and (ur.end_date is null or ur.end_date >= current_date)`;
  const [resps, menus, resources] = await Promise.all([
    held.execute(db),
    sql<{ menu_code: string }>`select distinct m.menu_code from base_resp_menu rm join base_menu m on m.menu_id = rm.menu_id
      where m.enabled = 'Y' and rm.resp_id in (${held})`.execute(db),
    sql<{ menu_code: string; resource_code: string }>`select distinct m.menu_code, res.resource_code
      from base_resp_resource rr join base_resource res on res.resource_id = rr.resource_id
      join base_menu m on m.menu_id = res.menu_id
      where res.enabled = 'Y' and m.enabled = 'Y' and rr.resp_id in (${held})`.execute(db),
  ]);
  return {
    respIds: new Set((resps.rows as { resp_id: number }[]).map((r) => r.resp_id)),
    menus: new Set(menus.rows.map((r) => r.menu_code)),
    resources: new Set(resources.rows.map((r) => `${r.menu_code}:${r.resource_code}`)),
  };
}

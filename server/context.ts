import type { CacheStore } from './cache/store.js';
import type { ServerConfig } from './config.js';
import type { Database, Db } from './db/connect.js';
import type { Definitions } from '../meta/definitions.js';
import type { RsaKeys } from './auth/rsaKeys.js';
import type { SessionStore } from './auth/session.js';
import type { Acl } from './acl/acl.js';
import type { LookupService } from './lookups/lookupService.js';
import type { Mailer } from './notify/mailer.js';
import type { SmsSender } from './notify/sms.js';
import type { ProfileService } from './system/profiles.js';
import type { ModuleRegistry } from './modules/registry.js';
import type { EventBus } from './events/domainEvents.js';

/** Everything a request handler may use; built once in app.ts. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
  db: Db;
  cache: CacheStore;
  defs: Definitions;
  keys: RsaKeys;
  sessions: SessionStore;
  acl: Acl;
  lookups: LookupService;
  mailer: Mailer;
  sms: SmsSender;
  /** Typed system settings (`getProfile(code, fallback)`), cached. */
  profiles: ProfileService;
  /** The registered modules: rules, operations, cache effects, public APIs. */
  modules: ModuleRegistry;
  /** Domain events, delivered after commit to the modules' subscribers. */
  events: EventBus;
}

// Builds the whole server: database, cache, definitions, routes. Tests call this in-process.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { installContentSecurityPolicy } from './http/contentSecurityPolicy.js';
import './http/requestTypes.js';
import { loadDefinitions, moduleDirs } from '../meta/load.js';
import { buildOpenApi } from '../meta/openapi.js';
import type { ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/connect.js';
import { migrate, migrationSources } from './db/migrate.js';
import { openStore } from './cache/openStore.js';
import { loadOrCreateKeys } from './auth/rsaKeys.js';
import { SessionStore } from './auth/session.js';
import { Acl } from './acl/acl.js';
import { LookupService } from './lookups/lookupService.js';
import { ProfileService } from './system/profiles.js';
import { installErrorHandler } from './http/errorHandler.js';
import { cacheControlFor } from './http/assetCaching.js';
import { installDatabaseOrder } from './http/databaseOrder.js';
import { installJsonBody } from './http/jsonBody.js';
import { installSignatureCheck } from './auth/verifySignature.js';
import { smtpMailer } from './notify/mailer.js';
import { messageLogProvider, smsSender } from './notify/sms.js';
import { registerFamilies } from './rest/registerFamilies.js';
import { DefinitionService } from './definitions/service.js';
import { languageOf, message } from './i18n/messages.js';
import { seed } from './seed/seed.js';
import type { DemoRun } from './seed/demoSteps.js';
import { ok } from './http/envelope.js';
import { discoverModules } from './modules/discover.js';
import { ModuleRegistry } from './modules/registry.js';
import type { ServerModule } from './modules/types.js';
import { InProcessEventBus, type DomainEvents } from './events/domainEvents.js';
import { setPasswordWorkFactor } from './auth/password.js';

const root = join(new URL('.', import.meta.url).pathname, '..');

export interface BuiltApp {
  server: FastifyInstance;
  ctx: AppContext;
  demoUsers: string[];
  /** Effective definitions (shipped + overlays); tests reload it after editing overlay rows directly. */
  definitions: DefinitionService;
  close(): Promise<void>;
}

export interface BuildOptions {
  inMemoryDb?: boolean;
  cacheNamespace?: string;
  /** The modules to run; default: every modules/{name}/module.ts. */
  modules?: readonly ServerModule[];
  /**
   * The database is a fresh copy of a template that this same code migrated and seeded moments ago (the
   * test harness, tests/support/testTemplates.ts), or a test server's database that a second server of the
   * same test joins: the start-up's migrate and product seed would find nothing to do, and checking that
   * was most of a test server's boot (seconds per test file), so both are skipped. Never for a database
   * that lives on between code versions.
   */
  fromTemplate?: boolean;
  /**
   * scrypt's N for the passwords this process hashes (the demo users' too) and its unknown-user check;
   * default 16384. Only test servers lower it (tests/support/testTemplates.ts TEST_PASSWORD_WORK_FACTOR):
   * a sign-in then costs milliseconds instead of tens of them. Not read from the environment on purpose.
   */
  passwordWorkFactor?: number;
}

export async function buildApp(config: ServerConfig, opts: BuildOptions = {}): Promise<BuiltApp> {
  if (opts.passwordWorkFactor) setPasswordWorkFactor(opts.passwordWorkFactor);
  const defs = loadDefinitions(root);
  const modules = new ModuleRegistry(opts.modules ?? (await discoverModules(root)), defs);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, inMemory: opts.inMemoryDb, queue: config.dbQueue });
  let demoUsers: string[] = [];
  let lateDemo: DemoRun['late'];
  if (!opts.fromTemplate) {
    // Every module's tables, also those of modules left out of `opts.modules`: the definitions (and so the families) cover them all.
    const dependsOn = new Map(modules.modules.map((m) => [m.name, m.dependsOn]));
    await migrate(
      database,
      migrationSources(
        root,
        moduleDirs(root).map((m) => ({ ...m, dependsOn: dependsOn.get(m.name) })),
      ),
    );
    ({ users: demoUsers, late: lateDemo } = await seed(database.db, defs, config, root, modules));
  }
  const cache = openStore(config.redisUrl, opts.cacheNamespace);
  // Start-up commands (definitions, grants) meet a connected client; a Redis still away after 5 s is
  // reported by /api/health and answered 503 per call, the server starts all the same.
  await cache.ready?.();
  // The security core, caches and logs read the tables of the modules that own them (modules/services.ts).
  const access = modules.service('access');
  const callLogs = modules.optionalService('callLogs');
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    cache,
    defs,
    keys: loadOrCreateKeys(config.dataDir),
    sessions: new SessionStore(cache, config.sessionTtlSeconds),
    acl: new Acl(database.db, defs, cache, access),
    lookups: new LookupService(database.db, cache, modules.service('lookups')),
    mailer: smtpMailer(database.db, config.smtp, callLogs),
    sms: smsSender(database.db, messageLogProvider(database.db, callLogs), callLogs),
    profiles: new ProfileService(database.db, cache, modules.service('profiles')),
    modules,
    events: new InProcessEventBus((err, event, owner) => server.log.error({ err, event, module: owner }, 'event subscriber failed')),
  };
  for (const m of modules.modules) {
    for (const [event, run] of Object.entries(m.subscribers ?? {})) {
      ctx.events.subscribe(event as keyof DomainEvents, (payload) => (run as (p: unknown, a: AppContext) => Promise<void>)(payload, ctx), m.name);
    }
  }

  // Any write to a table grants are built from, through any code path, drops every cached grant.
  database.onWrite((table) => {
    if (access.grantTables.includes(table)) void ctx.acl.invalidate().catch((err) => server.log.error({ err }, 'acl invalidate failed'));
  });

  // Shipped definitions + the designer's published overlays (docs/decisions.md "Overlays").
  const definitions = new DefinitionService(ctx, defs, root);
  await definitions.reload();
  // A PAGE menu added or changed by an administrator binds its page like a shipped one (docs/decisions.md "Permissions").
  database.onWrite((table) => {
    if (access.menuTables.includes(table)) definitions.changedSoon((err) => server.log.error({ err }, 'definitions reload failed'));
  });

  const server = Fastify({ logger: { level: config.logLevel }, trustProxy: config.trustProxy, bodyLimit: 10 * 1024 * 1024 });
  server.decorateRequest('lang', 'CN');
  // First hook of all: every database statement of the request queues at its arrival.
  installDatabaseOrder(server);
  server.addHook('onRequest', async (req, reply) => {
    req.lang = languageOf(req.headers['saaf-language']);
    reply.header('X-Content-Type-Options', 'nosniff');
  });
  installJsonBody(server);
  installContentSecurityPolicy(server);
  const spa = existsSync(join(config.distDir, 'index.html'));
  installErrorHandler(server, spa);
  installSignatureCheck(server, ctx);
  for (const m of modules.modules) m.httpHooks?.(server, { app: ctx });

  // Health checks what it reports: a bounded `select 1` and a bounded PING. The `select 1` goes to the
  // front of the database queue (never shed, waits only for the statements running now), so under load
  // it still answers within 2 s. The database down: 503 E with `db: "<kind>-down"`; every connection
  // held by others for 2 s: 503 E with `db: "<kind>-busy"` and the busy message; Redis down: S with
  // `cache: "redis-down"` and the message (the process runs, every call that needs the cache answers 503
  // until it is back). `dbQueue`: statements waiting now, the bound, calls shed since start.
  // docs/security.md "Outages", docs/decisions.md "Database queue".
  server.get('/api/health', async (req, reply) => {
    const [db, cacheUp] = await Promise.all([database.ping(2000), cache.ping()]);
    const q = database.queue;
    const data = {
      db: db === 'up' ? database.kind : `${database.kind}-${db}`,
      cache: cacheUp ? cache.kind : `${cache.kind}-down`,
      version: config.version,
      dbQueue: { waiting: q.waiting, limit: q.maxWaiting, shed: q.shed },
    };
    if (db !== 'up') return reply.code(503).send({ status: 'E', msg: message(req.lang, db === 'busy' ? 'error.databaseBusy' : 'error.databaseDown'), data });
    return ok(data, cacheUp ? '' : message(req.lang, 'error.cacheDown'));
  });
  server.addHook('preHandler', async (req) => {
    if (req.url.startsWith('/api/') && req.url.split('?')[0] !== '/api/health') await definitions.catchUp();
  });
  server.get('/api/openapi.json', async () => buildOpenApi(ctx.defs, config.version));
  registerFamilies(server, ctx);
  const host = { app: ctx, definitions };
  modules.startApis(host);
  // Demo data made through other modules' APIs (a stored file, a scheduled request), on the first start only.
  if (lateDemo) {
    const late = lateDemo;
    await database.db.transaction().execute((trx) => late(trx, (name) => modules.api(name)));
  }
  for (const m of modules.modules) await m.routes?.(server, host);

  if (spa) {
    await server.register(fastifyStatic, {
      root: config.distDir,
      wildcard: true,
      // The build wrote .br and .gz beside each file (scripts/vite/precompress.ts): sent by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => void reply.header('Cache-Control', cacheControlFor(relative(config.distDir, path))),
    });
  }

  return {
    server,
    ctx,
    demoUsers,
    definitions,
    async close() {
      definitions.dispose();
      await server.close();
      await cache.close();
      await database.close();
    },
  };
}

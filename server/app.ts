// Builds the whole server: database, cache, definitions, routes. Tests call this in-process.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { installContentSecurityPolicy } from './http/contentSecurityPolicy.js';
import './http/requestTypes.js';
import { loadDefinitions } from '../meta/load.js';
import { buildOpenApi } from '../meta/openapi.js';
import type { ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { openStore } from './cache/openStore.js';
import { loadOrCreateKeys } from './auth/rsaKeys.js';
import { SessionStore } from './auth/session.js';
import { Acl, ACL_TABLES } from './acl/acl.js';
import { LookupService } from './lookups/lookupService.js';
import { ProfileService } from './system/profiles.js';
import { installErrorHandler } from './http/errorHandler.js';
import { installJsonBody } from './http/jsonBody.js';
import { installSignatureCheck } from './auth/verifySignature.js';
import { registerLoginRoutes } from './auth/loginRoutes.js';
import { registerPasswordRoutes } from './auth/passwordRoutes.js';
import { installAuditHook } from './logs/auditHook.js';
import { smtpMailer } from './notify/mailer.js';
import { messageLogProvider, smsSender } from './notify/sms.js';
import { registerFamilies } from './rest/registerFamilies.js';
import { registerShellRoutes } from './shellRoutes.js';
import { registerFileRoutes } from './files/routes.js';
import { registerOrgRoutes } from './org/orgRoutes.js';
import { registerCacheAdminRoutes } from './system/cacheAdmin.js';
import { registerLookupAdminRoutes } from './lookups/lookupAdminRoutes.js';
import { registerTableConfigRoutes } from './tableConfig/routes.js';
import { DefinitionService } from './definitions/service.js';
import { registerDefinitionRoutes } from './definitions/routes.js';
import { registerDevtoolsRoutes } from './devtools/routes.js';
import { registerExcelRoutes } from './excel/routes.js';
import { languageOf } from './i18n/messages.js';
import { seed } from './seed/seed.js';
import { ok } from './http/envelope.js';

const root = join(new URL('.', import.meta.url).pathname, '..');

export interface BuiltApp {
  server: FastifyInstance;
  ctx: AppContext;
  demoUsers: string[];
  /** Effective definitions (shipped + overlays); tests reload it after editing overlay rows directly. */
  definitions: DefinitionService;
  close(): Promise<void>;
}

export async function buildApp(config: ServerConfig, opts: { inMemoryDb?: boolean; cacheNamespace?: string } = {}): Promise<BuiltApp> {
  const defs = loadDefinitions(join(root, 'schemas'));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, inMemory: opts.inMemoryDb });
  await migrate(database, join(root, 'server', 'migrations'));
  const demoUsers = await seed(database.db, defs, config);
  const cache = openStore(config.redisUrl, opts.cacheNamespace);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    cache,
    defs,
    keys: loadOrCreateKeys(config.dataDir),
    sessions: new SessionStore(cache, config.sessionTtlSeconds),
    acl: new Acl(database.db, defs, cache),
    lookups: new LookupService(database.db, cache),
    mailer: smtpMailer(database.db, config.smtp),
    sms: smsSender(database.db, messageLogProvider(database.db)),
    profiles: new ProfileService(database.db, cache),
  };

  // Any write to a table grants are built from, through any code path, drops every cached grant.
  database.onWrite((table) => {
    if (ACL_TABLES.has(table)) void ctx.acl.invalidate().catch((err) => server.log.error({ err }, 'acl invalidate failed'));
  });

  // Shipped definitions + the designer's published overlays (docs/decisions.md "Overlays").
  const definitions = new DefinitionService(ctx, defs, join(root, 'schemas'));
  await definitions.reload();
  // A PAGE menu added or changed by an administrator binds its page like a shipped one (docs/decisions.md "Permissions").
  database.onWrite((table) => {
    if (table === 'base_menu' || table === 'base_resource') definitions.changedSoon((err) => server.log.error({ err }, 'definitions reload failed'));
  });

  const server = Fastify({ logger: { level: config.logLevel }, trustProxy: config.trustProxy, bodyLimit: 10 * 1024 * 1024 });
  server.decorateRequest('lang', 'CN');
  server.addHook('onRequest', async (req, reply) => {
    req.lang = languageOf(req.headers['saaf-language']);
    reply.header('X-Content-Type-Options', 'nosniff');
  });
  installJsonBody(server);
  installContentSecurityPolicy(server);
  const spa = existsSync(join(config.distDir, 'index.html'));
  installErrorHandler(server, spa);
  installSignatureCheck(server, ctx);
  installAuditHook(server, ctx);

  server.get('/api/health', async () => ok({ db: database.kind, cache: cache.kind, version: config.version }));
  server.addHook('preHandler', async (req) => {
    if (req.url.startsWith('/api/')) await definitions.catchUp();
  });
  server.get('/api/openapi.json', async () => buildOpenApi(ctx.defs, config.version));
  registerLoginRoutes(server, ctx);
  registerPasswordRoutes(server, ctx);
  registerShellRoutes(server, ctx);
  registerFamilies(server, ctx);
  registerFileRoutes(server, ctx);
  registerOrgRoutes(server, ctx);
  registerCacheAdminRoutes(server, ctx);
  registerLookupAdminRoutes(server, ctx);
  registerTableConfigRoutes(server, ctx);
  registerDefinitionRoutes(server, ctx, definitions);
  registerDevtoolsRoutes(server, ctx);
  await registerExcelRoutes(server, ctx);

  if (spa) await server.register(fastifyStatic, { root: config.distDir, wildcard: true, maxAge: '1h' });

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

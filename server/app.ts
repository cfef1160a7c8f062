// Builds the whole server: database, cache, definitions, routes. Tests call this in-process.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
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
import { Acl } from './acl/acl.js';
import { LookupService } from './lookups/lookupService.js';
import { installErrorHandler } from './http/errorHandler.js';
import { installJsonBody } from './http/jsonBody.js';
import { installSignatureCheck } from './auth/verifySignature.js';
import { registerLoginRoutes } from './auth/loginRoutes.js';
import { registerFamilies } from './rest/registerFamilies.js';
import { registerShellRoutes } from './shellRoutes.js';
import { registerFileRoutes } from './files/routes.js';
import { languageOf } from './i18n/messages.js';
import { seed } from './seed/seed.js';
import { ok } from './http/envelope.js';

const root = join(new URL('.', import.meta.url).pathname, '..');

export interface BuiltApp {
  server: FastifyInstance;
  ctx: AppContext;
  demoUsers: string[];
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
    acl: new Acl(database.db, defs),
    lookups: new LookupService(database.db, cache),
  };

  const server = Fastify({ logger: { level: config.logLevel }, trustProxy: config.trustProxy, bodyLimit: 10 * 1024 * 1024 });
  server.decorateRequest('lang', 'CN');
  server.addHook('onRequest', async (req, reply) => {
    req.lang = languageOf(req.headers['saaf-language']);
    reply.header('X-Content-Type-Options', 'nosniff');
  });
  installJsonBody(server);
  const spa = existsSync(join(config.distDir, 'index.html'));
  installErrorHandler(server, spa);
  installSignatureCheck(server, ctx);

  server.get('/api/health', async () => ok({ db: database.kind, cache: cache.kind, version: config.version }));
  server.get('/api/openapi.json', async () => buildOpenApi(defs, config.version));
  registerLoginRoutes(server, ctx);
  registerShellRoutes(server, ctx);
  registerFamilies(server, ctx);
  registerFileRoutes(server, ctx);

  if (spa) await server.register(fastifyStatic, { root: config.distDir, wildcard: true, maxAge: '1h' });

  return {
    server,
    ctx,
    demoUsers,
    async close() {
      await server.close();
      await cache.close();
      await database.close();
    },
  };
}

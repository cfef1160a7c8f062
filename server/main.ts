import { buildApp } from './app.js';
import { configFromEnv } from './config.js';

const config = configFromEnv();
const app = await buildApp(config);
await app.server.listen({ port: config.port, host: config.host });
const where = `http://localhost:${config.port}`;
console.log(`SRM listening on ${where} (db: ${app.ctx.database.kind}, cache: ${app.ctx.cache.kind}, data: ${config.dataDir})`);
if (app.demoUsers.length) {
  console.log(`Demo users created (password from SRM_DEMO_PASSWORD, default Srm#Demo2026): ${app.demoUsers.join(', ')}`);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

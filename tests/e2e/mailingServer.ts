// An app server of a browser test's own (PGlite on a copy of the run's template, the built front end)
// whose mail goes to a real SMTP server on loopback, for the tests that read what the app mails.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../../server/app.js';
import { configFromEnv } from '../../server/config.js';
import { startLoopbackSmtp, type ReceivedMail } from '../support/loopbackSmtp.js';
import { newDataDir } from '../support/testTemplates.js';

export interface MailingServer {
  app: BuiltApp;
  base: string;
  mails: ReceivedMail[];
  stop(): Promise<void>;
}

const root = join(__dirname, '..', '..');

export async function startMailingServer(name: string): Promise<MailingServer> {
  const smtp = await startLoopbackSmtp();
  // A copy of the migrated, seeded template of the run (globalSetup.ts): the boot finds nothing to do.
  const template = inject('srmTestTemplates')?.pglite;
  const dataDir = newDataDir(`srm-e2e-${name}-`, template);
  const config = configFromEnv({
    DATA_DIR: dataDir,
    SRM_DIST_DIR: process.env.SRM_DIST_DIR ?? join(root, 'dist'),
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: 'SRM <no-reply@srm.test>',
    SMTP_SECURE: '0',
  });
  // The demo's crons never fire under a test (config.demoCrons). On a copy of the template (built by this
  // same working tree moments ago) the boot's migrate and seed would find nothing to do: skipped, as for
  // the API tests' servers (docs/decisions.md "Test templates").
  const app = await buildApp({ ...config, logLevel: 'silent', demoCrons: false }, { fromTemplate: Boolean(template) });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    base: `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`,
    mails: smtp.mails,
    async stop() {
      await app.close();
      await smtp.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

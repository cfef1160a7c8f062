// Builds the test templates once per run of the api project (tests/support/testTemplates.ts) for the
// backends the run uses, gives them to the test files (startTestServer copies them), drops them at the end.
import type { TestProject } from 'vitest/node';
import { backends, PG_ADMIN_URL } from '../support/testServer.js';
import { buildPgliteTemplate, buildPostgresTemplate, dropTemplates, type TestTemplates } from '../support/testTemplates.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const wanted = await backends();
  const t0 = performance.now();
  const templates: TestTemplates = {};
  // Both at once: the PostgreSQL boot spends much of its time waiting on the database server.
  const built = await Promise.allSettled([
    wanted.includes('pglite') ? buildPgliteTemplate().then((dir) => void (templates.pglite = dir)) : undefined,
    wanted.includes('postgres') ? buildPostgresTemplate(PG_ADMIN_URL).then((t) => void (templates.postgres = t)) : undefined,
  ]);
  const failed = built.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await dropTemplates(templates, PG_ADMIN_URL);
    throw failed.reason;
  }
  console.log(`test templates (${wanted.join(', ')}) built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  project.provide('srmTestTemplates', templates);
  return () => dropTemplates(templates, PG_ADMIN_URL);
}

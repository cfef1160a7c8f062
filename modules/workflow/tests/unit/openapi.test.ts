// Every call the workflow serves is in the OpenAPI document with an example body (CONTRACT.md asks for
// examples): the task centre's routes (bpmTaskRestful/*, as registered) and the operations the module
// declares on its families (publish, stop, reassign, retry, skip, updateStatus), which the generic family
// description does not know. Read from the generated document (gen:check keeps it current).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import workflow from '../../module.js';
import { registerTaskRoutes } from '../../server/routes.js';
import type { AppContext } from '../../../../server/context.js';

const root = join(import.meta.dirname, '../../../..');
type Doc = { paths: Record<string, { post?: { summary?: string; requestBody?: { content: Record<string, { example?: unknown }> } } }> };
const doc = JSON.parse(readFileSync(join(root, 'meta/generated/openapi.json'), 'utf8')) as Doc;

/** The paths registerTaskRoutes serves (a recording server: nothing runs). */
function taskRoutes(): string[] {
  const paths: string[] = [];
  const server = { post: (path: string) => paths.push(path), get: (path: string) => paths.push(path) } as unknown as FastifyInstance;
  registerTaskRoutes(server, {} as AppContext);
  return paths;
}

/** The family operations the module declares, as paths. */
function operationPaths(): string[] {
  const out: string[] = [];
  for (const [entity, ops] of Object.entries(workflow.operations ?? {})) {
    const def = JSON.parse(readFileSync(join(root, `modules/workflow/entities/${entity}.entity.json`), 'utf8')) as { area: string };
    for (const action of Object.keys(ops)) out.push(`/api/${def.area}/v1/${entity}Restful/${action}`);
  }
  return out;
}

it('documents every workflow route and declared operation with a summary and an example body', () => {
  const routes = taskRoutes();
  const operations = operationPaths();
  expect(routes.length).toBeGreaterThan(15);
  expect(operations).toEqual(
    expect.arrayContaining([
      '/api/bpmServer/v1/bpmCompensationRestful/doRetry',
      '/api/bpmServer/v1/bpmCompensationRestful/doSkip',
      '/api/bpmServer/v1/bpmUrgeRuleRestful/updateStatus',
      '/api/bpmServer/v1/bpmInstanceRestful/doStop',
      '/api/bpmServer/v1/bpmInstanceRestful/doReassign',
      '/api/bpmServer/v1/bpmModelRestful/doPublish',
    ]),
  );
  for (const path of [...routes, ...operations]) {
    const post = doc.paths[path]?.post;
    expect(post, path).toBeDefined();
    expect(post!.summary, path).toBeTruthy();
    expect(post!.requestBody?.content['application/json']?.example, path).toBeDefined();
  }
});

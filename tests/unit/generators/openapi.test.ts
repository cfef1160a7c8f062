// The OpenAPI generator (meta/openapi.ts): the golden is the bank family's operations and schema;
// the filter params are the very schema the typed clients are generated from (meta/familySchemas.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paramsSchema } from '../../../meta/familySchemas.js';
import { contractOf, mergeContracts } from '../../../meta/contract.js';
import { loadDefinitions } from '../../../meta/load.js';
import { buildOpenApi } from '../../../meta/openapi.js';
import type { Definitions } from '../../../meta/definitions.js';

const root = join(__dirname, '..', '..', '..');
const golden = join(__dirname, 'golden', 'bank.openapi.json.txt');

type Op = { post: { requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } } } };
type Doc = { paths: Record<string, Op>; components: { schemas: Record<string, { properties: Record<string, unknown> }> } };

function fixture(names: string[]): Definitions {
  const all = loadDefinitions(root);
  return { ...all, entities: new Map([...all.entities].filter(([name]) => names.includes(name))) };
}

describe('OpenAPI generator', () => {
  it('matches the golden operations of one small family (UPDATE_GOLDEN=1 rewrites it after an intended change)', () => {
    const doc = buildOpenApi(fixture(['srmBaseBank']), '1') as Doc;
    const family = Object.fromEntries(Object.entries(doc.paths).filter(([p]) => p.includes('/srmBaseBankRestful/')));
    const out = JSON.stringify({ paths: family, schemas: { srmBaseBank: doc.components.schemas.srmBaseBank } }, null, 2) + '\n';
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(golden)) writeFileSync(golden, out);
    expect(out).toBe(readFileSync(golden, 'utf8'));
  });

  it('types listByPage params from the same schema as the clients (integers, numbers, strings, arrays)', () => {
    const defs = fixture(['srmPoRequisition', 'srmPoRequisitionLine', 'srmBaseMaterial']);
    const doc = buildOpenApi(defs, '1') as Doc;
    const params = (family: string) =>
      doc.paths[`/api/srmServer/v1/${family}Restful/listByPage`].post.requestBody.content['application/json'].schema.properties.params;
    expect(params('srmPoRequisition')).toEqual(paramsSchema(defs.entities.get('srmPoRequisition')!));
    const material = params('srmBaseMaterial') as { properties: Record<string, unknown> };
    expect(material.properties.materialId).toMatchObject({ oneOf: [{ type: 'integer' }, { type: 'array', items: { type: 'integer' } }] });
    expect(material.properties.keyword).toMatchObject({ type: 'string' });
  });

  it('names line entities as schemas of their own, referenced from the header', () => {
    const doc = buildOpenApi(fixture(['srmPoRequisition', 'srmPoRequisitionLine']), '1') as Doc;
    expect(doc.components.schemas.srmPoRequisition.properties.lines).toEqual({ type: 'array', items: { $ref: '#/components/schemas/srmPoRequisitionLine' } });
    expect(doc.components.schemas.srmPoRequisitionLine.properties).toHaveProperty('quantity');
    expect(Object.keys(doc.paths).filter((p) => p.includes('srmPoRequisitionLineRestful'))).toEqual([]);
  });

  it('describes the shell endpoints with the request and answer schemas the shell client is generated from', () => {
    const doc = buildOpenApi(fixture(['srmBaseBank']), '1') as Doc & {
      paths: Record<string, { post: { responses: { 200: { content: { 'application/json': { schema: { properties: { data: unknown } } } } } } } }>;
    };
    const { shellOperations } = contractOf(loadDefinitions(root));
    expect(shellOperations.map((o) => o.name)).toEqual(expect.arrayContaining(['getCurrentUser', 'findMenuByResp', 'createLookupRedisCache']));
    for (const o of shellOperations) {
      const post = doc.paths[`/api/${o.path}`].post;
      expect(post.requestBody.content['application/json'].schema, o.name).toEqual(o.request);
      expect(post.responses[200].content['application/json'].schema.properties.data, o.name).toEqual(o.data);
    }
    expect(doc.components.schemas.ShellMenuNode.properties.children).toEqual({ type: 'array', items: { $ref: '#/components/schemas/ShellMenuNode' } });
  });

  it('describes the endpoints the modules declare (contract.json), also for the server’s effective definitions', () => {
    const all = loadDefinitions(root);
    const { endpoints } = contractOf(all);
    expect([...new Set(endpoints.map((e) => e.module))]).toEqual(expect.arrayContaining(['devtools', 'files', 'lookups', 'workflow']));
    expect(endpoints.length).toBeGreaterThan(30);
    // The server's effective definitions: everything shipped with other pages (server/definitions/service.ts).
    const rebuilt: Definitions = { ...all, pages: new Map() };
    const doc = buildOpenApi(rebuilt, '1') as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    for (const e of endpoints) expect(doc.paths[e.path]?.[e.method ?? 'post'], `${e.method ?? 'post'} ${e.path}`).toBeDefined();
    for (const name of Object.keys(contractOf(all).shellSchemas)) expect(doc.components.schemas[name], name).toBeDefined();
    // A download is one path item with a signed POST and a ticketed GET.
    const download = endpoints.find((e) => e.method === 'get' && e.signed === false)!;
    expect(Object.keys(doc.paths[download.path])).toEqual(['post', 'get']);
    expect(doc.paths[download.path].get).toMatchObject({ security: [] });
  });

  it('refuses an endpoint, shell schema or shell operation that two modules declare', () => {
    const one = { endpoints: [{ path: '/api/x/v1/a/b', summary: 'a' }], shellSchemas: { S: {} }, shellOperations: [] };
    const op = { name: 'get', path: 'x/v1/a/b', summary: 's', request: {}, data: {}, example: {} };
    const { problems, contract } = mergeContracts([
      { module: 'm1', file: 'modules/m1/contract.json', contract: one },
      { module: 'm2', file: 'modules/m2/contract.json', contract: { ...one, shellOperations: [op] } },
    ]);
    expect(problems).toEqual([
      'modules/m2/contract.json: endpoint POST /api/x/v1/a/b is also declared in modules/m1/contract.json',
      'modules/m2/contract.json: shell schema S is also declared in modules/m1/contract.json',
      'modules/m2/contract.json: endpoint POST /api/x/v1/a/b is also declared in modules/m1/contract.json',
    ]);
    expect(contract.endpoints.map((e) => e.module)).toEqual(['m1']);
    expect(contract.shellOperations).toEqual([]);
  });
});

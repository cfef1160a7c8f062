// The served API document lists every family action (and declared transition) of every family
// entity, and the health call answers without a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../support/testServer.js';
import { isFamily } from '../../meta/definitions.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { contractOf } from '../../meta/contract.js';
import { signIn } from '../support/apiHelpers.js';

const GENERIC = ['findById', 'listByPage', 'saveOrUpdate', 'doBatchSaveOrUpdate', 'delete', 'doBatchDelete'];

interface OpenApi {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    {
      post?: {
        summary: string;
        responses: Record<string, unknown>;
        requestBody: {
          content: {
            'application/json': { schema: { properties?: Record<string, { properties?: Record<string, unknown>; additionalProperties?: boolean }> } };
          };
        };
      };
    }
  >;
  components: { schemas: Record<string, unknown> };
}

for (const backend of await backends()) {
  describe(`openapi and health on ${backend}`, () => {
    let t: TestServer;
    let doc: OpenApi;
    beforeAll(async () => {
      t = await startTestServer(backend);
      const res = await fetch(`${t.url}/api/openapi.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      doc = (await res.json()) as OpenApi;
    });
    afterAll(async () => t?.stop());

    it('GET /api/health answers the backend, cache and version without a session', async () => {
      const res = await fetch(`${t.url}/api/health`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { status: string; msg: string; data: Record<string, unknown> };
      expect(body).toEqual({
        status: 'S',
        msg: '',
        data: {
          db: backend,
          cache: backend === 'postgres' ? 'redis' : 'memory',
          version: expect.any(String),
          // the database queue now (docs/decisions.md "Database queue")
          dbQueue: { waiting: expect.any(Number), limit: 512, shed: expect.any(Number) },
        },
      });
      expect(body.data.version).not.toBe('');
    });

    it('is an OpenAPI 3 document', () => {
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.info.title).toBeTruthy();
      expect(doc.info.version).toBeTruthy();
    });

    it('lists every generic action and every declared transition of every family', () => {
      const expected: string[] = [];
      for (const e of t.app.ctx.defs.entities.values()) {
        if (!isFamily(e)) continue;
        const base = `/api/${e.area}/v1/${e.name}Restful`;
        for (const a of GENERIC) expected.push(`${base}/${a}`);
        for (const tr of e.status?.transitions ?? []) expected.push(`${base}/${tr.action}`);
        expect(doc.components.schemas[e.name], e.name).toBeDefined();
      }
      expect(expected.length).toBeGreaterThan(40);
      const paths = Object.keys(doc.paths);
      for (const p of expected) expect(paths, p).toContain(p);
      for (const p of expected) {
        const op = doc.paths[p].post!;
        expect(Object.keys(op.responses).sort(), p).toEqual(['200', '400', '401', '403']);
      }
    });

    it('names the bank and requisition paths the contract relies on, with their filters', () => {
      for (const a of GENERIC) expect(doc.paths[`/api/srmServer/v1/srmBaseBankRestful/${a}`], a).toBeDefined();
      for (const a of ['doSubmit', 'doApproval', 'doReject']) expect(doc.paths[`/api/srmServer/v1/srmPoRequisitionRestful/${a}`], a).toBeDefined();
      // Lines are not a family of their own; banks have no transitions.
      expect(Object.keys(doc.paths).filter((p) => p.includes('srmPoRequisitionLineRestful'))).toEqual([]);
      expect(doc.paths['/api/srmServer/v1/srmBaseBankRestful/doSubmit']).toBeUndefined();
      const params = (p: string) => doc.paths[p].post!.requestBody.content['application/json'].schema.properties!.params;
      const rate = params('/api/srmServer/v1/srmBaseExchangeRateRestful/listByPage');
      expect(Object.keys(rate.properties!)).toEqual(expect.arrayContaining(['rateDate', 'rateDateFrom', 'rateDateTo', 'fromCurrency']));
      expect(Object.keys(rate.properties!)).not.toContain('rate');
      expect(rate.additionalProperties).toBe(false);
      expect(Object.keys(params('/api/srmServer/v1/srmBaseMaterialRestful/listByPage').properties!)).toContain('keyword');
      expect(Object.keys(params('/api/srmServer/v1/srmBaseBankRestful/listByPage').properties!)).not.toContain('keyword');
    });

    it('the shell endpoints answer what their documented schemas (the source of the shell client) say, for admin and a buyer', async () => {
      // The served document's components, under an $id so that its #/components refs resolve.
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      ajv.addSchema({ $id: 'srm:openapi', components: doc.components });
      const bodies: Record<string, (respId: number) => unknown> = {
        getCurrentUser: () => ({}),
        findMenuByResp: (respId) => ({ respId }),
        findByRespAndMenu: (respId) => ({ respId, menuId: 1 }),
      };
      for (const user of ['admin', 'buyer01']) {
        const c = await signIn(t.url, user);
        const respId = c.session!.responsibilities[0].respId;
        for (const o of contractOf(t.app.ctx.defs).shellOperations.filter((x) => x.name in bodies)) {
          const answer = await c.call(o.path, bodies[o.name](respId));
          expect(answer.status, `${user} ${o.name}: ${answer.msg}`).toBe('S');
          const validate = ajv.compile({
            $id: `srm:shell/${o.name}/${user}`,
            ...JSON.parse(JSON.stringify(o.data).replace(/#\/components/g, 'srm:openapi#/components')),
          });
          expect(validate(answer.data), `${user} ${o.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
        }
      }
      const admin = await signIn(t.url, 'admin');
      const rebuilt = await admin.call(contractOf(t.app.ctx.defs).shellOperations.find((o) => o.name === 'createLookupRedisCache')!.path, {});
      expect(rebuilt.status, rebuilt.msg).toBe('S');
      expect(rebuilt.data).toEqual({ store: backend === 'postgres' ? 'redis' : 'memory', types: expect.any(Number) });
    });

    it('every listed family path is actually served (401 without a session, not 404)', async () => {
      // Public calls (no signing: the registration's) answer without a session; every other family path must not.
      const signed = (p: string) => Object.values(doc.paths[p] as Record<string, { security?: unknown[] }>).some((o) => (o.security ?? [1]).length > 0);
      const paths = Object.keys(doc.paths).filter((p) => /Restful\//.test(p) && signed(p));
      const answers = await Promise.all(
        paths.map(async (p) => [p, (await fetch(t.url + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status] as const),
      );
      expect(answers.filter(([, s]) => s !== 401)).toEqual([]);
      const unknown = await fetch(`${t.url}/api/srmServer/v1/srmBaseBankRestful/doSubmit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'SAAF-Language': 'EN' },
        body: '{}',
      });
      // Unknown routes: signature check or not found, but never a 200.
      expect([401, 404]).toContain(unknown.status);
    });
  });
}

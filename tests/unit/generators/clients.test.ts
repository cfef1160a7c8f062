import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateClients } from '../../../generators/clients.js';
import { loadDefinitions } from '../../../meta/load.js';
import type { Definitions } from '../../../meta/definitions.js';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { baseLookupTypeClient, shellClient, srmPoRequisitionClient, type Call } from '../../../src/generated/clients.js';
import { callOf } from '../../../src/app/callOf.js';
import { createHttpClient } from '../../../runtime/http/client.js';

const root = join(__dirname, '..', '..', '..');
const golden = join(__dirname, 'golden', 'requisition.clients.ts.txt');

/** Golden input: the requisition (header, lines, transitions) and the material it references. */
function fixture(): Definitions {
  const all = loadDefinitions(root);
  const keep = ['srmPoRequisition', 'srmPoRequisitionLine', 'srmBaseMaterial'];
  return { ...all, entities: new Map([...all.entities].filter(([name]) => keep.includes(name))) };
}

describe('typed client generator', () => {
  it('matches the golden file (UPDATE_GOLDEN=1 rewrites it after an intended change)', async () => {
    const out = await generateClients(fixture());
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(golden)) writeFileSync(golden, out);
    expect(out).toBe(readFileSync(golden, 'utf8'));
  });

  it('types every declared transition and keeps no index-signature leak', async () => {
    const out = await generateClients(fixture());
    for (const action of ['doSubmit', 'doApproval', 'doReject']) expect(out).toContain(`${action}: (req: TransitionRequest) => call<SrmPoRequisition>`);
    expect(out).toContain('lines: SrmPoRequisitionLine[]');
    expect(out).not.toContain('[k: string]: unknown');
  });

  it('calls the family paths with the contract bodies and unwraps pages', async () => {
    const calls: [string, unknown][] = [];
    const call: Call = async <T>(path: string, body: unknown) => {
      calls.push([path, body]);
      return { status: 'S', msg: '', data: [] as unknown as T, page: { count: 42, curIndex: 2, pageRows: 20, estimated: true } };
    };
    const client = srmPoRequisitionClient(call);
    const page = await client.listByPage({ params: { status: ['DRAFT', 'REJECTED'], requestDateFrom: '2026-01-01' }, pageIndex: 2 });
    await client.doApproval({ id: 7, versionNum: 3 });
    await client.doBatchDelete([1, 2]);
    expect(page).toEqual({ rows: [], count: 42, curIndex: 2, pageRows: 20, estimated: true });
    expect(calls).toEqual([
      ['srmServer/v1/srmPoRequisitionRestful/listByPage', { params: { status: ['DRAFT', 'REJECTED'], requestDateFrom: '2026-01-01' }, pageIndex: 2 }],
      ['srmServer/v1/srmPoRequisitionRestful/doApproval', { id: 7, versionNum: 3 }],
      ['srmServer/v1/srmPoRequisitionRestful/doBatchDelete', { ids: [1, 2] }],
    ]);
  });
});

describe('typed clients over the runtime http client', () => {
  it('callOf(http) signs and sends the generated path and body, and the client unwraps the page', async () => {
    const seen: { url: string; body: string; auth: string }[] = [];
    const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
      seen.push({ url: String(config.url), body: String(config.data), auth: String(config.headers.AuthorizationCode) });
      const data = { status: 'S', msg: '', data: [{ lookupType: 'PO_STATUS', meaning: 'PO status' }], page: { count: 1, curIndex: 1, pageRows: 500 } };
      return { data, status: 200, statusText: 'OK', headers: {}, config };
    };
    const http = createHttpClient({
      appId: 'srm-web',
      getCredentials: () => ({ authorizationCode: 'AC-1', signKey: 'sk-1', gatewayTag: 'gw-1' }),
      getLanguage: () => 'EN',
      onUnauthorized: () => undefined,
      fallbackMessage: (kind, code) => `${kind}:${code}`,
      adapter,
    });
    const page = await baseLookupTypeClient(callOf(http)).listByPage({ params: { lookupType: 'PO_STATUS' }, pageIndex: 1, pageRows: 500 });
    expect(page.rows.map((r) => r.lookupType)).toEqual(['PO_STATUS']);
    expect(page.count).toBe(1);
    expect(seen).toEqual([
      {
        url: '/api/baseServer/v1/baseLookupTypeRestful/listByPage',
        body: JSON.stringify({ params: { lookupType: 'PO_STATUS' }, pageIndex: 1, pageRows: 500 }),
        auth: 'AC-1',
      },
    ]);
  });

  it('the shell client calls the shell endpoints with their bodies and answers their data', async () => {
    const calls: [string, unknown][] = [];
    const call: Call = async <T>(path: string, body: unknown) => {
      calls.push([path, body]);
      return { status: 'S', msg: '', data: [{ resourceCode: 'btnAdd', resourceName: 'Add', resIcon: null }] as unknown as T };
    };
    const shell = shellClient(call);
    expect((await shell.findByRespAndMenu({ respId: 2, menuId: '5' })).map((r) => r.resourceCode)).toEqual(['btnAdd']);
    await shell.findMenuByResp({ respId: 2 });
    await shell.getCurrentUser();
    await shell.createLookupRedisCache();
    expect(calls).toEqual([
      ['baseServer/v1/baseResourceRestful/findByRespAndMenu', { respId: 2, menuId: '5' }],
      ['baseServer/v1/baseMenuRestful/findMenuByResp', { respId: 2 }],
      ['baseServer/v1/baseUsersRestful/getCurrentUser', {}],
      ['baseServer/v1/baseLookupValuesRestful/createLookupRedisCache', {}],
    ]);
  });
});

// Database browser, code generator and API registry (baseDevtoolsRestful, baseApiRegistryRestful):
// designers only, read-only on the catalogue, garbage documents refused with a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { binCall } from '../../../../tests/support/excelHelpers.js';
import { readStoreZip } from '../../../../tests/support/storeZip.js';

const TOOLS = 'baseServer/v1/baseDevtoolsRestful';
const API = 'baseServer/v1/baseApiRegistryRestful';

interface TableRow {
  tableName: string;
  estimatedRows: number;
  columnCount: number;
}

const OPENAPI3 = {
  openapi: '3.0.1',
  info: { title: 'Weather', version: '1' },
  paths: {
    '/weather/{city}': {
      parameters: [{ name: 'city', in: 'path' }],
      get: {
        summary: 'Weather of a city',
        responses: { 200: { content: { 'application/json': { schema: { type: 'object', properties: { temp: { type: 'number' } } } } } } },
      },
      post: {
        description: 'Report',
        requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['temp'] } } } },
        responses: { 201: { description: 'ok' } },
      },
    },
  },
};
const SWAGGER2 = {
  swagger: '2.0',
  info: { title: 'Old', version: '1' },
  paths: {
    '/orders': {
      post: {
        summary: 'Create order',
        parameters: [{ in: 'body', name: 'body', schema: { type: 'object', properties: { qty: { type: 'integer' } } } }],
        responses: { 200: { schema: { type: 'string' } } },
      },
    },
  },
};

for (const backend of await backends()) {
  describe(`designer tools on ${backend}`, () => {
    let t: TestServer;
    let designer: SignedClient;
    let buyer: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [designer, buyer] = await Promise.all([signIn(t.url, 'designer01', 'EN'), signIn(t.url, 'buyer01', 'EN')]);
    });
    afterAll(async () => t?.stop());

    it('only designers may browse the database or manage APIs', async () => {
      for (const path of [
        `${TOOLS}/databaseList`,
        `${TOOLS}/databaseDetail`,
        `${TOOLS}/generateFromTable`,
        `${API}/listEndpoints`,
        `${API}/importDocument`,
        `${API}/listRegistered`,
      ]) {
        expectRefusal(await buyer.call(path, { tableName: 'srm_base_bank' }), 403, 'You are not permitted to do this');
      }
    });

    it('lists tables paged and searchable by name, with estimated row counts', async () => {
      const a = await designer.call<TableRow[]>(`${TOOLS}/databaseList`, { params: { tableName: 'SRM_BASE' }, pageIndex: 1, pageRows: 2 });
      const rows = expectOk(a);
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.tableName.startsWith('srm_base'))).toBe(true);
      expect(a.page!.count).toBeGreaterThanOrEqual(4);
      const bank = expectOk(await designer.call<TableRow[]>(`${TOOLS}/databaseList`, { params: { tableName: 'srm_base_bank' } }))[0];
      expect(bank).toMatchObject({ tableName: 'srm_base_bank' });
      expect(bank.columnCount).toBeGreaterThan(8);
      expect(bank.estimatedRows).toBeGreaterThanOrEqual(0);
      expectRefusal(await designer.call(`${TOOLS}/databaseList`, { pageRows: 5000 }), 200, /rows per page/);
    });

    it('describes a table: columns, primary key, indexes; refuses unknown tables', async () => {
      const d = expectOk(
        await designer.call<{ primaryKey: string[]; columns: Rec[]; indexes: Rec[] }>(`${TOOLS}/databaseDetail`, { tableName: 'srm_base_bank' }),
      );
      expect(d.primaryKey).toEqual(['bank_id']);
      expect(d.columns.find((c) => c.columnName === 'bank_code')).toMatchObject({ dataType: 'character varying', length: 30, nullable: false });
      expect(d.indexes.length).toBeGreaterThan(0);
      expectRefusal(await designer.call(`${TOOLS}/databaseDetail`, { tableName: 'pg_authid' }), 200, 'There is no table pg_authid in the database');
      expectRefusal(
        await designer.call(`${TOOLS}/databaseDetail`, { tableName: 'x; drop table y' }),
        200,
        'Invalid table name (lower-case letters, digits, underscores)',
      );
    });

    it('generates a valid entity and list/edit pages from a table', async () => {
      const g = expectOk(
        await designer.call<{ entity: { fileName: string; content: Rec }; list: { fileName: string; content: Rec }; edit: { content: Rec }; errors: Rec[] }>(
          `${TOOLS}/generateFromTable`,
          { tableName: 'srm_base_bank', entityName: 'srmGenBank', module: 'gen' },
        ),
      );
      expect(g.errors).toEqual([]);
      expect(g.entity.fileName).toBe('modules/gen/entities/srmGenBank.entity.json');
      expect(g.entity.content).toMatchObject({ name: 'srmGenBank', table: 'srm_base_bank', key: 'bankId' });
      expect((g.entity.content.fields as Rec).bankCode).toMatchObject({ type: 'string', length: 30, required: true });
      expect(g.list.fileName).toBe('modules/gen/pages/genBankList.page.json');
      expect(g.list.content).toMatchObject({ kind: 'list', entity: 'srmGenBank', editPage: 'gen/genBankEdit' });
      expect(g.edit.content).toMatchObject({ kind: 'edit', listPage: 'gen/genBankList' });
    });

    it('downloads the three generated files as one zip at the paths an implementer commits', async () => {
      const body = { tableName: 'srm_base_bank', entityName: 'srmGenBank', module: 'gen', file: 'all' };
      const zip = await binCall(designer, `${TOOLS}/downloadGenerated`, body);
      expect(zip.http).toBe(200);
      expect(zip.headers.get('content-type')).toBe('application/zip');
      expect(zip.headers.get('content-disposition')).toBe('attachment; filename="srmGenBank.zip"');
      const entries = readStoreZip(zip.body);
      expect([...entries.keys()]).toEqual([
        'modules/gen/entities/srmGenBank.entity.json',
        'modules/gen/pages/genBankList.page.json',
        'modules/gen/pages/genBankEdit.page.json',
      ]);
      const list = JSON.parse(entries.get('modules/gen/pages/genBankList.page.json')!.toString('utf8')) as Rec;
      expect(list).toMatchObject({
        $schema: '../../../schemas/meta/page.schema.json',
        name: 'gen/genBankList',
        kind: 'list',
        grid: { isShowExport: true, isShowImport: true },
      });
      // Anything else than the three files or `all` is refused in the user's language.
      expectRefusal((await binCall(designer, `${TOOLS}/downloadGenerated`, { ...body, file: 'everything' })).json!, 200, /.+/);
    });

    it('lists the endpoint families of the OpenAPI document, searchable', async () => {
      const a = await designer.call<{ path: string; area: string; method: string }[]>(`${API}/listEndpoints`, {
        params: { keyword: 'srmBaseBankRestful' },
        pageRows: 100,
      });
      const rows = expectOk(a);
      expect(rows.map((r) => r.path)).toContain('/api/srmServer/v1/srmBaseBankRestful/listByPage');
      expect(rows.every((r) => r.area === 'srmServer' && r.method === 'POST')).toBe(true);
    });

    it('imports swagger 2 and OpenAPI 3 documents and refuses garbage without writing anything', async () => {
      expectRefusal(await designer.call(`${API}/importDocument`, { source: 'junk', document: '{not json' }), 200, 'The API document is not valid JSON');
      expectRefusal(await designer.call(`${API}/importDocument`, { source: 'junk', document: [1, 2] }), 200, 'The API document must be a JSON object');
      expectRefusal(
        await designer.call(`${API}/importDocument`, { source: 'junk', document: { hello: 'world' } }),
        200,
        'Not a Swagger 2 or OpenAPI 3 document (no swagger: "2.0" or openapi: "3.x")',
      );
      expectRefusal(
        await designer.call(`${API}/importDocument`, { source: 'junk', document: { openapi: '3.0.0', paths: {} } }),
        200,
        'The API document declares no operations (paths is empty)',
      );
      expectRefusal(
        await designer.call(`${API}/importDocument`, { source: 'junk', document: { swagger: '2.0', paths: { '/a': { get: 'x' } } } }),
        200,
        'The operation get /a is malformed',
      );
      expect(expectOk(await designer.call<Rec[]>(`${API}/listRegistered`, { params: { source: 'junk' } }))).toEqual([]);

      expect(expectOk(await designer.call(`${API}/importDocument`, { source: 'weather', document: JSON.stringify(OPENAPI3) }))).toEqual({
        imported: 2,
        source: 'weather',
      });
      expect(expectOk(await designer.call(`${API}/importDocument`, { source: 'legacy', document: SWAGGER2 }))).toEqual({ imported: 1, source: 'legacy' });
      const weather = expectOk(await designer.call<Rec[]>(`${API}/listRegistered`, { params: { source: 'weather' } }));
      expect(weather.map((r) => [r.method, r.path, r.summary])).toEqual([
        ['GET', '/weather/{city}', 'Weather of a city'],
        ['POST', '/weather/{city}', 'Report'],
      ]);
      expect(JSON.parse(weather[0].responseSchema as string)).toEqual({ type: 'object', properties: { temp: { type: 'number' } } });
      expect(JSON.parse(weather[1].requestSchema as string)).toEqual({ type: 'object', required: ['temp'] });
      const legacy = expectOk(await designer.call<Rec[]>(`${API}/listRegistered`, { params: { keyword: 'orders' } }));
      expect(legacy).toHaveLength(1);
      expect(JSON.parse(legacy[0].requestSchema as string)).toEqual({ type: 'object', properties: { qty: { type: 'integer' } } });
      // Importing the same source again replaces its rows.
      expectOk(await designer.call(`${API}/importDocument`, { source: 'weather', document: { ...OPENAPI3, paths: { '/only': { get: {} } } } }));
      expect(expectOk(await designer.call<Rec[]>(`${API}/listRegistered`, { params: { source: 'weather' } })).map((r) => r.path)).toEqual(['/only']);
      expectOk(await designer.call(`${API}/deleteSource`, { source: 'weather' }));
      expect(expectOk(await designer.call<Rec[]>(`${API}/listRegistered`, { params: { source: 'weather' } }))).toEqual([]);
    });
  });
}

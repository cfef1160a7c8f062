// The export reads its pages as one JSON text per page (server/excel/exportRows.ts); the values must be
// exactly those listByPage answers through the driver's parsers, for every field type (the grid
// showcase rows: text, decimals, integers, dates, timestamps, flags, references, nulls).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../../server/auth/session.js';
import { parseExportRequest } from '../../../../server/excel/exportRequest.js';
import { exportRows } from '../../../../server/excel/exportRows.js';
import type { ActionContext, DbRecord } from '../../../../server/rest/actionContext.js';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { PendingEvents } from '../../../../server/events/domainEvents.js';

const SAMPLE = 'srmServer/v1/srmBaseGridSampleRestful';

for (const backend of await backends()) {
  describe(`export rows on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await signIn(t.url, 'admin', 'EN');
    });
    afterAll(async () => t?.stop());

    it('reads every row with the values listByPage gives, every field type, in the list order', async () => {
      const sort = [{ field: 'sampleCode', order: 'desc' }];
      const listed = expectOk(await admin.call<Rec[]>(`${SAMPLE}/listByPage`, { params: {}, pageIndex: 1, pageRows: 100, sort }));
      const entity = t.app.ctx.defs.entities.get('srmBaseGridSample')!;
      const keys = Object.keys(entity.fields).filter((k) => !entity.fields[k]?.writeOnly);
      const columns = [...keys, 'creationDate', 'lastUpdateDate', 'versionNum'].map((key) => ({ key }));
      const session: Session = {
        authorizationCode: 't',
        signKey: 't',
        userId: 1,
        userName: 'admin',
        userType: 'INTERNAL',
        supplierId: null,
        createdAt: Date.now(),
      };
      const ctx: ActionContext = { app: t.app.ctx, entity, session, lang: 'EN', body: {}, events: new PendingEvents() };
      const req = parseExportRequest(t.app.ctx, { requestUrl: `/api/${SAMPLE}/listByPage`, requestParams: { params: {}, sort }, columns, fileName: 'x' }, 'EN');
      const exported: DbRecord[] = [];
      for await (const page of exportRows(ctx, req).pages()) exported.push(...page);

      expect(exported).toHaveLength(listed.length);
      expect(listed.length).toBeGreaterThan(40);
      const pick = (r: Rec) => Object.fromEntries(columns.map((c) => [c.key, r[c.key] ?? null]));
      expect(exported.map(pick)).toEqual(listed.map(pick));
      // The comparison covers what matters: timestamps, decimals and nulls are among the values.
      const first = pick(exported[0]);
      expect(String(first.planStart)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(typeof first.quantity).toBe('number');
      expect(exported.some((r) => Object.values(pick(r)).includes(null))).toBe(true);
    });

    // Chunks after the first start after the previous chunk's last row (keyset paging): small chunks
    // over sorts by nullable decimals and timestamps, with ties, read the same rows in the same order.
    for (const sort of [[{ field: 'quantity', order: 'desc' }], [{ field: 'planStart', order: 'asc' }], [{ field: 'groupName', order: 'desc' }], undefined]) {
      it(`reads in chunks of 7 exactly the listed rows: sort ${JSON.stringify(sort ?? 'default')}`, async () => {
        const listed = expectOk(await admin.call<Rec[]>(`${SAMPLE}/listByPage`, { params: {}, pageIndex: 1, pageRows: 1000, ...(sort ? { sort } : {}) }));
        const entity = t.app.ctx.defs.entities.get('srmBaseGridSample')!;
        const session: Session = {
          authorizationCode: 't',
          signKey: 't',
          userId: 1,
          userName: 'admin',
          userType: 'INTERNAL',
          supplierId: null,
          createdAt: Date.now(),
        };
        const ctx: ActionContext = { app: t.app.ctx, entity, session, lang: 'EN', body: {}, events: new PendingEvents() };
        const columns = [{ key: 'sampleCode' }];
        const req = parseExportRequest(
          t.app.ctx,
          { requestUrl: `/api/${SAMPLE}/listByPage`, requestParams: { params: {}, sort }, columns, fileName: 'x' },
          'EN',
        );
        const chunks: number[] = [];
        const exported: unknown[] = [];
        for await (const page of exportRows(ctx, req, 7).pages()) {
          chunks.push(page.length);
          exported.push(...page.map((r) => r.sampleId));
        }
        expect(chunks.length).toBeGreaterThan(5);
        expect(exported).toEqual(listed.map((r) => r.sampleId));
      });
    }
  });
}

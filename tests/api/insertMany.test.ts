// Bulk insert of an import (server/rest/insertMany.ts): every field type travels as a typed array through
// unnest and is stored as a row-by-row insert would store it; a column a row leaves out takes its default;
// the server's columns (status, owner, audit) win over what the rows carry; a value too long for its
// column is refused by the database, not cut.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../meta/definitions.js';
import type { Session } from '../../server/auth/session.js';
import type { ActionContext } from '../../server/rest/actionContext.js';
import { insertMany } from '../../server/rest/insertMany.js';
import { backends, startTestServer, type TestServer } from '../support/testServer.js';
import { PendingEvents } from '../../server/events/domainEvents.js';

const label = { CN: 'x', EN: 'x', TH: 'x', VN: 'x' };
const ENTITY = {
  name: 'srmBulkProbe',
  area: 'srmServer',
  table: 'srm_bulk_probe',
  key: 'probeId',
  label,
  fields: {
    probeId: { type: 'id' },
    code: { type: 'string', length: 10, label },
    note: { type: 'text', label },
    price: { type: 'decimal', precision: 18, scale: 4, label },
    qty: { type: 'integer', label },
    needBy: { type: 'date', label },
    confirmedAt: { type: 'datetime', label },
    enabledFlag: { type: 'yn', label },
    status: { type: 'string', length: 20, readOnly: true, label },
    supplierId: { type: 'integer', label },
  },
  status: { field: 'status', initial: 'NEW', transitions: [] },
  ownership: { field: 'supplierId', attribute: 'supplierId' },
} as EntityDefinition;

interface Stored {
  code: string;
  note: string | null;
  price: string | null;
  qty: string | null;
  need_by: string | null;
  confirmed_at: string | null;
  enabled_flag: string;
  status: string;
  supplier_id: string;
  created_by: string;
}

for (const backend of await backends()) {
  describe(`bulk insert on ${backend}`, () => {
    let t: TestServer;
    let ctx: ActionContext;

    beforeAll(async () => {
      t = await startTestServer(backend);
      await sql`create table srm_bulk_probe (
        probe_id bigserial primary key, code varchar(10) not null, note text, price numeric(18,4), qty bigint,
        need_by date, confirmed_at timestamp(0), enabled_flag varchar(1) not null default 'Y', status varchar(20),
        supplier_id bigint, created_by bigint, creation_date timestamp(0) default now(), last_updated_by bigint,
        last_update_date timestamp(0) default now(), version_num integer not null default 1)`.execute(t.app.ctx.db);
      const session: Session = {
        authorizationCode: 'probe',
        signKey: 'probe',
        userId: 42,
        userName: 'supplier01',
        userType: 'EXTERNAL',
        supplierId: 7,
        createdAt: Date.now(),
      };
      ctx = { app: t.app.ctx, entity: ENTITY, session, lang: 'EN', body: {}, events: new PendingEvents() };
    });
    afterAll(async () => t?.stop());

    const stored = async () =>
      (
        await sql<Stored>`select code, note, price::text as price, qty::text as qty, to_char(need_by, 'YYYY-MM-DD') as need_by,
          to_char(confirmed_at, 'YYYY-MM-DD HH24:MI:SS') as confirmed_at, enabled_flag, status, supplier_id::text as supplier_id,
          created_by::text as created_by from srm_bulk_probe order by code`.execute(t.app.ctx.db)
      ).rows;

    it('stores every type as given, defaults for left-out columns, and the server columns over the rows', async () => {
      const n = await insertMany(ctx, t.app.ctx.db, [
        {
          code: 'A1',
          note: '物料 "quoted" {braces}, commas\\',
          price: 12.5,
          qty: 3,
          need_by: '2026-12-01',
          confirmed_at: '2026-12-01 08:30:00',
          enabled_flag: 'N',
          status: 'APPROVED',
          supplier_id: 99,
        },
        { code: 'A2', note: null, price: '0.0001', qty: null, need_by: null, confirmed_at: null, enabled_flag: 'Y' },
        { code: 'A3', price: 1000000 },
      ]);
      expect(n).toBe(3);
      expect(await stored()).toEqual([
        {
          code: 'A1',
          note: '物料 "quoted" {braces}, commas\\',
          price: '12.5000',
          qty: '3',
          need_by: '2026-12-01',
          confirmed_at: '2026-12-01 08:30:00',
          enabled_flag: 'N',
          status: 'NEW',
          supplier_id: '7',
          created_by: '42',
        },
        {
          code: 'A2',
          note: null,
          price: '0.0001',
          qty: null,
          need_by: null,
          confirmed_at: null,
          enabled_flag: 'Y',
          status: 'NEW',
          supplier_id: '7',
          created_by: '42',
        },
        {
          code: 'A3',
          note: null,
          price: '1000000.0000',
          qty: null,
          need_by: null,
          confirmed_at: null,
          enabled_flag: 'Y',
          status: 'NEW',
          supplier_id: '7',
          created_by: '42',
        },
      ]);
    });

    it('refuses a value longer than its column instead of cutting it', async () => {
      await expect(insertMany(ctx, t.app.ctx.db, [{ code: 'B'.repeat(11) }])).rejects.toMatchObject({ code: '22001' });
      expect((await stored()).filter((r) => r.code.startsWith('B'))).toEqual([]);
    });
  });
}

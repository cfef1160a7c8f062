// Per-user table settings (SPEC §7 "Tables"): srmBaseTableConfigRestful get / createOrUpdate / delete.
// Each user only ever sees and changes their own settings; refusals are exact, in the user's language,
// and leave the stored settings as they were.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, post, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';

const CFG = 'srmServer/v1/srmBaseTableConfigRestful';
const BANKS = 'base/bankList';
const LINES = 'order/requisitionEdit#lines';

interface Setting {
  key: string;
  isShow: boolean;
  width?: number;
  fixed: 'left' | 'right' | 'none';
}
interface Config {
  tableConfigId: number;
  tableName: string;
  columns: Setting[];
  versionNum: number;
}

for (const backend of await backends()) {
  describe(`table settings on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let admin: SignedClient;
    let supplier: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, admin, supplier] = await Promise.all([signIn(t.url, 'buyer01', 'EN'), signIn(t.url, 'admin', 'EN'), signIn(t.url, 'supplier01', 'EN')]);
    });
    afterAll(async () => t?.stop());

    const get = (c: SignedClient, body: Rec, lang?: string) => c.call<Config | null>(`${CFG}/get`, body, { lang });
    const save = (c: SignedClient, body: Rec, lang?: string) => c.call<Config>(`${CFG}/createOrUpdate`, body, { lang });
    const rowsOf = async (userId: number, table: string) =>
      (
        await sql<{ n: string | number }>`select count(*) as n from srm_base_table_config where user_id = ${userId} and table_name = ${table}`.execute(
          t.app.ctx.db,
        )
      ).rows[0].n;

    it('answers null before anything is saved, then the saved columns in their order', async () => {
      expect(expectOk(await get(buyer, { tableName: BANKS }))).toBeNull();
      const columns = [
        { key: 'bankName', isShow: true, width: 300, fixed: 'left' },
        { key: 'bankCode', isShow: true },
        { key: 'swiftCode', isShow: false, fixed: 'none' },
        { key: 'remark', isShow: true, width: 99.6, fixed: 'right' },
      ];
      const saved = expectOk(await save(buyer, { tableName: BANKS, columns }));
      expect(saved).toMatchObject({ tableName: BANKS, versionNum: 1 });
      const expected = [
        { key: 'bankName', isShow: true, width: 300, fixed: 'left' },
        { key: 'bankCode', isShow: true, fixed: 'none' },
        { key: 'swiftCode', isShow: false, fixed: 'none' },
        { key: 'remark', isShow: true, width: 100, fixed: 'right' },
      ];
      expect(saved.columns).toEqual(expected);
      expect(expectOk(await get(buyer, { tableName: BANKS }))).toEqual(saved);
      // Saving again updates the one row of this user and table.
      const again = expectOk(await save(buyer, { tableName: BANKS, columns: expected.slice(0, 2) }));
      expect(again).toMatchObject({ tableConfigId: saved.tableConfigId, versionNum: 2, columns: expected.slice(0, 2) });
      expect(Number(await rowsOf(buyer.session!.userId, BANKS))).toBe(1);
    });

    it("isolates users: nobody reads, overwrites or deletes another user's settings, whatever the body says", async () => {
      const mine = expectOk(await save(buyer, { tableName: LINES, columns: [{ key: 'quantity', width: 150 }] }));
      expect(expectOk(await get(admin, { tableName: LINES }))).toBeNull();
      expect(expectOk(await get(supplier, { tableName: LINES }))).toBeNull();
      // A userId or id in the body is ignored: the row rule is the session's user.
      const theirs = expectOk(
        await save(admin, {
          tableName: LINES,
          userId: buyer.session!.userId,
          tableConfigId: mine.tableConfigId,
          columns: [{ key: 'quantity', isShow: false }],
        }),
      );
      expect(theirs.tableConfigId).not.toBe(mine.tableConfigId);
      expect(expectOk(await get(admin, { tableName: LINES, userId: buyer.session!.userId }))?.columns).toEqual([
        { key: 'quantity', isShow: false, fixed: 'none' },
      ]);
      expect(expectOk(await get(buyer, { tableName: LINES }))).toEqual(mine);
      // An external user keeps settings too, separately.
      expectOk(await save(supplier, { tableName: LINES, columns: [{ key: 'quantity', fixed: 'left' }] }));
      expect(expectOk(await get(buyer, { tableName: LINES }))).toEqual(mine);
      // Deleting (reset to default) touches only the caller's row.
      expect(expectOk(await admin.call(`${CFG}/delete`, { tableName: LINES, userId: buyer.session!.userId, id: mine.tableConfigId }))).toBeNull();
      expect(expectOk(await get(admin, { tableName: LINES }))).toBeNull();
      expect(expectOk(await get(buyer, { tableName: LINES }))).toEqual(mine);
      expect(expectOk(await get(supplier, { tableName: LINES }))?.columns).toEqual([{ key: 'quantity', isShow: true, fixed: 'left' }]);
      expectOk(await buyer.call(`${CFG}/delete`, { tableName: LINES }));
      expect(expectOk(await get(buyer, { tableName: LINES }))).toBeNull();
      // Deleting again is not an error.
      expect(expectOk(await buyer.call(`${CFG}/delete`, { tableName: LINES }))).toBeNull();
    });

    it("saveOrUpdate is the same action under the family's usual name", async () => {
      const a = expectOk(await admin.call<Config>(`${CFG}/saveOrUpdate`, { tableName: BANKS, columns: [{ key: 'bankCode', width: 200 }] }));
      expect(a.columns).toEqual([{ key: 'bankCode', isShow: true, width: 200, fixed: 'none' }]);
      expect(expectOk(await get(admin, { tableName: BANKS }))).toEqual(a);
    });

    it("get with the caller's current columns leaves out settings of columns it no longer has", async () => {
      expectOk(await save(supplier, { tableName: BANKS, columns: [{ key: 'bankCode' }, { key: 'swiftCode', isShow: false }, { key: 'bankName' }] }));
      const got = expectOk(await get(supplier, { tableName: BANKS, columns: ['bankName', 'bankCode', 'somethingNew'] }));
      expect(got?.columns.map((c) => c.key)).toEqual(['bankCode', 'bankName']);
    });

    it("refuses bad bodies with exact messages in the user's language, and keeps what was saved", async () => {
      const before = expectOk(await get(buyer, { tableName: BANKS }));
      expectRefusal(await save(buyer, { columns: [{ key: 'bankCode' }] }), 200, 'Table name is required');
      expectRefusal(await get(buyer, { tableName: '' }), 200, 'Table name is required');
      expectRefusal(await save(buyer, { tableName: 'base/noSuchList', columns: [{ key: 'bankCode' }] }), 200, 'There is no table named base/noSuchList');
      expectRefusal(await save(buyer, { tableName: BANKS }), 200, 'Columns must be a non-empty list of column settings');
      expectRefusal(await save(buyer, { tableName: BANKS, columns: [] }), 200, 'Columns must be a non-empty list of column settings');
      expectRefusal(await save(buyer, { tableName: BANKS, columns: ['bankCode'] }), 200, 'Columns must be a non-empty list of column settings');
      expectRefusal(
        await save(buyer, { tableName: BANKS, columns: [{ key: 'bankCode' }, { key: 'passwordHash' }] }),
        200,
        'Table base/bankList has no column "passwordHash"',
      );
      expectRefusal(
        await save(buyer, { tableName: BANKS, columns: [{ key: 'bankCode' }, { key: 'bankCode' }] }),
        200,
        'Column bankCode is listed more than once',
      );
      expectRefusal(
        await save(buyer, { tableName: BANKS, columns: [{ key: 'bankCode', width: 5 }] }),
        200,
        'Width of column bankCode must be between 20 and 2000',
      );
      expectRefusal(
        await save(buyer, { tableName: BANKS, columns: [{ key: 'bankCode', width: '100' }] }),
        200,
        'Width of column bankCode must be between 20 and 2000',
      );
      expectRefusal(
        await save(buyer, { tableName: BANKS, columns: [{ key: 'bankCode', fixed: 'top' }] }),
        200,
        'Freeze of column bankCode must be left, right or none',
      );
      expectRefusal(
        await save(buyer, { tableName: BANKS, columns: [{ key: 'bankCode', isShow: 'N' }] }),
        200,
        'Visibility of column bankCode must be true or false',
      );
      expectRefusal(await save(buyer, { tableName: BANKS, columns: [{ key: 'nope' }] }, 'CN'), 200, '表格 base/bankList 没有列“nope”');
      expectRefusal(
        await save(buyer, { tableName: BANKS, columns: [{ key: 'bankCode', width: 1 }] }, 'TH'),
        200,
        'ความกว้างของคอลัมน์ bankCode ต้องอยู่ระหว่าง 20 ถึง 2000',
      );
      expectRefusal(await get(buyer, { tableName: 'x' }, 'VN'), 200, 'Không có bảng nào tên x');
      expect(expectOk(await get(buyer, { tableName: BANKS }))).toEqual(before);
    });

    it('needs a signed session', async () => {
      const a = await post(t.url, `/api/${CFG}/get`, JSON.stringify({ tableName: BANKS }), { 'content-type': 'application/json', 'SAAF-Language': 'EN' });
      expect({ http: a.http, status: a.status }).toEqual({ http: 401, status: 'E' });
    });

    it('concurrent saves of one user and table leave one row, with the last version', async () => {
      await Promise.all([1, 2, 3, 4, 5].map((w) => save(admin, { tableName: LINES, columns: [{ key: 'quantity', width: 100 + w }] })));
      expect(Number(await rowsOf(admin.session!.userId, LINES))).toBe(1);
      expect(expectOk(await get(admin, { tableName: LINES }))?.versionNum).toBe(5);
      // Back to the default: the isolation test (in whatever order) starts from no admin settings here.
      expectOk(await admin.call(`${CFG}/delete`, { tableName: LINES }));
    });
  });
}

// Every generic family action on srmBaseBankRestful (plus the range and keyword filters of exchange
// rates and materials), with exact envelopes, and a re-read after each refusal to prove nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../support/testServer.js';
import type { SignedClient } from '../support/signedClient.js';
import { BANKS } from '../../modules/base/seed/demoData.js';
import { BANK, DATETIME, MATERIAL, RATE, expectOk, expectRefusal, signIn, signedRaw, uniq, type Rec } from '../support/apiHelpers.js';

interface Bank {
  bankId: number;
  bankCode: string;
  bankName: string;
  swiftCode: string | null;
  countryCode: string | null;
  enabledFlag: string;
  remark: string | null;
  versionNum: number;
  createdBy: number;
  lastUpdatedBy: number;
  creationDate: string;
  lastUpdateDate: string;
}

const seededCodes = (country: string[]) =>
  BANKS.filter((b) => country.includes(b[3]))
    .map((b) => b[0])
    .sort();

for (const backend of await backends()) {
  describe(`bank family on ${backend}`, () => {
    let t: TestServer;
    let c: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      c = await signIn(t.url, 'buyer01', 'EN');
    });
    afterAll(async () => t?.stop());

    const list = (body: Rec) => c.call<Bank[]>(`${BANK}/listByPage`, body);
    const byCode = async (code: string) => expectOk(await list({ params: { bankCode: code }, pageRows: 10 })).filter((b) => b.bankCode === code);
    const find = (id: number) => c.call<Bank>(`${BANK}/findById`, { id });
    const save = (rec: Rec) => c.call<Bank>(`${BANK}/saveOrUpdate`, rec);
    const create = async (rec: Rec = {}) => expectOk(await save({ bankCode: uniq('B'), bankName: 'Test bank', ...rec }));

    it('findById answers the record with audit fields, and refuses a missing or malformed id', async () => {
      const [icbc] = await byCode('ICBC');
      const rec = expectOk(await find(icbc.bankId));
      expect(rec).toMatchObject({
        bankId: icbc.bankId,
        bankCode: 'ICBC',
        bankName: '中国工商银行',
        swiftCode: 'ICBKCNBJ',
        countryCode: 'CN',
        enabledFlag: 'Y',
        versionNum: 1,
      });
      expect(rec.creationDate).toMatch(DATETIME);
      expectRefusal(await find(987654321), 200, 'Bank does not exist or has been deleted');
      expectRefusal(await c.call(`${BANK}/findById`, { id: 'abc' }), 200, 'id is missing');
      expectRefusal(await c.call(`${BANK}/findById`, {}), 200, 'id is missing');
    });

    it('listByPage: like filter (case-insensitive contains) combined with eq', async () => {
      const rows = expectOk(await list({ params: { bankName: 'BANK', countryCode: 'TH' }, pageRows: 50 }));
      expect(rows.map((b) => b.bankCode)).toEqual(['BBL', 'KBANK', 'KTB', 'SCB']);
      const none = await list({ params: { bankName: '%' }, pageRows: 50 });
      expect(expectOk(none)).toEqual([]);
      expect(none.page).toEqual({ count: 0, curIndex: 1, pageRows: 50 });
    });

    it('listByPage: eq filter and array IN filter', async () => {
      expect(expectOk(await list({ params: { countryCode: 'JP' } })).map((b) => b.bankCode)).toEqual(['MUFG', 'SMBC']);
      const inList = await list({ params: { countryCode: ['VN', 'DE'] } });
      expect(expectOk(inList).map((b) => b.bankCode)).toEqual(seededCodes(['VN', 'DE']));
      expect(inList.page?.count).toBe(5);
      // Empty values are a cleared search box, not a filter.
      const cleared = await list({ params: { countryCode: ['JP'], bankName: '', swiftCode: null }, pageRows: 10 });
      expect(expectOk(cleared).map((b) => b.bankCode)).toEqual(['MUFG', 'SMBC']);
    });

    it('listByPage: sort asc and desc', async () => {
      const asc = expectOk(await list({ params: { countryCode: 'TH' }, sort: [{ field: 'bankName', order: 'asc' }] }));
      expect(asc.map((b) => b.bankName)).toEqual(['Bangkok Bank', 'Kasikornbank', 'Krungthai Bank', 'Siam Commercial Bank']);
      const desc = expectOk(await list({ params: { countryCode: 'TH' }, sort: [{ field: 'bankName', order: 'desc' }] }));
      expect(desc.map((b) => b.bankName)).toEqual(['Siam Commercial Bank', 'Krungthai Bank', 'Kasikornbank', 'Bangkok Bank']);
    });

    it('listByPage: paging by pageIndex/pageRows with page.count and curIndex', async () => {
      const cn = seededCodes(['CN']);
      expect(cn).toHaveLength(12);
      const pages: string[][] = [];
      for (const pageIndex of [1, 2, 3, 4]) {
        const a = await list({ params: { countryCode: 'CN' }, pageIndex, pageRows: 5 });
        const { after, ...page } = a.page!;
        expect(page).toEqual({ count: 12, curIndex: pageIndex, pageRows: 5 });
        // A full page carries the cursor of the next one (keyset paging); the list's end does not.
        expect(typeof after === 'string').toBe(pageIndex <= 2);
        pages.push(expectOk(a).map((b) => b.bankCode));
      }
      expect(pages).toEqual([cn.slice(0, 5), cn.slice(5, 10), cn.slice(10, 12), []]);
      const dflt = await list({ params: { countryCode: 'CN' } });
      expect(dflt.page).toEqual({ count: 12, curIndex: 1, pageRows: 20 });
    });

    it('saveOrUpdate inserts with version 1 and audit columns, updates with versionNum and bumps it', async () => {
      const code = uniq('B');
      // In a country the list tests above do not list (US), whatever order the tests run in.
      const ins = expectOk(await save({ bankCode: code, bankName: 'Insert bank', countryCode: 'US', swiftCode: 'TESTUSBK' }));
      expect(ins).toMatchObject({
        bankCode: code,
        bankName: 'Insert bank',
        countryCode: 'US',
        swiftCode: 'TESTUSBK',
        enabledFlag: 'Y',
        remark: null,
        versionNum: 1,
      });
      expect(ins.bankId).toBeGreaterThan(0);
      expect(ins.createdBy).toBe(c.session!.userId);
      expect(ins.lastUpdatedBy).toBe(c.session!.userId);
      expect(ins.creationDate).toMatch(DATETIME);
      expect(ins.lastUpdateDate).toMatch(DATETIME);

      const upd = expectOk(await save({ ...ins, bankName: 'Updated bank', remark: 'r1' }));
      expect(upd).toMatchObject({ bankId: ins.bankId, bankCode: code, bankName: 'Updated bank', remark: 'r1', versionNum: 2, createdBy: ins.createdBy });
      expect(upd.lastUpdateDate).toMatch(DATETIME);
      expect(upd.lastUpdateDate >= ins.lastUpdateDate).toBe(true);
      expect(expectOk(await find(ins.bankId))).toMatchObject({ bankName: 'Updated bank', versionNum: 2 });

      // Audit and key fields sent by the client are ignored, never taken.
      const forged = expectOk(await save({ ...upd, createdBy: 1, versionNum: 2, creationDate: '2000-01-01 00:00:00', bankName: 'Third' }));
      expect(forged).toMatchObject({ createdBy: ins.createdBy, creationDate: ins.creationDate, versionNum: 3 });
    });

    it('refuses a stale versionNum and a missing versionNum, leaving the row unchanged', async () => {
      const b = await create({ bankName: 'Stale base' });
      const v2 = expectOk(await save({ ...b, bankName: 'Second' }));
      expectRefusal(await save({ ...b, bankName: 'Lost update' }), 200, 'Someone else has changed this record; reload it and try again');
      expectRefusal(await save({ bankId: b.bankId, bankName: 'No version' }), 200, 'An update must carry versionNum');
      expect(expectOk(await find(b.bankId))).toEqual(v2);
    });

    it('refuses required, too long and bad lookup values with field messages, and saves nothing', async () => {
      const code = uniq('B');
      expectRefusal(await save({ bankCode: code }), 200, 'Bank name is required');
      expectRefusal(await save({ bankCode: code, bankName: '   ' }), 200, 'Bank name is required');
      expectRefusal(await save({ bankCode: 'X'.repeat(31), bankName: 'Long' }), 200, 'Bank code must be at most 30 characters');
      expectRefusal(await save({ bankCode: code, bankName: 'Bad country', countryCode: 'XX' }), 200, 'XX is not a valid option for Country');
      expectRefusal(await save({ bankCode: code, bankName: 'Bad flag', enabledFlag: 'maybe' }), 200, 'Enabled must be Y or N');
      expectRefusal(
        await save({ bankName: 'x', bankCode: 'X'.repeat(31), countryCode: 'XX' }),
        200,
        'Bank code must be at most 30 characters; XX is not a valid option for Country',
      );
      // Thai and Vietnamese
      expectRefusal(await c.call(`${BANK}/saveOrUpdate`, { bankCode: code }, { lang: 'TH' }), 200, 'ต้องระบุชื่อธนาคาร');
      expectRefusal(await c.call(`${BANK}/saveOrUpdate`, { bankCode: code }, { lang: 'VN' }), 200, 'Tên ngân hàng không được để trống');
      expect(await byCode(code)).toEqual([]);
      expect(await byCode('X'.repeat(30))).toEqual([]);
      // 30 characters exactly is fine.
      const max = `${uniq('L')}${'Y'.repeat(18)}`;
      expect(max).toHaveLength(30);
      expect(expectOk(await save({ bankCode: max, bankName: 'Thirty' })).bankCode).toBe(max);
    });

    it('refuses a duplicate code on update as well as insert', async () => {
      const a = await create();
      const b = await create();
      expectRefusal(await save({ ...b, bankCode: a.bankCode }), 200, `Bank code "${a.bankCode}" already exists`);
      expect(expectOk(await find(b.bankId))).toEqual(b);
    });

    it('doBatchSaveOrUpdate saves all, or nothing when record 2 is invalid', async () => {
      const [c1, c2, c3] = [uniq('B'), uniq('B'), uniq('B')];
      const bad = await c.call(`${BANK}/doBatchSaveOrUpdate`, { data: [{ bankCode: c1, bankName: 'First' }, { bankCode: c2 }] });
      expectRefusal(bad, 200, 'Record 2: Bank name is required');
      expect(await byCode(c1)).toEqual([]);
      expect(await byCode(c2)).toEqual([]);

      // A duplicate inside the batch also rolls back the first (that its msg lacks "Record 2:" is a known bug, below).
      const dup = await c.call(`${BANK}/doBatchSaveOrUpdate`, {
        data: [
          { bankCode: c3, bankName: 'First' },
          { bankCode: c3, bankName: 'Again' },
        ],
      });
      expectRefusal(dup, 200, new RegExp(`Bank code "${c3}" already exists$`));
      expect(await byCode(c3)).toEqual([]);

      const good = expectOk(
        await c.call<Bank[]>(`${BANK}/doBatchSaveOrUpdate`, {
          data: [
            { bankCode: c1, bankName: 'First' },
            { bankCode: c2, bankName: 'Second' },
          ],
        }),
      );
      expect(good.map((b) => [b.bankCode, b.bankName, b.versionNum])).toEqual([
        [c1, 'First', 1],
        [c2, 'Second', 1],
      ]);
      // Mixed update + insert, second update stale: the first update is rolled back too.
      const stale = await c.call(`${BANK}/doBatchSaveOrUpdate`, {
        data: [
          { ...good[0], bankName: 'Changed' },
          { ...good[1], versionNum: 9 },
        ],
      });
      expectRefusal(stale, 200, 'Record 2: Someone else has changed this record; reload it and try again');
      expect(expectOk(await find(good[0].bankId))).toEqual(good[0]);

      expectRefusal(await c.call(`${BANK}/doBatchSaveOrUpdate`, { data: [] }), 200, 'The data array is missing');
      expectRefusal(await c.call(`${BANK}/doBatchSaveOrUpdate`, {}), 200, 'The data array is missing');
    });

    it('delete removes one row; a second delete says not found', async () => {
      const b = await create();
      const del = await c.call(`${BANK}/delete`, { id: b.bankId });
      expect(expectOk(del)).toBeNull();
      expectRefusal(await find(b.bankId), 200, 'Bank does not exist or has been deleted');
      expectRefusal(await c.call(`${BANK}/delete`, { id: b.bankId }), 200, 'Bank does not exist or has been deleted');
      expectRefusal(await c.call(`${BANK}/delete`, {}), 200, 'id is missing');
    });

    it('doBatchDelete is all or nothing: a non-existent id keeps the others', async () => {
      const a = await create();
      const b = await create();
      expectRefusal(await c.call(`${BANK}/doBatchDelete`, { ids: [a.bankId, 987654321, b.bankId] }), 200, 'Record 2: Bank does not exist or has been deleted');
      expect(expectOk(await find(a.bankId))).toEqual(a);
      expect(expectOk(await find(b.bankId))).toEqual(b);
      expectRefusal(await c.call(`${BANK}/doBatchDelete`, { ids: [] }), 200, 'Select at least one record');
      expect(expectOk(await c.call(`${BANK}/doBatchDelete`, { ids: [a.bankId, b.bankId] }))).toBeNull();
      expectRefusal(await find(a.bankId), 200, 'Bank does not exist or has been deleted');
      expectRefusal(await find(b.bankId), 200, 'Bank does not exist or has been deleted');
    });

    it('refuses unknown filter fields, bad filter values, bad sort fields and bad paging', async () => {
      expectRefusal(await list({ params: { nope: 1 } }), 200, 'Unsupported search condition: nope');
      expectRefusal(await list({ params: { remark: 'x' } }), 200, 'Unsupported search condition: remark');
      expectRefusal(await list({ params: { bankIdFrom: 1 } }), 200, 'Unsupported search condition: bankIdFrom');
      expectRefusal(await list({ params: [] }), 200, 'Unsupported search condition: params');
      expectRefusal(await list({ params: { bankId: 'abc' } }), 200, 'The value of search condition bankId is invalid');
      expectRefusal(await list({ params: {}, sort: [{ field: 'nope', order: 'asc' }] }), 200, 'Unsupported sort field: nope');
      expectRefusal(await list({ params: {}, sort: [{ field: 'bankCode', order: 'sideways' }] }), 200, 'Unsupported sort field: bankCode');
      const paging = 'Bad paging: rows per page must be 1 to 1000 and pages start at 1';
      expectRefusal(await list({ params: {}, pageRows: 0 }), 200, paging);
      expectRefusal(await list({ params: {}, pageRows: 5000 }), 200, paging);
      expectRefusal(await list({ params: {}, pageIndex: 0 }), 200, paging);
      expectRefusal(await list({ params: {}, pageRows: '20' }), 200, paging);
      expect(expectOk(await list({ params: {}, pageRows: 1000 })).length).toBeGreaterThanOrEqual(BANKS.length);
    });

    it('answers malformed JSON with HTTP 400, status E and no stack trace, and saves nothing', async () => {
      const code = uniq('B');
      const a = await signedRaw(c, `${BANK}/saveOrUpdate`, `{"bankCode":"${code}","bankName":`);
      expectRefusal(a, 400, 'The request body is not valid JSON');
      expect(a.data).toBeNull();
      expect(a.raw).not.toMatch(/stack|SyntaxError|at JSON\.parse/);
      const cn = await signedRaw(c, `${BANK}/listByPage`, '{params:', { lang: 'CN' });
      expectRefusal(cn, 400, '请求体不是合法的JSON');
      expect(await byCode(code)).toEqual([]);
    });

    it('exchange rates: rateDateFrom/rateDateTo range filter (inclusive)', async () => {
      type Rate = { fromCurrency: string; toCurrency: string; rateDate: string; rate: number };
      const a = await c.call<Rate[]>(`${RATE}/listByPage`, { params: { fromCurrency: 'USD', rateDateFrom: '2026-11-18', rateDateTo: '2026-11-19' } });
      expect(expectOk(a).map((r) => [r.fromCurrency, r.toCurrency, r.rateDate])).toEqual([
        ['USD', 'CNY', '2026-11-19'],
        ['USD', 'CNY', '2026-11-18'],
      ]);
      expect(a.page?.count).toBe(2);
      const from = expectOk(await c.call<Rate[]>(`${RATE}/listByPage`, { params: { fromCurrency: 'EUR', rateDateFrom: '2026-11-20' } }));
      expect(from.map((r) => r.rateDate)).toEqual(['2026-11-21', '2026-11-20']);
      const to = expectOk(await c.call<Rate[]>(`${RATE}/listByPage`, { params: { fromCurrency: ['THB'], rateDateTo: '2026-11-17' } }));
      expect(to.map((r) => r.rateDate)).toEqual(['2026-11-17']);
      expect(typeof to[0].rate).toBe('number');
      expectRefusal(
        await c.call(`${RATE}/listByPage`, { params: { rateDateFrom: '2026-13-01' } }),
        200,
        'The value of search condition rateDateFrom is invalid',
      );
      expectRefusal(await c.call(`${RATE}/listByPage`, { params: { rateFrom: 1 } }), 200, 'Unsupported search condition: rateFrom');
    });

    it('materials: keyword filter over the display fields', async () => {
      type Material = { materialCode: string; materialName: string };
      const stm = expectOk(await c.call<Material[]>(`${MATERIAL}/listByPage`, { params: { keyword: 'stm32' } }));
      expect(stm.map((m) => m.materialCode)).toEqual(['M-0009']);
      const byCodeKw = await c.call<Material[]>(`${MATERIAL}/listByPage`, { params: { keyword: 'M-001' }, pageRows: 50 });
      expect(expectOk(byCodeKw).map((m) => m.materialCode)).toEqual(Array.from({ length: 10 }, (_, i) => `M-00${10 + i}`));
      expect(byCodeKw.page?.count).toBe(10);
      expect(expectOk(await c.call(`${MATERIAL}/listByPage`, { params: { keyword: '_' } }))).toEqual([]);
      expectRefusal(await c.call(`${MATERIAL}/listByPage`, { params: { keyword: 5 } }), 200, 'The value of search condition keyword is invalid');
      // Banks have no display fields: keyword is not a filter there.
      expectRefusal(await list({ params: { keyword: 'x' } }), 200, 'Unsupported search condition: keyword');
    });
    describe('regressions of bugs found by this suite', () => {
      it('doBatchSaveOrUpdate: a duplicate key in record 2 is not named "Record 2:" (db error bypasses rest.rowError)', async () => {
        const code = uniq('B');
        const dup = await c.call(`${BANK}/doBatchSaveOrUpdate`, {
          data: [
            { bankCode: code, bankName: 'First' },
            { bankCode: code, bankName: 'Again' },
          ],
        });
        expectRefusal(dup, 200, `Record 2: Bank code "${code}" already exists`);
        expect(dup.data).toMatchObject({ rowIndex: 1, rowMessage: `Bank code "${code}" already exists` });
      });
    });
  });
}

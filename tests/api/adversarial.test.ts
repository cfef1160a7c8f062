// Adversarial suite, part 1: rows of another supplier, every button without its resource, mass
// assignment, filter and sort injection, stale/replayed/tampered requests. Every refusal is checked
// for its exact envelope, and a database fingerprint read afterwards proves that nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends, startTestServer, type TestServer } from '../support/testServer.js';
import { signedHeaders, type Answer, type SignedClient } from '../support/signedClient.js';
import { EXPORT, binCall, makeXlsx, readXlsx, uploadImport } from '../support/excelHelpers.js';
import { BANK, PR, SUPPLIER, expectOk, expectRefusal, post, signIn, uniq, type Rec } from '../support/apiHelpers.js';
import { fingerprint, fingerprints, makeResponsibility, makeUser } from '../support/adversary.js';
import { INSERT_ACTION, buildBindings } from '../../server/acl/bindings.js';
import { isFamily } from '../../meta/definitions.js';

const FORBIDDEN = 'You are not permitted to do this';
const NOT_SUPPLIER = 'Supplier does not exist or has been deleted';

interface Supplier extends Rec {
  supplierId: number;
  supplierName: string;
  versionNum: number;
}

for (const backend of await backends()) {
  describe(`adversarial: rows, buttons, mass assignment, injection, signing on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let supA: SignedClient;
    let own: Supplier;
    let other: Supplier;
    const db = () => t.app.ctx.db;
    // Log tables grow with every call, refused ones included: they are checked separately.
    const familyTables = () => [...t.app.ctx.defs.entities.values()].filter((e) => isFamily(e) && !/_logs?$/.test(e.table)).map((e) => e.table);

    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, supA] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01')]);
      const all = expectOk(await buyer.call<Supplier[]>(`${SUPPLIER}/listByPage`, { params: { supplierNumber: ['S-0001', 'S-0002'] } }));
      [own, other] = all;
    });
    afterAll(async () => t?.stop());

    describe('supplier A against supplier B', () => {
      it('1. reads B by id: "does not exist", no B data in the answer', async () => {
        const a = await supA.call(`${SUPPLIER}/findById`, { id: other.supplierId });
        expectRefusal(a, 200, NOT_SUPPLIER);
        expect(JSON.stringify(a)).not.toContain(other.supplierName);
      });
      it("2. lists with B's id or number as filter: nothing", async () => {
        for (const params of [{ supplierId: other.supplierId }, { supplierNumber: 'S-0002' }, { supplierId: [own.supplierId, other.supplierId] }]) {
          const a = await supA.call<Supplier[]>(`${SUPPLIER}/listByPage`, { params });
          expect(expectOk(a).map((s) => s.supplierId)).not.toContain(other.supplierId);
        }
      });
      it('3. updates B by id: refused, B unchanged', async () => {
        const before = await fingerprint(db(), 'srm_pos_supplier_info');
        // A supplier holds no save of the supplier master at all (its own is read-only in the portal).
        expectRefusal(await supA.call(`${SUPPLIER}/saveOrUpdate`, { ...other, supplierName: 'hijacked' }), 403, FORBIDDEN);
        expectRefusal(await supA.call(`${SUPPLIER}/doBatchSaveOrUpdate`, { data: [{ ...other, supplierName: 'x' }] }), 403, FORBIDDEN);
        expect(await fingerprint(db(), 'srm_pos_supplier_info')).toBe(before);
      });
      it('4. deletes B by id (single and batch): 403, B still there', async () => {
        const before = await fingerprint(db(), 'srm_pos_supplier_info');
        expectRefusal(await supA.call(`${SUPPLIER}/delete`, { id: other.supplierId }), 403, FORBIDDEN);
        expectRefusal(await supA.call(`${SUPPLIER}/doBatchDelete`, { ids: [other.supplierId] }), 403, FORBIDDEN);
        expect(await fingerprint(db(), 'srm_pos_supplier_info')).toBe(before);
      });
      it("5. takes over B by moving its own row to B's id (key swap in the body): refused", async () => {
        const before = await fingerprint(db(), 'srm_pos_supplier_info');
        const a = await supA.call(`${SUPPLIER}/saveOrUpdate`, { ...own, supplierId: other.supplierId, versionNum: other.versionNum, contactName: 'swap' });
        expectRefusal(a, 403, FORBIDDEN);
        expect(await fingerprint(db(), 'srm_pos_supplier_info')).toBe(before);
      });
      it('6. reaches families outside its menus (banks, requisitions): 403 and nothing changes', async () => {
        const before = await fingerprints(db(), ['srm_base_bank', 'srm_po_requisition']);
        expectRefusal(await supA.call(`${BANK}/listByPage`, { params: {} }), 403, FORBIDDEN);
        expectRefusal(await supA.call(`${PR}/listByPage`, { params: {} }), 403, FORBIDDEN);
        expectRefusal(await supA.call(`${PR}/saveOrUpdate`, { title: 'x', requestDate: '2026-11-01', currencyCode: 'CNY' }), 403, FORBIDDEN);
        expect(await fingerprints(db(), ['srm_base_bank', 'srm_po_requisition'])).toEqual(before);
      });
      it("6b. exports asking for B by id or number: the file holds A's row only, never B's", async () => {
        for (const params of [{ supplierId: other.supplierId }, { supplierNumber: 'S-0002' }, {}]) {
          const r = await binCall(supA, `${EXPORT}/exportExcel`, {
            requestUrl: `/api/${SUPPLIER}/listByPage`,
            requestParams: { params },
            columns: [{ key: 'supplierNumber' }, { key: 'supplierName' }],
          });
          expect(r.http).toBe(200);
          const rows = (await readXlsx(r.body))[0].rows.slice(1);
          expect(rows.every((row) => row[0] === 'S-0001')).toBe(true);
          expect(JSON.stringify(rows)).not.toContain(other.supplierName);
        }
      });
    });

    describe("every button's API without its resource", () => {
      it('7. a user holding every menu but no resource gets 403 on every page-declared operation, and no table changes', async () => {
        const resp = await makeResponsibility(db(), '*', []);
        const u = await makeUser(db(), { resps: [resp] });
        const c = await signIn(t.url, u.userName);
        const bindings = buildBindings(t.app.ctx.defs);
        const calls: string[] = [];
        const before = await fingerprints(db(), familyTables());
        for (const [entityName, byAction] of bindings) {
          const e = t.app.ctx.defs.entities.get(entityName)!;
          for (const [action, list] of byAction) {
            // 'insert' is no route: a save without a key also needs a create button (case 57).
            if (list.every((b) => b.resource === null) || action === INSERT_ACTION) continue;
            const id =
              (
                await sql<{
                  id: number;
                }>`select min(${sql.ref(e.key.replace(/[A-Z]/g, (x) => '_' + x.toLowerCase()))}) as id from ${sql.table(e.table)}`.execute(db())
              ).rows[0]?.id ?? 1;
            let a: Answer;
            if (action === 'exportExcel') {
              a = (
                await binCall(c, `${EXPORT}/exportExcel`, {
                  requestUrl: `/api/${e.area}/v1/${e.name}Restful/listByPage`,
                  requestParams: {},
                  columns: [{ key: e.key }],
                })
              ).json!;
            } else if (action === 'importExcel') {
              a = await uploadImport(c, { name: 'x.xlsx', data: await makeXlsx([[e.key], [id]]) }, { entity: e.name });
            } else {
              a = await c.call(`${e.area}/v1/${e.name}Restful/${action}`, {
                id,
                ids: [id],
                data: [{ [e.key]: id, versionNum: 1 }],
                [e.key]: id,
                versionNum: 1,
              });
            }
            expect(a, `${e.name}/${action}`).toBeDefined();
            expectRefusal(a, 403, FORBIDDEN);
            calls.push(`${e.name}/${action}`);
          }
        }
        // The walk covers the buttons of every screen (a change that drops bindings shows here).
        expect(calls.length).toBeGreaterThanOrEqual(15);
        expect(calls).toEqual(
          expect.arrayContaining([
            'srmBaseBank/saveOrUpdate',
            'srmBaseBank/delete',
            'srmPoRequisition/doSubmit',
            'srmPosSupplierInfo/saveOrUpdate',
            'srmBaseBank/exportExcel',
            'srmBaseBank/importExcel',
          ]),
        );
        expect(await fingerprints(db(), familyTables())).toEqual(before);
        // Each refused state-changing call left one operation-log row with result E (an export only reads).
        const logged = async () =>
          (
            await sql<{
              n: number;
            }>`select count(*)::int as n from base_user_operate_log where user_id = ${u.userId} and result_status = 'E' and result_msg = ${FORBIDDEN}`.execute(
              db(),
            )
          ).rows[0].n;
        await expect.poll(logged, { timeout: 15_000 }).toBe(calls.filter((x) => !x.endsWith('/exportExcel')).length);
        // Reads of the same screens stay allowed: the 403s above come from missing resources, not menus.
        expectOk(await c.call(`${BANK}/listByPage`, { params: {} }));
      });
      it("8. a resource of another menu does not open this menu's button", async () => {
        // btnDelete held on MATERIAL, asked on BANK.
        const resp = await makeResponsibility(db(), ['BANK', 'MATERIAL'], ['MATERIAL:btnDelete']);
        const u = await makeUser(db(), { resps: [resp] });
        const c = await signIn(t.url, u.userName);
        const before = await fingerprint(db(), 'srm_base_bank');
        const bank = expectOk(await c.call<Rec[]>(`${BANK}/listByPage`, { params: {} }))[0];
        expectRefusal(await c.call(`${BANK}/delete`, { id: bank.bankId }), 403, FORBIDDEN);
        expect(await fingerprint(db(), 'srm_base_bank')).toBe(before);
      });
    });

    describe('mass assignment', () => {
      it('9. audit columns and versionNum in an insert are ignored', async () => {
        const code = uniq('MA');
        const saved = expectOk(
          await buyer.call<Rec>(`${BANK}/saveOrUpdate`, {
            bankCode: code,
            bankName: 'Mass',
            versionNum: 99,
            createdBy: 1,
            lastUpdatedBy: 1,
            creationDate: '2000-01-01 00:00:00',
            lastUpdateDate: '2000-01-01 00:00:00',
          }),
        );
        const row = (await sql<Rec>`select created_by, last_updated_by, version_num, creation_date from srm_base_bank where bank_code = ${code}`.execute(db()))
          .rows[0];
        expect(row).toMatchObject({ created_by: buyer.session!.userId, last_updated_by: buyer.session!.userId, version_num: 1 });
        expect(String(row.creation_date)).not.toContain('2000');
        expect(saved.versionNum).toBe(1);
      });
      it("10. a document's status in an insert or update is ignored", async () => {
        const materialId = (await sql<{ id: number }>`select min(material_id) as id from srm_base_material`.execute(db())).rows[0].id;
        const lines = [{ materialId, quantity: 5, uomCode: 'PCS', needByDate: '2026-12-15' }];
        const pr = expectOk(
          await buyer.call<Rec>(`${PR}/saveOrUpdate`, {
            title: uniq('PR'),
            requestDate: '2026-11-20',
            currencyCode: 'CNY',
            status: 'APPROVED',
            approvedBy: 1,
            lines,
          }),
        );
        expect(pr.status).toBe('DRAFT');
        const again = expectOk(await buyer.call<Rec>(`${PR}/saveOrUpdate`, { ...pr, status: 'APPROVED', title: 'still draft' }));
        expect(again.status).toBe('DRAFT');
        const row = (await sql<Rec>`select status, approved_by from srm_po_requisition where requisition_id = ${pr.requisitionId as number}`.execute(db()))
          .rows[0];
        expect(row).toEqual({ status: 'DRAFT', approved_by: null });
      });
      it("11. a supplier cannot move its own row's ownership, status, audit columns or master fields", async () => {
        const fresh = expectOk(await supA.call<Supplier>(`${SUPPLIER}/findById`, { id: own.supplierId }));
        const before = await fingerprint(db(), 'srm_pos_supplier_info');
        // The company screen writes nothing (fields, status, attachments change through an approved change request).
        expectRefusal(
          await supA.call<Supplier>(`${SUPPLIER}/saveOrUpdate`, { ...fresh, supplierStatus: 'BLACKLIST', createdBy: 1, contactName: 'owner test' }),
          403,
          FORBIDDEN,
        );
        expectRefusal(
          await supA.call(`${SUPPLIER}/saveOrUpdate`, { supplierId: own.supplierId, versionNum: fresh.versionNum, attachmentIds: '' }),
          403,
          FORBIDDEN,
        );
        expect(await fingerprint(db(), 'srm_pos_supplier_info')).toBe(before);
        const row = (await sql<Rec>`select supplier_status, created_by from srm_pos_supplier_info where supplier_id = ${own.supplierId}`.execute(db())).rows[0];
        expect(row.supplier_status).toBe('QUALIFIED');
        expect(row.created_by).not.toBe(1);
      });
      it('12. an update without versionNum, or with a stale one, is refused and changes nothing', async () => {
        const bank = expectOk(await buyer.call<Rec[]>(`${BANK}/listByPage`, { params: { bankCode: 'ICBC' } }))[0];
        const before = await fingerprint(db(), 'srm_base_bank');
        const { versionNum: _v, ...noVersion } = bank;
        expectRefusal(await buyer.call(`${BANK}/saveOrUpdate`, { ...noVersion, bankName: 'nover' }), 200, 'An update must carry versionNum');
        expectRefusal(
          await buyer.call(`${BANK}/saveOrUpdate`, { ...bank, versionNum: (bank.versionNum as number) + 7, bankName: 'stale' }),
          200,
          'Someone else has changed this record; reload it and try again',
        );
        expect(await fingerprint(db(), 'srm_base_bank')).toBe(before);
      });
      it('13. the user centre ignores type, supplier, state and password fields', async () => {
        const u = await makeUser(db(), { resps: [] });
        const c = await signIn(t.url, u.userName);
        const before = (await sql<Rec>`select user_type, supplier_id, enabled_flag, password_hash from base_users where user_id = ${u.userId}`.execute(db()))
          .rows[0];
        expectOk(
          await c.call('baseServer/v1/baseUsersRestful/editUserCenter', {
            userFullName: 'Me',
            userType: 'EXTERNAL',
            supplierId: other.supplierId,
            enabledFlag: 'N',
            passwordHash: 'x',
            userName: 'admin',
          }),
        );
        const after = (
          await sql<Rec>`select user_name, user_full_name, user_type, supplier_id, enabled_flag, password_hash from base_users where user_id = ${u.userId}`.execute(
            db(),
          )
        ).rows[0];
        expect(after).toEqual({ ...before, user_name: u.userName, user_full_name: 'Me' });
      });
    });

    describe('filter and sort injection', () => {
      const tables = ['srm_base_bank'];
      it('14. SQL in a filter value is a literal: no rows, no error, no change', async () => {
        const before = await fingerprints(db(), tables);
        for (const v of ["' or '1'='1", "%' or 1=1 --", "ICBC'; drop table srm_base_bank; --", '\\%_']) {
          const a = await buyer.call<Rec[]>(`${BANK}/listByPage`, { params: { bankCode: v } });
          expect(expectOk(a)).toEqual([]);
        }
        expect(await fingerprints(db(), tables)).toEqual(before);
      });
      it('15. SQL in a filter key is refused by name', async () => {
        const key = 'bankCode = bankCode or 1=1 --';
        expectRefusal(await buyer.call(`${BANK}/listByPage`, { params: { [key]: 'x' } }), 200, `Unsupported search condition: ${key}`);
        expectRefusal(await buyer.call(`${BANK}/listByPage`, { params: { 't.bank_code': 'x' } }), 200, 'Unsupported search condition: t.bank_code');
      });
      it('16. filters on undeclared or unfilterable fields (remark, passwordHash) are refused', async () => {
        expectRefusal(await buyer.call(`${BANK}/listByPage`, { params: { remark: 'x' } }), 200, 'Unsupported search condition: remark');
        expectRefusal(await buyer.call(`${BANK}/listByPage`, { params: { passwordHash: 'x' } }), 200, 'Unsupported search condition: passwordHash');
      });
      it('17. a typed filter with SQL in it is refused as a bad value', async () => {
        expectRefusal(
          await buyer.call(`${PR}/listByPage`, { params: { requisitionId: '1 or 1=1' } }),
          200,
          'The value of search condition requisitionId is invalid',
        );
      });
      it('18. SQL in a sort field or order is refused', async () => {
        const before = await fingerprints(db(), tables);
        expectRefusal(
          await buyer.call(`${BANK}/listByPage`, { params: {}, sort: [{ field: 'bankCode; drop table x', order: 'asc' }] }),
          200,
          'Unsupported sort field: bankCode; drop table x',
        );
        expectRefusal(
          await buyer.call(`${BANK}/listByPage`, { params: {}, sort: [{ field: 'bankCode', order: 'asc, (select 1)' }] }),
          200,
          /^Unsupported sort field: /,
        );
        expectRefusal(await buyer.call(`${BANK}/listByPage`, { params: {}, sort: [{ field: 'bank_code', order: 'desc' }] }), 200, /^Unsupported sort field: /);
        expect(await fingerprints(db(), tables)).toEqual(before);
      });
    });

    describe('stale, replayed and tampered requests', () => {
      const insert = (c: SignedClient, opts: { timestamp?: number; randomNum?: string } = {}) => {
        const path = `/api/${BANK}/saveOrUpdate`;
        const code = uniq('SG');
        const body = JSON.stringify({ bankCode: code, bankName: 'Signed' });
        return { path, code, body, headers: signedHeaders(c.session!, path, body, { lang: 'EN', ...opts }) };
      };
      const count = async (code: string) =>
        (await sql<{ n: number }>`select count(*)::int as n from srm_base_bank where bank_code = ${code}`.execute(db())).rows[0].n;

      it('19. a timestamp 6 minutes old or ahead is refused and saves nothing', async () => {
        for (const skew of [-360_000, 360_000]) {
          const r = insert(buyer, { timestamp: Date.now() + skew });
          expectRefusal(await post(t.url, r.path, r.body, r.headers), 401, 'The request timestamp is invalid or too old; check your clock');
          expect(await count(r.code)).toBe(0);
        }
      });
      it('20. a replayed request (same nonce) is refused and saves once', async () => {
        const r = insert(buyer);
        expectOk(await post(t.url, r.path, r.body, r.headers));
        expectRefusal(await post(t.url, r.path, r.body, r.headers), 401, 'A repeated request was refused');
        expect(await count(r.code)).toBe(1);
      });
      it('21. the same nonce with a fresh timestamp and signature is still a replay', async () => {
        const nonce = 'n'.repeat(24);
        const a = insert(buyer, { randomNum: nonce });
        expectOk(await post(t.url, a.path, a.body, a.headers));
        const b = insert(buyer, { randomNum: nonce, timestamp: Date.now() + 1000 });
        expectRefusal(await post(t.url, b.path, b.body, b.headers), 401, 'A repeated request was refused');
        expect(await count(b.code)).toBe(0);
      });
      it('22. a tampered signature, body, or path is refused and saves nothing', async () => {
        const r = insert(buyer);
        const sig = r.headers.parameterSignature;
        const flipped = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
        expectRefusal(await post(t.url, r.path, r.body, { ...r.headers, parameterSignature: flipped }), 401, 'The request signature is invalid');
        const r2 = insert(buyer);
        expectRefusal(await post(t.url, r2.path, r2.body.replace('Signed', 'Tampered'), r2.headers), 401, 'The request signature is invalid');
        const r3 = insert(buyer);
        expectRefusal(await post(t.url, `/api/${BANK}/delete`, r3.body, r3.headers), 401, 'The request signature is invalid');
        expect((await count(r.code)) + (await count(r2.code)) + (await count(r3.code))).toBe(0);
      });
      it("23. another session's signing key with this session's code is refused", async () => {
        const r = insert(buyer);
        const forged = signedHeaders({ authorizationCode: buyer.session!.authorizationCode, signKey: supA.session!.signKey }, r.path, r.body, { lang: 'EN' });
        expectRefusal(await post(t.url, r.path, r.body, forged), 401, 'The request signature is invalid');
        expect(await count(r.code)).toBe(0);
      });
    });
  });
}

// Signing, sessions, permissions, row ownership, login hardening and the shell endpoints, each
// refusal checked for its exact envelope and followed by a re-read proving nothing changed.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../support/testServer.js';
import { signedHeaders, type SignedClient } from '../support/signedClient.js';
import { BANK, LOGIN, SUPPLIER, expectOk, expectRefusal, post, signIn, signedRaw, uniq, type Rec } from '../support/apiHelpers.js';

const NO_SESSION = {
  EN: 'Not signed in or the session has expired; please sign in again',
  CN: '未登录或登录已过期，请重新登录',
  TH: 'ยังไม่ได้เข้าสู่ระบบหรือเซสชันหมดอายุ โปรดเข้าสู่ระบบอีกครั้ง',
  VN: 'Chưa đăng nhập hoặc phiên đã hết hạn, vui lòng đăng nhập lại',
};
const BAD_SIGNATURE = 'The request signature is invalid';
const FORBIDDEN = 'You are not permitted to do this';

interface Bank {
  bankId: number;
  bankCode: string;
  bankName: string;
  versionNum: number;
}
interface Supplier {
  supplierId: number;
  supplierNumber: string;
  supplierName: string;
  contactName: string | null;
  supplierStatus: string;
  versionNum: number;
}
interface MenuNode {
  menuId: number;
  menuCode: string;
  menuName: string;
  menuType: string;
  htmlUrl: string | null;
  children: MenuNode[];
}

const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const shape = (nodes: MenuNode[]): unknown => nodes.map((n) => (n.children.length ? { [n.menuCode]: shape(n.children) } : n.menuCode));

for (const backend of await backends()) {
  describe(`security on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let supplier: SignedClient;
    let approver: SignedClient;
    let icbc: Bank;
    let own: Supplier;
    let other: Supplier;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, supplier, approver] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'approver01')]);
      icbc = expectOk(await buyer.call<Bank[]>(`${BANK}/listByPage`, { params: { bankCode: 'ICBC' } }))[0];
      const sup = expectOk(await buyer.call<Supplier[]>(`${SUPPLIER}/listByPage`, { params: { supplierNumber: ['S-0001', 'S-0002'] } }));
      [own, other] = sup;
      expect([own.supplierNumber, other.supplierNumber]).toEqual(['S-0001', 'S-0002']);
    });
    afterAll(async () => t?.stop());

    const bankCount = async () => (await buyer.call(`${BANK}/listByPage`, { params: {}, pageRows: 1 })).page!.count;
    const findBank = async (id: number) => expectOk(await buyer.call<Bank>(`${BANK}/findById`, { id }));
    const findSupplier = async (id: number) => expectOk(await buyer.call<Supplier>(`${SUPPLIER}/findById`, { id }));
    /** A signed insert of a new bank, as headers + body text, not yet sent. */
    const signedInsert = (c: SignedClient, opts: { timestamp?: number; randomNum?: string } = {}) => {
      const path = `/api/${BANK}/saveOrUpdate`;
      const code = uniq('S');
      const body = JSON.stringify({ bankCode: code, bankName: 'Signed' });
      return { path, code, body, headers: signedHeaders(c.session!, path, body, { lang: 'EN', ...opts }) };
    };
    const bankByCode = async (code: string) =>
      expectOk(await buyer.call<Bank[]>(`${BANK}/listByPage`, { params: { bankCode: code } })).filter((b) => b.bankCode === code);

    describe('signing and sessions', () => {
      it('refuses a call without AuthorizationCode with 401 in the request language', async () => {
        for (const lang of ['EN', 'CN', 'TH', 'VN'] as const) {
          const r = signedInsert(buyer);
          const { AuthorizationCode: _dropped, ...headers } = r.headers;
          const a = await post(t.url, r.path, r.body, { ...headers, 'SAAF-Language': lang });
          expectRefusal(a, 401, NO_SESSION[lang]);
          expect(a.data).toBeNull();
          expect(await bankByCode(r.code)).toEqual([]);
        }
        const noLang = signedInsert(buyer);
        const { 'SAAF-Language': _l, AuthorizationCode: _a, ...bare } = noLang.headers;
        expectRefusal(await post(t.url, noLang.path, noLang.body, bare), 401, NO_SESSION.CN);
        // An unknown but well-formed code is no better.
        expectRefusal(
          await post(t.url, noLang.path, noLang.body, { ...noLang.headers, AuthorizationCode: randomBytes(24).toString('hex') }),
          401,
          NO_SESSION.EN,
        );
      });

      it("refuses a wrong parameterSignature, a body tampered after signing, and another session's key", async () => {
        const before = await bankCount();
        const r = signedInsert(buyer);
        expectRefusal(await post(t.url, r.path, r.body, { ...r.headers, parameterSignature: 'f'.repeat(64) }), 401, BAD_SIGNATURE);
        const tampered = r.body.replace('Signed', 'Tampered');
        expectRefusal(await post(t.url, r.path, tampered, r.headers), 401, BAD_SIGNATURE);
        // Signed over another path.
        const elsewhere = signedHeaders(buyer.session!, `/api/${BANK}/delete`, r.body, { lang: 'EN' });
        expectRefusal(await post(t.url, r.path, r.body, elsewhere), 401, BAD_SIGNATURE);
        // supplier01's code with buyer01's signature.
        expectRefusal(await post(t.url, r.path, r.body, { ...r.headers, AuthorizationCode: supplier.session!.authorizationCode }), 401, BAD_SIGNATURE);
        expect(await bankByCode(r.code)).toEqual([]);
        expect(await bankCount()).toBe(before);
        // The untouched request still goes through (the refusals did not burn its randomNum).
        expectOk(await post(t.url, r.path, r.body, r.headers));
        expect(await bankByCode(r.code)).toHaveLength(1);
      });

      it('refuses a replayed request (same headers and body) and saves once', async () => {
        const r = signedInsert(buyer);
        expectOk(await post(t.url, r.path, r.body, r.headers));
        expectRefusal(await post(t.url, r.path, r.body, r.headers), 401, 'A repeated request was refused');
        expect(await bankByCode(r.code)).toHaveLength(1);
        // A new randomNum on the same body is a new request (and a duplicate code then).
        const again = signedHeaders(buyer.session!, r.path, r.body, { lang: 'EN' });
        expectRefusal(await post(t.url, r.path, r.body, again), 200, `Bank code "${r.code}" already exists`);
      });

      it('refuses timestamps more than 300 s away, a bad appsign and a short randomNum', async () => {
        const before = await bankCount();
        const stale = 'The request timestamp is invalid or too old; check your clock';
        const old = signedInsert(buyer, { timestamp: Date.now() - 10 * 60_000 });
        expectRefusal(await post(t.url, old.path, old.body, old.headers), 401, stale);
        const future = signedInsert(buyer, { timestamp: Date.now() + 10 * 60_000 });
        expectRefusal(await post(t.url, future.path, future.body, future.headers), 401, stale);
        const r = signedInsert(buyer);
        expectRefusal(await post(t.url, r.path, r.body, { ...r.headers, timestamp: String(Math.floor(Date.now() / 1000)) }), 401, stale);
        expectRefusal(await post(t.url, r.path, r.body, { ...r.headers, appsign: 'a'.repeat(32) }), 401, BAD_SIGNATURE);
        const { appsign: _drop, ...noAppsign } = r.headers;
        expectRefusal(await post(t.url, r.path, r.body, noAppsign), 401, BAD_SIGNATURE);
        const short = signedInsert(buyer, { randomNum: 'a'.repeat(15) });
        expectRefusal(await post(t.url, short.path, short.body, short.headers), 401, BAD_SIGNATURE);
        const sixteen = signedInsert(buyer, { randomNum: randomBytes(8).toString('hex') });
        expectOk(await post(t.url, sixteen.path, sixteen.body, sixteen.headers));
        expect(await bankCount()).toBe(before + 1);
        expect(await bankByCode(sixteen.code)).toHaveLength(1);
      });

      it('after logout the session is refused with 401', async () => {
        const c = await signIn(t.url, 'buyer01');
        expectOk(await c.call(`${BANK}/listByPage`, { params: {}, pageRows: 1 }));
        const out = await post(t.url, `${LOGIN}/logout`, '{}', { 'content-type': 'application/json', AuthorizationCode: c.session!.authorizationCode });
        expect({ http: out.http, status: out.status }).toEqual({ http: 200, status: 'S' });
        expectRefusal(await c.call(`${BANK}/listByPage`, { params: {}, pageRows: 1 }), 401, NO_SESSION.EN);
        expectRefusal(await c.call('baseServer/v1/baseUsersRestful/getCurrentUser', {}), 401, NO_SESSION.EN);
        // Other sessions of the same user live on.
        expectOk(await buyer.call(`${BANK}/listByPage`, { params: {}, pageRows: 1 }));
      });

      it('malformed JSON without a session is a 400, never a stack trace', async () => {
        const a = await post(t.url, `/api/${BANK}/listByPage`, '{"params":', { 'content-type': 'application/json', 'SAAF-Language': 'VN' });
        expectRefusal(a, 400, 'Nội dung yêu cầu không phải JSON hợp lệ');
      });
    });

    describe('permissions and ownership', () => {
      it('supplier01 gets 403 on the bank family and nothing changes', async () => {
        const before = await bankCount();
        expectRefusal(await supplier.call(`${BANK}/listByPage`, { params: {} }), 403, FORBIDDEN);
        expectRefusal(await supplier.call(`${BANK}/findById`, { id: icbc.bankId }), 403, FORBIDDEN);
        expectRefusal(await supplier.call(`${BANK}/saveOrUpdate`, { bankCode: uniq('X'), bankName: 'x' }), 403, FORBIDDEN);
        expectRefusal(await supplier.call(`${BANK}/saveOrUpdate`, { ...icbc, bankName: 'hijacked' }), 403, FORBIDDEN);
        expectRefusal(await supplier.call(`${BANK}/delete`, { id: icbc.bankId }), 403, FORBIDDEN);
        expectRefusal(await supplier.call(`${BANK}/doBatchDelete`, { ids: [icbc.bankId] }), 403, FORBIDDEN);
        expectRefusal(await supplier.call(`${BANK}/delete`, { id: icbc.bankId }, { lang: 'TH' }), 403, 'คุณไม่มีสิทธิ์ดำเนินการนี้');
        expect(await findBank(icbc.bankId)).toEqual(icbc);
        expect(await bankCount()).toBe(before);
      });

      it('approver01 may not save or delete banks (403)', async () => {
        expectRefusal(await approver.call(`${BANK}/saveOrUpdate`, { ...icbc, bankName: 'approver' }), 403, FORBIDDEN);
        expectRefusal(await approver.call(`${BANK}/saveOrUpdate`, { bankCode: uniq('A'), bankName: 'approver' }), 403, FORBIDDEN);
        expectRefusal(await approver.call(`${BANK}/delete`, { id: icbc.bankId }), 403, FORBIDDEN);
        expect(await findBank(icbc.bankId)).toEqual(icbc);
      });

      it('buyer01 may only view registrations (no save button on SUPPLIER_REGISTER_REVIEW)', async () => {
        // (Buyers keep the supplier master on SUPPLIER_LIST; the review screen only shows registrations.)
        const REGISTER = 'srmServer/v1/srmPosSupplierRegisterRestful';
        const reg = expectOk(await buyer.call<Rec[]>(`${REGISTER}/listByPage`, { params: {}, pageRows: 1 }))[0];
        expectRefusal(await buyer.call(`${REGISTER}/saveOrUpdate`, { ...reg, companyName: 'buyer edit' }), 403, FORBIDDEN);
        const again = expectOk(await buyer.call<Rec>(`${REGISTER}/findById`, { id: reg.registerId }));
        expect(again).toMatchObject({ companyName: reg.companyName, versionNum: reg.versionNum });
        expect(await findSupplier(other.supplierId)).toEqual(other);
      });

      it('supplier01 lists and reads only its own company', async () => {
        const mine = await supplier.call<Supplier[]>(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 100 });
        expect(expectOk(mine)).toEqual([own]);
        expect(mine.page).toEqual({ count: 1, curIndex: 1, pageRows: 100 });
        expect(supplier.session!.supplierId).toBe(own.supplierId);
        const probe = await supplier.call<Supplier[]>(`${SUPPLIER}/listByPage`, { params: { supplierId: other.supplierId } });
        expect(expectOk(probe)).toEqual([]);
        expect(probe.page?.count).toBe(0);
        expect(expectOk(await supplier.call<Supplier[]>(`${SUPPLIER}/listByPage`, { params: { supplierNumber: 'S-0002' } }))).toEqual([]);
        expect(expectOk(await supplier.call<Supplier>(`${SUPPLIER}/findById`, { id: own.supplierId }))).toEqual(own);
        const foreign = await supplier.call(`${SUPPLIER}/findById`, { id: other.supplierId });
        expectRefusal(foreign, 200, 'Supplier does not exist or has been deleted');
        expect(foreign.data).toBeNull();
        expect(JSON.stringify(foreign)).not.toContain(other.supplierName);
      });

      it("supplier01 cannot update supplier02's row, nor its own master (fields, status, attachments): read-only in the portal", async () => {
        const attack = await supplier.call(`${SUPPLIER}/saveOrUpdate`, { ...other, supplierName: 'hijacked', contactName: 'x' });
        expectRefusal(attack, 403, FORBIDDEN);
        expectRefusal(await supplier.call(`${SUPPLIER}/delete`, { id: other.supplierId }), 403, FORBIDDEN);
        expect(await findSupplier(other.supplierId)).toEqual(other);

        // Its own row is read-only too: the master (name, contact, attachments…) changes only through an
        // approved change request, the status never from the portal (docs/suppliers.md).
        const contact = uniq('C');
        expectRefusal(
          await supplier.call<Supplier>(`${SUPPLIER}/saveOrUpdate`, { ...own, supplierName: 'renamed', contactName: contact, supplierStatus: 'BLACKLIST' }),
          403,
          FORBIDDEN,
        );
        expectRefusal(
          await supplier.call(`${SUPPLIER}/saveOrUpdate`, { supplierId: own.supplierId, versionNum: own.versionNum, attachmentIds: '' }),
          403,
          FORBIDDEN,
        );
        expect(await findSupplier(own.supplierId)).toEqual(own);
        // What a supplier may write is its own change request (the supplier is its own, whatever the body says).
        const change = expectOk(
          await supplier.call<Rec>('srmServer/v1/srmPosSupplierChangeRestful/saveOrUpdate', { supplierId: other.supplierId, contactName: contact }),
        );
        expect(change).toMatchObject({ supplierId: own.supplierId, contactName: contact });
        expectOk(await supplier.call('srmServer/v1/srmPosSupplierChangeRestful/delete', { id: change.changeId }));
        // Nor through the batch call.
        expectRefusal(await supplier.call(`${SUPPLIER}/doBatchSaveOrUpdate`, { data: [{ ...other, supplierName: 'x' }] }), 403, FORBIDDEN);
        expectRefusal(await supplier.call(`${SUPPLIER}/doBatchSaveOrUpdate`, { data: [{ ...own, supplierName: 'x' }] }), 403, FORBIDDEN);
        expect(await findSupplier(other.supplierId)).toEqual(other);
        expect(await findSupplier(own.supplierId)).toEqual(own);
      });
    });

    describe('shell endpoints', () => {
      const CURRENT = 'baseServer/v1/baseUsersRestful/getCurrentUser';
      const MENUS = 'baseServer/v1/baseMenuRestful/findMenuByResp';
      const RESOURCES = 'baseServer/v1/baseResourceRestful/findByRespAndMenu';
      const DIC = 'baseServer/v1/baseLookupValuesRestful/findDic';

      it('getCurrentUser answers who is signed in', async () => {
        const me = expectOk(await buyer.call<Rec>(CURRENT, {}));
        expect(me).toMatchObject({
          userId: buyer.session!.userId,
          userName: 'buyer01',
          userFullName: '张采购',
          userType: 'INTERNAL',
          supplierId: null,
          supplierName: null,
        });
        expect((me.responsibilities as { respName: string }[]).map((r) => r.respName)).toEqual(['Buyer']);
        const sup = expectOk(await supplier.call<Rec>(CURRENT, {}, { lang: 'TH' }));
        expect(sup).toMatchObject({ userName: 'supplier01', userType: 'EXTERNAL', supplierId: own.supplierId, supplierName: '华东精密钢材有限公司' });
        expect((sup.responsibilities as { respName: string }[]).map((r) => r.respName)).toEqual(['พอร์ทัลผู้จัดจำหน่าย']);
        // Nothing secret in it, and the zuul alias answers the same (signed over its own path).
        expect(JSON.stringify(me)).not.toMatch(/signKey|password|authorizationCode/i);
        const zuul = await signedRaw(buyer, `zuul/${CURRENT}`, '{}');
        expect(expectOk(zuul)).toEqual(me);
      });

      it('findMenuByResp: buyer01 sees its menus, translated, and no system settings', async () => {
        const respId = buyer.session!.responsibilities[0].respId;
        const en = expectOk(await buyer.call<MenuNode[]>(MENUS, { respId }));
        expect(shape(en)).toEqual([
          { TASK_CENTRE: ['MY_TODO', 'MY_DONE', 'MY_STARTED'] },
          'MSG_RECEIVE',
          { BASE_DATA: ['BANK', 'MATERIAL', 'MATERIAL_PERMIT', 'EXCHANGE_RATE', 'PAYMENT_TERM', 'MY_EXPORTS'] },
          { PURCHASE: ['REQUISITION', 'PURCHASE_DASHBOARD'] },
          { ORDER_COLLAB: ['PO_ORDER', 'PO_LINE_BOARD', 'PO_RECEIPT', 'PO_RETURN'] },
          { SOURCING: ['SRC_INQUIRY', 'SRC_PRICE_ITEM', 'SRC_OFFER_TEMPLATE', 'AUCTION_LIST', 'AUCTION_HALL'] },
          { CONTRACT_MGMT: ['CON_CONTRACT', 'CON_TEMPLATE', 'CON_TERM', 'CON_WATERMARK', 'CON_SERVICE', 'CON_ESIGN', 'CON_ESIGN_ACCOUNT'] },
          {
            SUPPLIER_MGMT: [
              'SUPPLIER_LIST',
              'SUPPLIER_REGISTER_REVIEW',
              'SUPPLIER_LIFECYCLE',
              'SUPPLIER_CHANGE_REVIEW',
              'SUPPLIER_WARNING',
              'SUPPLIER_QUESTION_BANK',
              'SUPPLIER_QN_TEMPLATE',
              'SUPPLIER_QUALIFICATION',
              'SUPPLIER_QUESTIONNAIRE',
              'SUPPLIER_SURVEY',
              'SUPPLIER_AGREEMENT',
              'NOTICE',
            ],
          },
        ]);
        const codes = flat(en).map((m) => m.menuCode);
        for (const hidden of ['SYS_SETTING', 'LOOKUP_TYPE', 'LOOKUP_VALUES', 'SUPPLIER_PORTAL', 'MY_COMPANY']) expect(codes).not.toContain(hidden);
        const bank = flat(en).find((m) => m.menuCode === 'BANK')!;
        expect(bank).toMatchObject({ menuName: 'Banks', menuType: 'PAGE', htmlUrl: '/main/base/bankList' });
        const th = expectOk(await buyer.call<MenuNode[]>(MENUS, { respId }, { lang: 'TH' }));
        expect(flat(th).find((m) => m.menuCode === 'BANK')!.menuName).toBe('ธนาคาร');
        const cn = expectOk(await buyer.call<MenuNode[]>(MENUS, { respId }, { lang: 'CN' }));
        expect(flat(cn).find((m) => m.menuCode === 'BANK')!.menuName).toBe('银行');
      });

      it('findMenuByResp: supplier01 sees only its messages and the supplier portal', async () => {
        const respId = supplier.session!.responsibilities[0].respId;
        const menus = expectOk(await supplier.call<MenuNode[]>(MENUS, { respId }));
        expect(shape(menus)).toEqual([
          'MSG_RECEIVE',
          {
            SUPPLIER_PORTAL: [
              'MY_COMPANY',
              'MY_SUPPLIER_CHANGE',
              'MY_ORDERS',
              'SRC_BID',
              'MY_CONTRACTS',
              'MY_ESIGN_ACCOUNT',
              'MY_SERVICE_SCORES',
              'MY_QUESTIONNAIRE',
              'SUPPLIER_AUCTION_HALL',
              'MY_DELIVERIES',
              'MY_AGREEMENT',
              'MY_RECEIPTS',
            ],
          },
        ]);
      });

      it('findByRespAndMenu answers the resource codes of the menu for that responsibility', async () => {
        const respId = buyer.session!.responsibilities[0].respId;
        const menus = flat(expectOk(await buyer.call<MenuNode[]>(MENUS, { respId })));
        const menuId = (code: string) => menus.find((m) => m.menuCode === code)!.menuId;
        type Res = { resourceCode: string; resourceName: string };
        const bank = expectOk(await buyer.call<Res[]>(RESOURCES, { respId, menuId: menuId('BANK') }));
        expect(bank.map((r) => r.resourceCode)).toEqual(['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnExport', 'btnImport']);
        const pr = expectOk(await buyer.call<Res[]>(RESOURCES, { respId, menuId: menuId('REQUISITION') }));
        expect(pr.map((r) => r.resourceCode)).toEqual([
          'btnAdd',
          'btnEdit',
          'btnView',
          'btnSave',
          'btnDelete',
          'btnSubmit',
          'btnUploadAttachment',
          'btnPreviewAttachment',
          'btnDownloadAttachment',
          'btnDelAttachment',
          'btnExport',
        ]);
        const apResp = approver.session!.responsibilities[0].respId;
        const ap = expectOk(await approver.call<Res[]>(RESOURCES, { respId: apResp, menuId: menuId('REQUISITION') }));
        expect(ap.map((r) => r.resourceCode)).toEqual(['btnView', 'btnApprove', 'btnReject', 'btnPreviewAttachment', 'btnDownloadAttachment']);
        expect(expectOk(await buyer.call<Res[]>(RESOURCES, { respId, menuId: 987654321 }))).toEqual([]);
        // Resource names follow SAAF-Language (stored per language, shipped from menus.json).
        expect(bank.find((r) => r.resourceCode === 'btnAdd')!.resourceName).toBe('Add');
        const th = expectOk(await buyer.call<Res[]>(RESOURCES, { respId, menuId: menuId('BANK') }, { lang: 'TH' }));
        expect(th.find((r) => r.resourceCode === 'btnAdd')!.resourceName).toBe('เพิ่ม');
        const cn = expectOk(await buyer.call<Res[]>(RESOURCES, { respId, menuId: menuId('BANK') }, { lang: 'CN' }));
        expect(cn.find((r) => r.resourceCode === 'btnAdd')!.resourceName).toBe('新增');
      });

      it('refuses a responsibility the user does not hold with 403', async () => {
        const foreign = supplier.session!.responsibilities[0].respId;
        expectRefusal(await buyer.call(MENUS, { respId: foreign }), 403, 'This responsibility does not belong to you');
        expectRefusal(await buyer.call(RESOURCES, { respId: foreign, menuId: 1 }), 403, 'This responsibility does not belong to you');
        expectRefusal(await supplier.call(MENUS, { respId: buyer.session!.responsibilities[0].respId }), 403, 'This responsibility does not belong to you');
        expectRefusal(await buyer.call(MENUS, {}), 403, 'This responsibility does not belong to you');
      });

      it('findDic answers lookup meanings in the request language', async () => {
        type Dic = { lookupCode: string; meaning: string; enabledFlag: string };
        const en = expectOk(await buyer.call<Dic[]>(DIC, { lookupType: 'PR_STATUS' }));
        expect(en.map((d) => [d.lookupCode, d.meaning, d.enabledFlag])).toEqual([
          ['DRAFT', 'Draft', 'Y'],
          ['SUBMITTED', 'Submitted', 'Y'],
          ['APPROVED', 'Approved', 'Y'],
          ['REJECTED', 'Rejected', 'Y'],
        ]);
        const th = expectOk(await supplier.call<Dic[]>(DIC, { lookupType: 'PR_STATUS' }, { lang: 'TH' }));
        expect(th.map((d) => d.meaning)).toEqual(['ฉบับร่าง', 'ส่งแล้ว', 'อนุมัติแล้ว', 'ถูกปฏิเสธ']);
        expect(expectOk(await buyer.call<Dic[]>(DIC, { lookupType: 'NO_SUCH_TYPE' }))).toEqual([]);
        expectRefusal(await buyer.call(DIC, { lookupType: 'pr status' }), 200, 'lookupType is missing');
        expectRefusal(await buyer.call(DIC, {}), 200, 'lookupType is missing');
      });
    });

    it('answers a validation error in TH, VN and EN', async () => {
      const body = { bankCode: uniq('L') };
      expectRefusal(await buyer.call(`${BANK}/saveOrUpdate`, body, { lang: 'EN' }), 200, 'Bank name is required');
      expectRefusal(await buyer.call(`${BANK}/saveOrUpdate`, body, { lang: 'TH' }), 200, 'ต้องระบุชื่อธนาคาร');
      expectRefusal(await buyer.call(`${BANK}/saveOrUpdate`, body, { lang: 'VN' }), 200, 'Tên ngân hàng không được để trống');
      expectRefusal(await buyer.call(`${BANK}/saveOrUpdate`, body, { lang: 'CN' }), 200, '银行名称不能为空');
      expect(await bankByCode(body.bankCode)).toEqual([]);
      const malformed = await signedRaw(buyer, `${BANK}/saveOrUpdate`, '[', { lang: 'TH' });
      expectRefusal(malformed, 400, 'เนื้อหาคำขอไม่ใช่ JSON ที่ถูกต้อง');
    });
  });
}

// Notices over the real API: the public calls without a session (published, public, valid, in the
// visitor's language), a supplier's feed (never another supplier's targeted notice, never internal or
// expired), publish / withdraw with their refusals, the sanitised rich text, and the live "notice" frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { connect } from '../../../../tests/support/socketClient.js';

const NOTICES = 'srmServer/v1/srmNoticeRestful';
const PUBLIC_LIST = `/api/${NOTICES}/listPublicNotices`;
const PUBLIC_FIND = `/api/${NOTICES}/findPublicNotice`;

for (const backend of await backends()) {
  describe(`notices on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let supplier1: SignedClient;
    let supplier2: SignedClient;
    const visitor = (lang: string) => {
      const c = new SignedClient(t.url);
      c.lang = lang;
      return c;
    };
    const titles = (rows: Rec[]) => rows.map((r) => String(r.title));

    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, supplier1, supplier2] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02')]);
    });
    afterAll(async () => t?.stop());

    const mine = async (c: SignedClient) => titles(expectOk(await c.call<Rec[]>(`${NOTICES}/listMyNotices`, { pageRows: 100 })));
    const create = async (values: Rec) =>
      expectOk(
        await buyer.call<Rec>(`${NOTICES}/saveOrUpdate`, {
          noticeType: 'NOTICE',
          audience: 'ALL_SUPPLIERS',
          languageCode: 'CN',
          publicFlag: 'N',
          content: '<p>x</p>',
          ...values,
        }),
      );

    it('a visitor without a session sees the published, public, valid notices in their language only', async () => {
      const cn = expectOk(await visitor('CN').unsigned<Rec[]>(PUBLIC_LIST, {}));
      expect(titles(cn)).toContain('关于2027年度供应商年度评审的公告');
      expect(titles(cn).some((x) => /草稿|已撤回|已过期|内部|春节|钢板/.test(x))).toBe(false);
      expect(cn.every((r) => r.languageCode === 'CN')).toBe(true);
      const th = expectOk(await visitor('TH').unsigned<Rec[]>(PUBLIC_LIST, {}));
      expect(titles(th)).toEqual(['การประเมินผู้จัดจำหน่ายประจำปี 2027']);
      const en = expectOk(await visitor('EN').unsigned<Rec[]>(PUBLIC_LIST, {}));
      expect(titles(en)).toEqual(['Annual supplier review 2027']);
      const preview = expectOk(await visitor('TH').unsigned<Rec>(PUBLIC_FIND, { id: th[0].noticeId }));
      expect(String(preview.content)).toContain('<strong>');
      // A notice that is not public (or in another language) answers like one that does not exist.
      const all = expectOk(await buyer.call<Rec[]>(`${NOTICES}/listByPage`, { params: {}, pageRows: 100 }));
      const privateOne = all.find((r) => r.title === '华东精密钢材：钢板交期调整确认')!;
      const refused = await visitor('EN').unsigned(PUBLIC_FIND, { id: privateOne.noticeId });
      expect(refused.status).toBe('E');
      expect(refused.msg).toBe('The notice does not exist or is no longer shown');
      expect((await visitor('EN').unsigned(PUBLIC_FIND, { id: en[0].noticeId })).status).toBe('S');
      expect((await visitor('CN').unsigned(PUBLIC_FIND, { id: en[0].noticeId })).status).toBe('E');
    });

    it("a supplier sees notices for all suppliers and its own, never another supplier's, an internal, a draft, a withdrawn or an expired one", async () => {
      const one = await mine(supplier1);
      const two = await mine(supplier2);
      expect(one).toContain('华东精密钢材：钢板交期调整确认');
      expect(one).not.toContain('Siam Electronic: new packaging labels');
      expect(two).toContain('Siam Electronic: new packaging labels');
      expect(two).not.toContain('华东精密钢材：钢板交期调整确认');
      for (const feed of [one, two]) {
        expect(feed).toContain('春节期间收货安排通知');
        expect(feed.some((x) => /草稿|已撤回|已过期|内部/.test(x))).toBe(false);
      }
      const all = expectOk(await buyer.call<Rec[]>(`${NOTICES}/listByPage`, { params: {}, pageRows: 100 }));
      const hers = all.find((r) => r.title === 'Siam Electronic: new packaging labels')!;
      const peek = await supplier1.call(`${NOTICES}/findMyNotice`, { id: hers.noticeId });
      expect(peek.status).toBe('E');
      // The family itself is not the supplier's: no findById on notices at all.
      expect((await supplier1.call(`${NOTICES}/findById`, { id: hers.noticeId })).http).toBe(403);
      expect(await mine(buyer)).toContain('内部：供应商公告发布规范');
    });

    it('publish and withdraw change what readers see; a script in the rich text is removed when saved', async () => {
      const n = await create({
        title: 'Live test notice',
        publicFlag: 'Y',
        languageCode: 'EN',
        content: '<p onclick="steal()">Hello<script>alert(1)</script></p>',
      });
      expect(n.status).toBe('DRAFT');
      expect(String(n.content)).not.toMatch(/script|onclick|alert/);
      expect(String(n.content)).toContain('Hello');
      expect(titles(expectOk(await visitor('EN').unsigned<Rec[]>(PUBLIC_LIST, {})))).not.toContain('Live test notice');
      const published = expectOk(await buyer.call<Rec>(`${NOTICES}/doPublish`, { id: n.noticeId, versionNum: n.versionNum }));
      expect(published.status).toBe('PUBLISHED');
      expect(titles(expectOk(await visitor('EN').unsigned<Rec[]>(PUBLIC_LIST, {})))).toContain('Live test notice');
      expect(await mine(supplier2)).toContain('Live test notice');
      const withdrawn = expectOk(await buyer.call<Rec>(`${NOTICES}/doWithdraw`, { id: n.noticeId, versionNum: published.versionNum }));
      expect(withdrawn.status).toBe('WITHDRAWN');
      expect(titles(expectOk(await visitor('EN').unsigned<Rec[]>(PUBLIC_LIST, {})))).not.toContain('Live test notice');
      expect(await mine(supplier2)).not.toContain('Live test notice');
    });

    it('refuses in the caller language: no supplier chosen, dates out of order, an expired notice, an internal public one; nothing saved', async () => {
      const n = await create({ title: 'Chosen nobody', audience: 'SUPPLIERS' });
      const a = await buyer.call(`${NOTICES}/doPublish`, { id: n.noticeId, versionNum: n.versionNum }, { lang: 'EN' });
      expect(a.status).toBe('E');
      expect(a.msg).toBe('Choose at least one supplier for the audience "Chosen suppliers"');
      const after = expectOk(await buyer.call<Rec>(`${NOTICES}/findById`, { id: n.noticeId }));
      expect(after.status).toBe('DRAFT');
      const bad = await buyer.call(`${NOTICES}/saveOrUpdate`, { title: 'Backwards', validFrom: '2026-05-01', validTo: '2026-04-01' }, { lang: 'TH' });
      expect(bad.status).toBe('E');
      expect(bad.msg).toBe('วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มมีผล');
      const old = await create({ title: 'Too late', validFrom: '2020-01-01', validTo: '2020-02-01' });
      const late = await buyer.call(`${NOTICES}/doPublish`, { id: old.noticeId, versionNum: old.versionNum }, { lang: 'EN' });
      expect(late.msg).toBe('Valid to (2020-02-01) has passed; the notice cannot be published');
      const internal = await buyer.call(`${NOTICES}/saveOrUpdate`, { title: 'Internal public', audience: 'INTERNAL', publicFlag: 'Y' }, { lang: 'EN' });
      expect(internal.msg).toBe('An internal notice cannot be public');
    });

    it('a notice published to one supplier tells only that supplier (and internal users) live, without its content', async () => {
      const s1 = await connect(supplier1);
      const s2 = await connect(supplier2);
      try {
        await Promise.all([s1.waitFor((f) => f.type === 'hello'), s2.waitFor((f) => f.type === 'hello')]);
        const supplierId = supplier2.session!.supplierId;
        const n = await create({ title: 'For supplier02 only', audience: 'SUPPLIERS', suppliers: [{ supplierId }] });
        expectOk(await buyer.call(`${NOTICES}/doPublish`, { id: n.noticeId, versionNum: n.versionNum }));
        const frame = await s2.waitFor((f) => f.type === 'notice');
        expect(frame.data).toEqual({ event: 'published', at: expect.any(Number) });
        expect(await mine(supplier2)).toContain('For supplier02 only');
        expect(await mine(supplier1)).not.toContain('For supplier02 only');
        // supplier01's socket got nothing for it: publish one to everyone and check it is the first.
        const all = await create({ title: 'For everyone' });
        expectOk(await buyer.call(`${NOTICES}/doPublish`, { id: all.noticeId, versionNum: all.versionNum }));
        await s1.waitFor((f) => f.type === 'notice');
        expect(s1.frames.filter((f) => f.type === 'notice')).toHaveLength(1);
      } finally {
        s1.ws.terminate();
        s2.ws.terminate();
      }
    });
  });
}

// Payment terms over the real API: the demo terms, a buyer's create / update / delete, and the module's
// save rule refusing a discount outside the net period in the caller's language, nothing saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';

const TERMS = 'srmServer/v1/srmBasePaymentTermRestful';

for (const backend of await backends()) {
  describe(`payment terms on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let buyerTh: SignedClient;
    let supplier: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, buyerTh, supplier] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'buyer01', 'TH'), signIn(t.url, 'supplier01')]);
    });
    afterAll(async () => t?.stop());

    const byCode = async (code: string) =>
      expectOk(await buyer.call<Rec[]>(`${TERMS}/listByPage`, { params: { termCode: code } })).filter((r) => r.termCode === code);

    it('lists the demo terms by net days, the disabled one included', async () => {
      const all = expectOk(await buyer.call<Rec[]>(`${TERMS}/listByPage`, { params: {}, pageRows: 50 }));
      const demo = all.filter((r) => ['IMMEDIATE', 'NET30', '2-10-NET30', 'NET60', 'NET90'].includes(String(r.termCode)));
      expect(demo.map((r) => r.netDays)).toEqual([0, 30, 30, 60, 90]);
      expect(demo.find((r) => r.termCode === '2-10-NET30')).toMatchObject({ discountDays: 10, discountPercent: 2 });
      expect(demo.find((r) => r.termCode === 'NET90')?.enabledFlag).toBe('N');
    });

    it('a buyer creates, changes and deletes a term', async () => {
      const code = uniq('PT').slice(0, 30);
      const created = expectOk(await buyer.call<Rec>(`${TERMS}/saveOrUpdate`, { termCode: code, termName: 'Net 45', netDays: 45 }));
      expect(created).toMatchObject({ termCode: code, netDays: 45, discountDays: null, enabledFlag: 'Y', versionNum: 1 });
      const changed = expectOk(
        await buyer.call<Rec>(`${TERMS}/saveOrUpdate`, { ...created, discountDays: 15, discountPercent: 1.5, versionNum: created.versionNum }),
      );
      expect(changed).toMatchObject({ discountDays: 15, discountPercent: 1.5, versionNum: 2 });
      expectOk(await buyer.call(`${TERMS}/delete`, { id: changed.paymentTermId, versionNum: changed.versionNum }));
      expect(await byCode(code)).toEqual([]);
    });

    it('refuses a discount period not shorter than the net period, and a discount without its days, in the language asked', async () => {
      const code = uniq('PT').slice(0, 30);
      expectRefusal(
        await buyer.call(`${TERMS}/saveOrUpdate`, { termCode: code, termName: 'bad', netDays: 30, discountDays: 30, discountPercent: 2 }),
        200,
        'The discount period must be shorter than the net period (30 days, net 30 days)',
      );
      expectRefusal(
        await buyerTh.call(`${TERMS}/saveOrUpdate`, { termCode: code, termName: 'bad', netDays: 30, discountPercent: 2 }),
        200,
        'ส่วนลดเงินสดต้องระบุระยะเวลาส่วนลด',
      );
      expect(await byCode(code)).toEqual([]);
    });

    it('a supplier user has no payment terms menu and is refused', async () => {
      expectRefusal(await supplier.call(`${TERMS}/listByPage`, { params: {} }), 403, /.+/);
    });
  });
}

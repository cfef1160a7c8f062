// Orders from a signed contract (issue 17: "created from an award, a contract or approved requisition
// lines"), read through the contract module's API: signedContracts lists the contracts an order may be made
// from (never to a supplier); createFromContract makes a draft of the contract's items at the agreed prices
// (all, or the lines named with other quantities); a contract not signed, ended, or a line not on it is
// refused in the caller's language with nothing saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn } from '../../../../tests/support/apiHelpers.js';
import { ORDER, worldOf, type Order, type World } from './orderHelpers.js';

const CONTRACT = 'srmServer/v1/srmConContractRestful';
type Signed = {
  contractId: number;
  contractNumber: string;
  title: string;
  supplierId: number;
  supplierName: string | null;
  currencyCode: string;
  endDate: string | null;
  items: number;
  amount: number;
};
type Contract = {
  contractId: number;
  contractNumber: string;
  status: string;
  supplierId: number;
  lines: { materialId: number; quantity: number; price: number }[];
};

for (const backend of await backends()) {
  describe(`orders from contracts on ${backend}`, () => {
    let t: TestServer;
    let w: World;
    beforeAll(async () => {
      t = await startTestServer(backend);
      const [buyer, s1, s2] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02')]);
      w = await worldOf(buyer, s1, s2);
    });
    afterAll(async () => t?.stop());

    const orderCount = async () => expectOk(await w.buyer.call<Order[]>(`${ORDER}/listByPage`, { params: {}, pageRows: 500 })).length;

    it('signedContracts lists the signed contracts (by supplier); an order made from one takes its items at the agreed prices', async () => {
      const all = expectOk(await w.buyer.call<Signed[]>(`${ORDER}/signedContracts`, {}));
      const mine = all.find((c) => c.supplierId === w.supplier1)!;
      expect(mine).toMatchObject({ contractNumber: expect.stringMatching(/^CT-/), supplierName: expect.stringMatching(/\S/) });
      expect(mine.items).toBeGreaterThan(0);
      expect(all.some((c) => c.supplierId === w.supplier2)).toBe(true);
      const only = expectOk(await w.buyer.call<Signed[]>(`${ORDER}/signedContracts`, { supplierId: w.supplier2 }));
      expect(only.length).toBeGreaterThan(0);
      expect(only.every((c) => c.supplierId === w.supplier2)).toBe(true);
      const contract = expectOk(await w.buyer.call<Contract>(`${CONTRACT}/findById`, { id: mine.contractId }));
      expect(contract.status).toBe('SIGNED');

      const o = expectOk(await w.buyer.call<Order>(`${ORDER}/createFromContract`, { contractId: mine.contractId, requiredDate: '2027-03-01' }));
      expect(o).toMatchObject({ status: 'DRAFT', supplierId: w.supplier1, currencyCode: mine.currencyCode, title: mine.contractNumber });
      expect(o.lines.map((l) => [l.materialId, Number(l.quantity), Number(l.price)])).toEqual(
        contract.lines.map((l) => [l.materialId, Number(l.quantity), Number(l.price)]),
      );
      expect(o.lines.every((l) => l.requiredDate === '2027-03-01')).toBe(true);
      expect(o.totalAmount).toBeCloseTo(mine.amount, 2);

      // Part of it: the first item, another quantity.
      const part = expectOk(
        await w.buyer.call<Order>(`${ORDER}/createFromContract`, {
          contractId: mine.contractId,
          requiredDate: '2027-04-01',
          lines: [{ lineNumber: 10, quantity: 3 }],
        }),
      );
      expect(part.lines).toHaveLength(1);
      expect([part.lines[0].materialId, Number(part.lines[0].quantity), Number(part.lines[0].price)]).toEqual([
        contract.lines[0].materialId,
        3,
        Number(contract.lines[0].price),
      ]);
    });

    it('refused: a contract not signed (EN), one ended before the order date (CN), a line not on it (TH), a supplier (403); nothing saved', async () => {
      const contracts = expectOk(await w.buyer.call<Contract[]>(`${CONTRACT}/listByPage`, { params: {}, pageRows: 200 }));
      const sent = contracts.find((c) => c.status === 'SENT')!;
      const signed = expectOk(await w.buyer.call<Signed[]>(`${ORDER}/signedContracts`, { supplierId: w.supplier1 }))[0];
      const before = await orderCount();
      expectRefusal(
        await w.buyer.call(`${ORDER}/createFromContract`, { contractId: sent.contractId, requiredDate: '2027-03-01' }, { lang: 'EN' }),
        200,
        /is not signed by both sides/,
      );
      expectRefusal(
        await w.buyer.call(
          `${ORDER}/createFromContract`,
          { contractId: signed.contractId, orderDate: '2030-01-02', requiredDate: '2030-02-01' },
          { lang: 'CN' },
        ),
        200,
        new RegExp(`合同 ${signed.contractNumber} 已于 ${signed.endDate} 到期`),
      );
      expectRefusal(
        await w.buyer.call(
          `${ORDER}/createFromContract`,
          { contractId: signed.contractId, requiredDate: '2027-03-01', lines: [{ lineNumber: 990, quantity: 1 }] },
          { lang: 'TH' },
        ),
        200,
        new RegExp(`รายการที่ 1 ไม่ใช่รายการของสัญญา ${signed.contractNumber}`),
      );
      expectRefusal(await w.s1.call(`${ORDER}/createFromContract`, { contractId: signed.contractId, requiredDate: '2027-03-01' }, { lang: 'EN' }), 403, /./);
      expectRefusal(await w.s1.call(`${ORDER}/signedContracts`, {}, { lang: 'TH' }), 403, 'คุณไม่มีสิทธิ์ดำเนินการนี้');
      expect(await orderCount()).toBe(before);
    });
  });
}

// Service confirmation and score on both backends: the demo rows; a confirmation on a signed contract
// gets the contract's supplier, the mean score and its rating; confirming makes it final; a contract not
// signed, a period the wrong way round and a score above 100 are refused in EN and TH with nothing saved;
// in the portal a supplier reads its own confirmed scores only (read only, row rule).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { CONTRACT, type Contract } from './contractHelpers.js';

const SERVICE = 'srmServer/v1/srmConServiceConfirmRestful';
type Service = {
  serviceConfirmId: number;
  confirmNumber: string;
  status: string;
  contractId: number;
  supplierId: number;
  totalScore: number;
  scoreLevel: string;
  confirmedDate: string | null;
  versionNum: number;
};

for (const backend of await backends()) {
  describe(`service confirmation and score on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let s1: SignedClient;
    let signed: Contract;
    let draft: Contract;
    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, s1] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01')]);
      const all = expectOk(await buyer.call<Contract[]>(`${CONTRACT}/listByPage`, { params: {}, pageRows: 100 }));
      signed = all.find((c) => c.status === 'SIGNED')!;
      draft = all.find((c) => c.status === 'DRAFT')!;
    });
    afterAll(async () => t?.stop());

    const body = (contractId: number, extra: Rec = {}) => ({
      contractId,
      periodFrom: '2026-11-01',
      periodTo: '2026-11-30',
      serviceContent: 'API test service',
      amount: 1200,
      qualityScore: 90,
      timelinessScore: 80,
      serviceScore: 71,
      ...extra,
    });

    it('the demo: confirmed and draft rows with their ratings', async () => {
      const rows = expectOk(await buyer.call<Service[]>(`${SERVICE}/listByPage`, { params: {}, pageRows: 50 }));
      const demo = rows.filter((r) => /^SC-2026-00000[123]$/.test(r.confirmNumber)).sort((a, b) => a.confirmNumber.localeCompare(b.confirmNumber));
      expect(demo.map((r) => [r.status, r.scoreLevel, r.totalScore])).toEqual([
        ['CONFIRMED', 'A', 92.33],
        ['DRAFT', 'B', 78.33],
        ['CONFIRMED', 'C', 63.33],
      ]);
    });

    it('saved on a signed contract: supplier, mean and rating kept by the server; confirmed it is final', async () => {
      const s = expectOk(await buyer.call<Service>(`${SERVICE}/saveOrUpdate`, body(signed.contractId)));
      expect(s).toMatchObject({ status: 'DRAFT', supplierId: signed.supplierId, totalScore: 80.33, scoreLevel: 'B' });
      expect(s.confirmNumber).toMatch(/^SC-\d{4}-\d{6}$/);
      const lower = expectOk(
        await buyer.call<Service>(`${SERVICE}/saveOrUpdate`, { serviceConfirmId: s.serviceConfirmId, versionNum: s.versionNum, qualityScore: 40 }),
      );
      expect(lower).toMatchObject({ totalScore: 63.67, scoreLevel: 'C' });
      const done = expectOk(await buyer.call<Service>(`${SERVICE}/doConfirm`, { id: s.serviceConfirmId }));
      expect(done.status).toBe('CONFIRMED');
      expect(done.confirmedDate).toMatch(/^\d{4}-\d{2}-\d{2} /);
      const final = 'The current status "Confirmed" does not allow changes or deletion';
      expectRefusal(
        await buyer.call(`${SERVICE}/saveOrUpdate`, { serviceConfirmId: s.serviceConfirmId, versionNum: done.versionNum, qualityScore: 100 }, { lang: 'EN' }),
        200,
        final,
      );
      expect(expectOk(await buyer.call<Service>(`${SERVICE}/findById`, { id: s.serviceConfirmId })).totalScore).toBe(63.67);
      expectRefusal(await buyer.call(`${SERVICE}/delete`, { id: s.serviceConfirmId }, { lang: 'EN' }), 200, final);
    });

    it('refusals in EN and TH, nothing saved', async () => {
      const before = expectOk(await buyer.call<Service[]>(`${SERVICE}/listByPage`, { params: {}, pageRows: 200 })).length;
      expectRefusal(
        await buyer.call(`${SERVICE}/saveOrUpdate`, body(draft.contractId), { lang: 'EN' }),
        200,
        `Contract ${draft.contractNumber} is not signed by both sides; its service cannot be confirmed`,
      );
      expectRefusal(
        await buyer.call(`${SERVICE}/saveOrUpdate`, body(draft.contractId), { lang: 'TH' }),
        200,
        `สัญญา ${draft.contractNumber} ยังไม่ได้ลงนามทั้งสองฝ่าย จึงยืนยันบริการไม่ได้`,
      );
      expectRefusal(
        await buyer.call(`${SERVICE}/saveOrUpdate`, body(signed.contractId, { periodFrom: '2026-12-01' }), { lang: 'EN' }),
        200,
        'The service end date cannot be before its start date',
      );
      expectRefusal(
        await buyer.call(`${SERVICE}/saveOrUpdate`, body(signed.contractId, { periodFrom: '2026-12-01' }), { lang: 'TH' }),
        200,
        'วันสิ้นสุดบริการต้องไม่ก่อนวันเริ่มต้น',
      );
      const over = await buyer.call(`${SERVICE}/saveOrUpdate`, body(signed.contractId, { serviceScore: 101 }), { lang: 'EN' });
      expect(over.status).toBe('E');
      expect(over.msg).toMatch(/100/);
      expect(expectOk(await buyer.call<Service[]>(`${SERVICE}/listByPage`, { params: {}, pageRows: 200 })).length).toBe(before);
    });

    it('the portal: a supplier reads its own confirmed scores only, never another supplier’s nor a draft; it cannot score', async () => {
      const all = expectOk(await buyer.call<Service[]>(`${SERVICE}/listByPage`, { params: {}, pageRows: 200 }));
      const supplier1 = s1.session!.supplierId!;
      const mine = expectOk(await s1.call<Service[]>(`${SERVICE}/listByPage`, { params: {}, pageRows: 200 }));
      const expected = all.filter((r) => r.supplierId === supplier1 && r.status === 'CONFIRMED').map((r) => r.serviceConfirmId);
      expect(expected.length).toBeGreaterThan(0);
      expect(mine.map((r) => r.serviceConfirmId).sort()).toEqual(expected.sort());
      expect(mine.every((r) => r.supplierId === supplier1 && r.status === 'CONFIRMED')).toBe(true);
      expect(mine.find((r) => r.confirmNumber === 'SC-2026-000001')).toMatchObject({ scoreLevel: 'A', totalScore: 92.33 });
      // Another supplier's confirmed score and its own draft: "does not exist", by id and by number.
      const others = all.find((r) => r.supplierId !== supplier1 && r.status === 'CONFIRMED')!;
      const ownDraft = all.find((r) => r.supplierId === supplier1 && r.status === 'DRAFT')!;
      for (const r of [others, ownDraft]) {
        expectRefusal(await s1.call(`${SERVICE}/findById`, { id: r.serviceConfirmId }), 200, /./);
        expect(expectOk(await s1.call<Service[]>(`${SERVICE}/listByPage`, { params: { confirmNumber: r.confirmNumber } }))).toEqual([]);
      }
      // Read only: no save, no confirmation, no delete from the portal.
      const own = expectOk(await s1.call<Service & Rec>(`${SERVICE}/findById`, { id: mine[0].serviceConfirmId }));
      expect((await s1.call(`${SERVICE}/saveOrUpdate`, { ...own, evaluation: 'rewritten' })).http).toBe(403);
      expect((await s1.call(`${SERVICE}/saveOrUpdate`, body(signed.contractId))).http).toBe(403);
      expect((await s1.call(`${SERVICE}/doConfirm`, { id: ownDraft.serviceConfirmId })).http).toBe(403);
      expect((await s1.call(`${SERVICE}/delete`, { ids: [mine[0].serviceConfirmId] })).http).toBe(403);
      expect(expectOk(await buyer.call<Service & Rec>(`${SERVICE}/findById`, { id: own.serviceConfirmId })).evaluation).toBe(own.evaluation);
    });
  });
}

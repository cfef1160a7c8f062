// A draft inquiry's lines from approved requisition lines: the picker offers approved lines only, the
// chosen ones come over with material, quantity, unit, required date and their source reference, a line
// held by an open inquiry is offered no more (and refused when asked for anyway), a cancelled inquiry gives
// it back, and a refused call writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { MATERIAL, PR, expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { unbindProcesses } from '../../../../tests/support/processes.js';
import { INQ, draftInquiry, fixture, type Fixture } from './support.js';

interface Option {
  requisitionId: number;
  requisitionNumber: string;
  requisitionLineId: number;
  lineNumber: number | null;
  materialId: number;
  materialIdDisplay: string | null;
  quantity: number;
  uomCode: string | null;
  needByDate: string;
}
interface Line {
  inquiryLineId: number;
  lineNumber: number;
  materialId: number;
  quantity: number;
  uomCode: string | null;
  requiredDate: string;
  requisitionLineId: number | null;
  requisitionNumber: string | null;
}
interface Requisition {
  requisitionId: number;
  requisitionNumber: string;
  versionNum: number;
  lines: { requisitionLineId: number }[];
}

for (const backend of await backends()) {
  describe(`inquiry lines from requisitions on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let approver: SignedClient;
    let f: Fixture;
    let materials: { materialId: number; uomCode: string | null }[];

    beforeAll(async () => {
      t = await startTestServer(backend);
      // The requisition is approved directly here (its demo approval process is not what this is about).
      await unbindProcesses(t.url, 'srmPoRequisition');
      const [b, s1, s2, a] = await Promise.all([
        signIn(t.url, 'buyer01'),
        signIn(t.url, 'supplier01'),
        signIn(t.url, 'supplier02'),
        signIn(t.url, 'approver01'),
      ]);
      [buyer, approver] = [b, a];
      f = await fixture(buyer, s1, s2);
      materials = expectOk(await buyer.call<{ materialId: number; uomCode: string | null }[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 3 }));
    });
    afterAll(async () => t?.stop());

    const requisition = async (approve: boolean): Promise<Requisition> => {
      const d = expectOk(
        await buyer.call<Requisition>(`${PR}/saveOrUpdate`, {
          title: uniq('PR'),
          requestDate: '2026-11-22',
          lines: [
            { materialId: materials[0].materialId, quantity: 12, needByDate: '2026-12-20' },
            { materialId: materials[1].materialId, quantity: 7.5, needByDate: '2027-01-15' },
          ],
        }),
      );
      if (!approve) return d;
      const s = expectOk(await buyer.call<Requisition>(`${PR}/doSubmit`, { id: d.requisitionId, versionNum: d.versionNum }));
      return expectOk(await approver.call<Requisition>(`${PR}/doApproval`, { id: s.requisitionId, versionNum: s.versionNum }));
    };
    const offered = async (search: string) => expectOk(await buyer.call<Option[]>(`${INQ}/requisitionLinesForInquiry`, { search }));
    const add = (id: number, requisitionLineIds: number[], lang?: string) =>
      buyer.call<{ lines: Line[]; versionNum: number }>(`${INQ}/doAddRequisitionLines`, { id, requisitionLineIds }, lang ? { lang } : {});
    const linesOf = async (id: number) => expectOk(await buyer.call<{ lines: Line[] }>(`${INQ}/findById`, { id })).lines;

    it('offers approved lines only, and copies the chosen ones with their reference', async () => {
      const pr = await requisition(true);
      const draftPr = await requisition(false);
      const options = await offered(pr.requisitionNumber);
      expect(options.map((o) => o.requisitionLineId).sort()).toEqual(pr.lines.map((l) => l.requisitionLineId).sort());
      expect(options[0]).toMatchObject({
        requisitionNumber: pr.requisitionNumber,
        materialId: materials[0].materialId,
        quantity: 12,
        needByDate: '2026-12-20',
      });
      expect(options[0].materialIdDisplay).toBeTruthy();
      expect(await offered(draftPr.requisitionNumber)).toEqual([]);

      const inq = await draftInquiry(buyer, f);
      const after = expectOk(await add(inq.inquiryId, [options[1].requisitionLineId, options[0].requisitionLineId]));
      const fromPr = after.lines.filter((l) => l.requisitionLineId !== null);
      expect(after.lines).toHaveLength(4);
      expect(fromPr.map((l) => [l.materialId, Number(l.quantity), l.uomCode, l.requiredDate.slice(0, 10), l.requisitionNumber])).toEqual([
        [materials[1].materialId, 7.5, materials[1].uomCode, '2027-01-15', pr.requisitionNumber],
        [materials[0].materialId, 12, materials[0].uomCode, '2026-12-20', pr.requisitionNumber],
      ]);
      // Numbered after the hand-typed lines.
      expect(fromPr.map((l) => l.lineNumber)).toEqual([30, 40]);
      // A normal save keeps the reference (the field is read-only to the wire).
      const saved = expectOk(
        await buyer.call<{ lines: Line[] }>(`${INQ}/saveOrUpdate`, {
          ...(expectOk(await buyer.call<Rec>(`${INQ}/findById`, { id: inq.inquiryId })) as Rec),
          lines: after.lines.map((l) => ({ ...l, requisitionLineId: 1, requisitionNumber: 'FORGED' })),
        }),
      );
      expect(saved.lines.filter((l) => l.requisitionNumber === pr.requisitionNumber)).toHaveLength(2);
    });

    it('a line held by an open inquiry is not offered again and is refused; a cancelled inquiry gives it back', async () => {
      const pr = await requisition(true);
      const [first, second] = pr.lines.map((l) => l.requisitionLineId);
      const a = await draftInquiry(buyer, f);
      expectOk(await add(a.inquiryId, [first]));
      expect((await offered(pr.requisitionNumber)).map((o) => o.requisitionLineId)).toEqual([second]);

      const b = await draftInquiry(buyer, f);
      expectRefusal(await add(b.inquiryId, [second, first]), 200, `Line 10 of requisition ${pr.requisitionNumber} is already in another request for quotation`);
      const cn = await add(b.inquiryId, [first], 'CN');
      expectRefusal(cn, 200, `采购申请 ${pr.requisitionNumber} 第 10 行已在其他询价单中`);
      // All or nothing: the free line was not added either.
      expect((await linesOf(b.inquiryId)).filter((l) => l.requisitionLineId !== null)).toEqual([]);

      const current = expectOk(await buyer.call<{ versionNum: number }>(`${INQ}/findById`, { id: a.inquiryId }));
      expectOk(await buyer.call(`${INQ}/doCancel`, { id: a.inquiryId, versionNum: current.versionNum }));
      expect((await offered(pr.requisitionNumber)).map((o) => o.requisitionLineId).sort()).toEqual([first, second].sort());
      expectOk(await add(b.inquiryId, [first, second]));
    });

    it('refuses unapproved lines, an empty choice and a published inquiry', async () => {
      const draftPr = await requisition(false);
      const inq = await draftInquiry(buyer, f);
      expectRefusal(await add(inq.inquiryId, [draftPr.lines[0].requisitionLineId]), 200, /does not exist or is not approved/);
      expectRefusal(await add(inq.inquiryId, []), 200, /choose the requisition lines/);
      const pr = await requisition(true);
      const published = expectOk(await buyer.call<{ inquiryId: number }>(`${INQ}/doPublish`, { id: inq.inquiryId, versionNum: inq.versionNum }));
      expectRefusal(await add(published.inquiryId, [pr.lines[0].requisitionLineId], 'TH'), 200, /ฉบับร่าง/);
      expect((await linesOf(inq.inquiryId)).every((l) => l.requisitionLineId === null)).toBe(true);
    });
  });
}

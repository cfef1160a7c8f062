// Header/line document with a status machine: srmPoRequisitionRestful, created by buyer01 and decided
// by approver01, every refusal followed by a re-read that proves nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { unbindProcesses } from '../../../../tests/support/processes.js';
import { DATETIME, MATERIAL, PR, expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';

interface Line {
  requisitionLineId: number;
  requisitionId: number;
  lineNumber: number | null;
  materialId: number;
  materialIdDisplay: string | null;
  quantity: number;
  uomCode: string | null;
  needByDate: string;
  remark: string | null;
  versionNum: number;
}

interface Requisition {
  requisitionId: number;
  requisitionNumber: string;
  title: string;
  status: string;
  requestDate: string;
  currencyCode: string;
  submittedDate: string | null;
  approvedBy: number | null;
  approvedDate: string | null;
  versionNum: number;
  createdBy: number;
  lines: Line[];
}

interface Material {
  materialId: number;
  materialCode: string;
  materialName: string;
  uomCode: string;
}

for (const backend of await backends()) {
  describe(`requisition on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let approver: SignedClient;
    let approver2: SignedClient;
    let materials: Material[];

    beforeAll(async () => {
      t = await startTestServer(backend);
      // Direct approve/reject are what these tests are about: the demo's PR_APPROVAL process is off here.
      await unbindProcesses(t.url, 'srmPoRequisition');
      [buyer, approver, approver2] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'approver01'), signIn(t.url, 'approver01')]);
      materials = expectOk(await buyer.call<Material[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 10 }));
      expect(materials.length).toBe(10);
    });
    afterAll(async () => t?.stop());

    const find = (c: SignedClient, id: number) => c.call<Requisition>(`${PR}/findById`, { id });
    const reread = async (id: number) => expectOk(await find(buyer, id));
    const save = (rec: Rec) => buyer.call<Requisition>(`${PR}/saveOrUpdate`, rec);
    const act = (c: SignedClient, action: string, body: Rec) => c.call<Requisition>(`${PR}/${action}`, body);
    const byTitle = async (title: string) =>
      expectOk(await buyer.call<Requisition[]>(`${PR}/listByPage`, { params: { title } })).filter((r) => r.title === title);
    const line = (i: number, extra: Rec = {}) => ({ materialId: materials[i].materialId, quantity: 10 + i, needByDate: '2026-12-31', ...extra });
    const draft = async (title = uniq('PR')) => expectOk(await save({ title, requestDate: '2026-11-22', lines: [line(0), line(1)] }));
    const submitted = async () => {
      const d = await draft();
      return expectOk(await act(buyer, 'doSubmit', { id: d.requisitionId, versionNum: d.versionNum }));
    };

    it('creates a DRAFT with a generated number and two lines shown with their material', async () => {
      const title = uniq('PR');
      const pr = expectOk(
        await save({
          title,
          requestDate: '2026-11-22',
          status: 'APPROVED',
          requisitionNumber: 'HACK-1',
          approvedBy: 1,
          lines: [line(0), line(1, { uomCode: 'KG', remark: 'r' })],
        }),
      );
      const year = new Date().getFullYear();
      expect(pr.requisitionNumber).toMatch(new RegExp(`^PR-${year}-\\d{6}$`));
      expect(pr).toMatchObject({
        title,
        status: 'DRAFT',
        requestDate: '2026-11-22',
        currencyCode: 'CNY',
        submittedDate: null,
        approvedBy: null,
        approvedDate: null,
        versionNum: 1,
        createdBy: buyer.session!.userId,
      });
      expect(pr.lines.map((l) => [l.materialId, l.materialIdDisplay, l.quantity, l.needByDate, l.uomCode, l.requisitionId])).toEqual([
        // A line without a unit takes its material's (the line field's `fills`); a unit given is kept.
        [materials[0].materialId, `${materials[0].materialCode} ${materials[0].materialName}`, 10, '2026-12-31', materials[0].uomCode, pr.requisitionId],
        [materials[1].materialId, `${materials[1].materialCode} ${materials[1].materialName}`, 11, '2026-12-31', 'KG', pr.requisitionId],
      ]);
      expect(await reread(pr.requisitionId)).toEqual(pr);
      // Numbers are consecutive and unique.
      const next = await draft();
      const n = (s: string) => Number(s.slice(-6));
      expect(n(next.requisitionNumber)).toBe(n(pr.requisitionNumber) + 1);
      // The list shows the header without lines.
      const listed = await byTitle(title);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ requisitionId: pr.requisitionId, requisitionNumber: pr.requisitionNumber, status: 'DRAFT' });
    });

    it('update replaces the lines: one kept and updated, one removed, one added', async () => {
      const pr = await draft();
      const [keep, drop] = pr.lines;
      const upd = expectOk(await save({ ...pr, title: `${pr.title}-2`, lines: [{ ...keep, quantity: 7.5 }, line(2, { remark: 'new' })] }));
      expect(upd.versionNum).toBe(2);
      expect(upd.title).toBe(`${pr.title}-2`);
      expect(upd.lines).toHaveLength(2);
      expect(upd.lines[0]).toMatchObject({ requisitionLineId: keep.requisitionLineId, quantity: 7.5, materialId: keep.materialId, versionNum: 2 });
      expect(upd.lines[1].requisitionLineId).not.toBe(drop.requisitionLineId);
      expect(upd.lines[1].requisitionLineId).not.toBe(keep.requisitionLineId);
      // Lines saved without a number are numbered after the highest one on the document.
      expect(pr.lines.map((l) => l.lineNumber)).toEqual([10, 20]);
      expect(upd.lines.map((l) => l.lineNumber)).toEqual([10, 30]);
      expect(upd.lines[1]).toMatchObject({ materialId: materials[2].materialId, quantity: 12, remark: 'new', versionNum: 1 });
      expect(upd.lines.map((l) => l.requisitionLineId)).not.toContain(drop.requisitionLineId);
      expect(await reread(pr.requisitionId)).toEqual(upd);
      // An update without `lines` leaves them as they are.
      const headerOnly = expectOk(await save({ requisitionId: pr.requisitionId, versionNum: upd.versionNum, title: 'header only' }));
      expect(headerOnly.lines).toEqual(upd.lines);
    });

    it('refuses zero lines (minLines 1) and saves nothing', async () => {
      const title = uniq('PR');
      expectRefusal(await save({ title, requestDate: '2026-11-22', lines: [] }), 200, 'Lines needs at least 1 line(s)');
      expectRefusal(await save({ title, requestDate: '2026-11-22' }), 200, 'Lines needs at least 1 line(s)');
      expectRefusal(await buyer.call(`${PR}/saveOrUpdate`, { title, requestDate: '2026-11-22', lines: [] }, { lang: 'TH' }), 200, 'รายการต้องมีอย่างน้อย 1 รายการ');
      expect(await byTitle(title)).toEqual([]);
      // Nor may an update remove every line.
      const pr = await draft();
      expectRefusal(await save({ ...pr, lines: [] }), 200, 'Lines needs at least 1 line(s)');
      expect(await reread(pr.requisitionId)).toEqual(pr);
    });

    it('refuses a line with a bad material with a "Line n" message and saves no header', async () => {
      const title = uniq('PR');
      const bad = await save({ title, requestDate: '2026-11-22', lines: [line(0), { materialId: 987654321, quantity: 1, needByDate: '2026-12-31' }] });
      expectRefusal(bad, 200, 'Line 2: The record Material refers to does not exist');
      const badQty = await save({ title, requestDate: '2026-11-22', lines: [{ materialId: materials[0].materialId, quantity: 0, needByDate: '2026-12-31' }] });
      expectRefusal(badQty, 200, 'Line 1: Quantity must not be less than 0.0001');
      const noDate = await save({ title, requestDate: '2026-11-22', lines: [line(0), line(1, { needByDate: undefined })] });
      expectRefusal(noDate, 200, 'Line 2: Need-by date is required');
      expect(await byTitle(title)).toEqual([]);
      const pr = await draft();
      expectRefusal(
        await save({ ...pr, title: 'changed', lines: [pr.lines[0], { ...pr.lines[1], materialId: 987654321 }] }),
        200,
        'Line 2: The record Material refers to does not exist',
      );
      expect(await reread(pr.requisitionId)).toEqual(pr);
    });

    it('doSubmit moves DRAFT to SUBMITTED and stamps submittedDate; edits and deletes are then refused', async () => {
      const d = await draft();
      const s = expectOk(await act(buyer, 'doSubmit', { id: d.requisitionId, versionNum: d.versionNum }));
      expect(s).toMatchObject({ requisitionId: d.requisitionId, status: 'SUBMITTED', versionNum: d.versionNum + 1, approvedBy: null });
      expect(s.submittedDate).toMatch(DATETIME);
      expect(s.lines).toEqual(d.lines);
      const notEditable = 'The current status "Submitted" does not allow changes or deletion';
      expectRefusal(await save({ ...s, title: 'edit after submit' }), 200, notEditable);
      expectRefusal(await buyer.call(`${PR}/delete`, { id: s.requisitionId }), 200, notEditable);
      expectRefusal(await buyer.call(`${PR}/saveOrUpdate`, { ...s, title: 'x' }, { lang: 'TH' }), 200, 'สถานะปัจจุบัน "ส่งแล้ว" ไม่อนุญาตให้แก้ไขหรือลบ');
      expectRefusal(await act(buyer, 'doSubmit', { id: s.requisitionId }), 200, 'This action is not allowed in the current status "Submitted"');
      expect(await reread(s.requisitionId)).toEqual(s);
    });

    it('buyer01 cannot approve (403, no btnApprove); approver01 approves; approving again is refused', async () => {
      const s = await submitted();
      expectRefusal(await act(buyer, 'doApproval', { id: s.requisitionId }), 403, 'You are not permitted to do this');
      expectRefusal(await act(buyer, 'doReject', { id: s.requisitionId }), 403, 'You are not permitted to do this');
      expect(await reread(s.requisitionId)).toEqual(s);
      // approver01 may not create or submit.
      expectRefusal(
        await approver.call(`${PR}/saveOrUpdate`, { title: 'x', requestDate: '2026-11-22', lines: [line(0)] }),
        403,
        'You are not permitted to do this',
      );

      const a = expectOk(await act(approver, 'doApproval', { id: s.requisitionId, versionNum: s.versionNum }));
      expect(a).toMatchObject({ status: 'APPROVED', approvedBy: approver.session!.userId, versionNum: s.versionNum + 1, submittedDate: s.submittedDate });
      expect(a.approvedDate).toMatch(DATETIME);
      expectRefusal(await act(approver, 'doApproval', { id: s.requisitionId }), 200, 'This action is not allowed in the current status "Approved"');
      expectRefusal(await act(approver, 'doReject', { id: s.requisitionId }), 200, 'This action is not allowed in the current status "Approved"');
      expectRefusal(
        await approver.call(`${PR}/doApproval`, { id: s.requisitionId }, { lang: 'VN' }),
        200,
        /^Không thể thực hiện thao tác này ở trạng thái hiện tại ".+"$/,
      );
      expect(await reread(s.requisitionId)).toEqual(a);
      expectRefusal(await act(approver, 'doApproval', { id: 987654321 }), 200, 'Purchase requisition does not exist or has been deleted');
    });

    it('doReject from SUBMITTED gives REJECTED, which may be edited and submitted again', async () => {
      const s = await submitted();
      const r = expectOk(await act(approver, 'doReject', { id: s.requisitionId }));
      expect(r).toMatchObject({ status: 'REJECTED', approvedBy: null, approvedDate: null, versionNum: s.versionNum + 1 });
      const e = expectOk(await save({ ...r, title: `${r.title}-fixed` }));
      expect(e).toMatchObject({ status: 'REJECTED', versionNum: r.versionNum + 1 });
      const again = expectOk(await act(buyer, 'doSubmit', { id: r.requisitionId, versionNum: e.versionNum }));
      expect(again).toMatchObject({ status: 'SUBMITTED', title: `${r.title}-fixed`, versionNum: e.versionNum + 1 });
      expect(again.submittedDate).toMatch(DATETIME);
    });

    it('two concurrent doApproval calls from two approver sessions: exactly one succeeds', async () => {
      const s = await submitted();
      const answers = await Promise.all([act(approver, 'doApproval', { id: s.requisitionId }), act(approver2, 'doApproval', { id: s.requisitionId })]);
      const ok = answers.filter((a) => a.status === 'S');
      const refused = answers.filter((a) => a.status === 'E');
      expect(ok).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expectRefusal(
        refused[0],
        200,
        /^(This action is not allowed in the current status "Approved"|Someone else has changed this record; reload it and try again)$/,
      );
      const after = await reread(s.requisitionId);
      expect(after).toMatchObject({ status: 'APPROVED', versionNum: s.versionNum + 1 });
      expect(after).toEqual(ok[0].data);
    });

    it('a stale versionNum on doSubmit is refused and the document stays DRAFT', async () => {
      const d = await draft();
      const v2 = expectOk(await save({ ...d, title: `${d.title}-v2` }));
      expectRefusal(
        await act(buyer, 'doSubmit', { id: d.requisitionId, versionNum: d.versionNum }),
        200,
        'Someone else has changed this record; reload it and try again',
      );
      expectRefusal(await act(buyer, 'doSubmit', { id: d.requisitionId, versionNum: 'x' }), 200, 'An update must carry versionNum');
      expect(await reread(d.requisitionId)).toEqual(v2);
    });

    it('concurrent creations get distinct consecutive numbers', async () => {
      const made = await Promise.all([1, 2, 3, 4].map(() => draft()));
      const nums = made.map((r) => Number(r.requisitionNumber.slice(-6))).sort((a, b) => a - b);
      expect(new Set(nums).size).toBe(4);
      expect(nums[3] - nums[0]).toBe(3);
    });

    it('a DRAFT can be deleted with its lines', async () => {
      const d = await draft();
      expect(expectOk(await buyer.call(`${PR}/delete`, { id: d.requisitionId }))).toBeNull();
      expectRefusal(await find(buyer, d.requisitionId), 200, 'Purchase requisition does not exist or has been deleted');
    });
    describe('regressions of bugs found by this suite', () => {
      it('write.ts prepareLines: lines [null] passes minLines 1 and saves a requisition with zero lines', async () => {
        const title = uniq('PR');
        const a = await save({ title, requestDate: '2026-11-22', lines: [null] });
        expect(await byTitle(title)).toEqual([]);
        expectRefusal(a, 200, /.+/);
      });

      it('write.ts saveLines: a line key not of this document, sent with partial fields, gives HTTP 500 (NOT NULL) instead of a "Line n" refusal', async () => {
        const pr = await draft();
        const a = await save({ requisitionId: pr.requisitionId, versionNum: pr.versionNum, lines: [{ requisitionLineId: 987654321, quantity: 3 }] });
        expect(await reread(pr.requisitionId)).toEqual(pr);
        expectRefusal(a, 200, /^Line 1: /);
      });

      it('values.ts convertValue(decimal): 1e300 passes the digit check (toString gives "1e+300") and gives HTTP 500 (numeric overflow)', async () => {
        const title = uniq('PR');
        const a = await save({ title, requestDate: '2026-11-22', lines: [line(0, { quantity: 1e300 })] });
        expect(await byTitle(title)).toEqual([]);
        expectRefusal(a, 200, 'Line 1: Quantity has more digits than allowed');
      });

      it('migrations: no foreign keys, so a material used by a requisition line can be deleted (rest.inUse never fires)', async () => {
        const m = expectOk(await buyer.call<Material>(`${MATERIAL}/saveOrUpdate`, { materialCode: uniq('M'), materialName: 'in use', uomCode: 'KG' }));
        const pr = expectOk(
          await save({ title: uniq('PR'), requestDate: '2026-11-22', lines: [{ materialId: m.materialId, quantity: 1, needByDate: '2026-12-31' }] }),
        );
        const del = await buyer.call(`${MATERIAL}/delete`, { id: m.materialId });
        expect(expectOk(await buyer.call<Material>(`${MATERIAL}/findById`, { id: m.materialId })).materialId).toBe(m.materialId);
        expect(await reread(pr.requisitionId)).toEqual(pr);
        expectRefusal(del, 200, 'This record is used by other documents and cannot be deleted');
      });
    });
  });
}

// The module hooks end to end on a real server: approving a requisition runs the requisition module's
// afterTransition inside the transaction and raises `requisition.approved`, which another module's
// subscriber receives only after the commit (it reads the approved row) and never for a refused
// transition; the other module reads the lines through the requisition module's declared API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { unbindProcesses } from '../../../../tests/support/processes.js';
import { MATERIAL, PR, expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { discoverModules } from '../../../../server/modules/discover.js';
import { defineModule, type ServerModule } from '../../../../server/modules/types.js';
import { refuse } from '../../../../server/errors.js';
import type { ApprovedLine, RequisitionApi } from '../../api.js';

const root = new URL('../../../..', import.meta.url).pathname;

interface Heard {
  requisitionId: number;
  requisitionNumber: string;
  statusSeenBySubscriber: string;
  lines: ApprovedLine[];
}

for (const backend of await backends()) {
  describe(`requisition hooks and events on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let approver: SignedClient;
    const heard: Heard[] = [];
    const transitioned: string[] = [];
    let refuseApproval = false;

    beforeAll(async () => {
      const shipped = await discoverModules(root);
      // The shipped requisition module with one more rule (a module may register several), and a
      // listening module standing in for sourcing.
      const requisition = shipped.find((m) => m.name === 'requisition')!;
      const strict: ServerModule = {
        ...requisition,
        rules: {
          srmPoRequisition: {
            ...requisition.rules!.srmPoRequisition,
            async beforeTransition(_ctx, _db, step) {
              if (refuseApproval && step.to === 'APPROVED') throw refuse('rest.stale');
            },
          },
        },
      };
      const listener = defineModule({
        name: 'listener',
        dependsOn: ['requisition'],
        subscribers: {
          'requisition.approved': async (p, ctx) => {
            // After the commit: a fresh connection sees the approved row.
            const status = (await sql<{ s: string }>`select status as s from srm_po_requisition where requisition_id = ${p.requisitionId}`.execute(ctx.db))
              .rows[0].s;
            const lines = await ctx.modules.api<RequisitionApi>('requisition').approvedLines(p.requisitionId);
            heard.push({ ...p, statusSeenBySubscriber: status, lines });
          },
          'entity.transitioned': async (p) => {
            transitioned.push(`${p.entity}:${p.action}:${p.from}→${p.to}`);
          },
        },
      });
      t = await startTestServer(backend, {}, { modules: [...shipped.filter((m) => m.name !== 'requisition'), strict, listener] });
      // Direct approve/reject are what these tests are about: the demo's PR_APPROVAL process is off here.
      await unbindProcesses(t.url, 'srmPoRequisition');
      const order = t.app.ctx.modules.modules.map((m) => m.name);
      expect(order.indexOf('listener')).toBeGreaterThan(order.indexOf('requisition'));
      [buyer, approver] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'approver01')]);
    });
    afterAll(async () => t?.stop());

    async function submitted(): Promise<Rec> {
      const materials = expectOk(await buyer.call<Rec[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 2 }));
      const lines = materials.map((m, i) => ({ materialId: m.materialId, quantity: 5 + i, needByDate: '2026-12-31' }));
      const d = expectOk(await buyer.call<Rec>(`${PR}/saveOrUpdate`, { title: uniq('EVT'), requestDate: '2026-11-25', lines }));
      return expectOk(await buyer.call<Rec>(`${PR}/doSubmit`, { id: d.requisitionId, versionNum: d.versionNum }));
    }

    it('an approval is told after its commit, with the lines read through the declared API', async () => {
      const s = await submitted();
      heard.length = 0;
      transitioned.length = 0;
      const a = expectOk(await approver.call<Rec>(`${PR}/doApproval`, { id: s.requisitionId, versionNum: s.versionNum }));
      expect(a.status).toBe('APPROVED');
      expect(heard).toEqual([
        {
          requisitionId: s.requisitionId,
          requisitionNumber: s.requisitionNumber,
          approvedBy: approver.session!.userId,
          statusSeenBySubscriber: 'APPROVED',
          lines: [expect.objectContaining({ quantity: 5, needByDate: '2026-12-31' }), expect.objectContaining({ quantity: 6 })],
        },
      ]);
      expect(transitioned).toEqual(['srmPoRequisition:doApproval:SUBMITTED→APPROVED']);
    });

    it('a transition refused by a rule changes nothing and tells no one', async () => {
      const s = await submitted();
      heard.length = 0;
      transitioned.length = 0;
      refuseApproval = true;
      try {
        expectRefusal(await approver.call(`${PR}/doApproval`, { id: s.requisitionId, versionNum: s.versionNum }), 200, /.+/);
      } finally {
        refuseApproval = false;
      }
      expect(expectOk(await buyer.call<Rec>(`${PR}/findById`, { id: s.requisitionId })).status).toBe('SUBMITTED');
      expect(heard).toEqual([]);
      expect(transitioned).toEqual([]);
      // A rejection is an ordinary transition: told as such, not as an approval.
      expectOk(await approver.call(`${PR}/doReject`, { id: s.requisitionId }));
      expect(heard).toEqual([]);
      expect(transitioned).toEqual(['srmPoRequisition:doReject:SUBMITTED→REJECTED']);
    });

    it('the declared API answers nothing for a requisition that is not approved', async () => {
      const s = await submitted();
      expect(await t.app.ctx.modules.api<RequisitionApi>('requisition').approvedLines(Number(s.requisitionId))).toEqual([]);
    });
  });
}

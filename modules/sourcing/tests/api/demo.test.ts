// The demo company's inquiries: one in every state, supplier01's open quote sealed from the buyer, the
// past-deadline one ready to compare, the awarded one with its price items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn } from '../../../../tests/support/apiHelpers.js';
import { INQ, PRICE, QUO, type Inquiry } from './support.js';

for (const backend of await backends()) {
  describe(`sourcing demo on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let s1: SignedClient;
    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, s1] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01')]);
    });
    afterAll(async () => t?.stop());

    it('holds inquiries in every state', async () => {
      const all = expectOk(await buyer.call<Inquiry[]>(`${INQ}/listByPage`, { params: { inquiryNumber: 'RFQ-2026-0000' }, pageRows: 50 }));
      expect(new Set(all.map((i) => i.status))).toEqual(new Set(['DRAFT', 'PUBLISHED', 'OPENED', 'APPROVING', 'AWARDED', 'CANCELLED']));
      const published = all.filter((i) => i.status === 'PUBLISHED');
      const answers = await Promise.all(published.map((i) => buyer.call<{ lines: { offers: unknown[] }[] }>(`${INQ}/sourceSummary`, { id: i.inquiryId })));
      // One open (sealed); past their deadlines with two quotes per line: one to compare, one whose award was rejected.
      expect(answers.filter((a) => a.status === 'E')).toHaveLength(1);
      expectRefusal(
        answers.find((a) => a.status === 'E')!,
        200,
        /sealed/,
      );
      expect(answers.filter((a) => a.status === 'S').map((a) => a.data!.lines[0].offers.length)).toEqual([2, 2]);
      const awarded = all.find((i) => i.status === 'AWARDED')!;
      const items = expectOk(await buyer.call<unknown[]>(`${PRICE}/listByPage`, { params: { sourceInquiryId: awarded.inquiryId } }));
      expect(items).toHaveLength(3);
      // The award in approval: approver01's open SRC_AWARD task, the proposal on the comparison; the
      // rejected one: back to PUBLISHED with approver01's comment.
      const approving = all.find((i) => i.status === 'APPROVING')!;
      const approver = await signIn(t.url, 'approver01');
      const tasks = expectOk(
        await approver.call<{ entity: string; businessId: number }[]>('bpmServer/v1/bpmTaskRestful/findTodoTasks', { params: {}, pageRows: 200 }),
      );
      expect(tasks.some((x) => x.entity === 'srmSrcInquiry' && x.businessId === approving.inquiryId)).toBe(true);
      type Proposed = { awardRejectReason: string | null; lines: { offers: { proposedQuantity: number | null }[] }[] };
      const proposed = expectOk(await buyer.call<Proposed>(`${INQ}/sourceSummary`, { id: approving.inquiryId }));
      expect(proposed.lines[0].offers.map((o) => o.proposedQuantity).sort()).toEqual([2000, 3000]);
      expect(answers.some((a) => a.status === 'S' && a.data && (a.data as unknown as Proposed).awardRejectReason)).toBe(true);
      const bids = expectOk(await s1.call<{ status: string; quoteStatus: string; canQuote: boolean }[]>(`${QUO}/listByPageForBid`, { params: {} }));
      expect(bids.some((b) => b.canQuote && b.quoteStatus === 'QUOTED')).toBe(true);
      expect(bids.some((b) => b.status === 'DRAFT')).toBe(false);
    });

    it('has offer templates, inquiries using each, and an opened inquiry with its record', async () => {
      const templates = expectOk(
        await buyer.call<{ offerTemplateId: number; templateCode: string; enabledFlag: string }[]>('srmServer/v1/srmSrcOfferTemplateRestful/listByPage', {
          params: {},
          pageRows: 50,
        }),
      );
      expect(templates.map((x) => x.templateCode)).toEqual(expect.arrayContaining(['STANDARD', 'LADDER', 'FULL', 'OLD2025']));
      expect(templates.find((x) => x.templateCode === 'OLD2025')?.enabledFlag).toBe('N');
      type Row = Inquiry & { offerTemplateId: number; offerRules: string | null; bidOpeningRecord: string | null };
      const all = expectOk(await buyer.call<Row[]>(`${INQ}/listByPage`, { params: { inquiryNumber: 'RFQ-2026-0000' }, pageRows: 50 }));
      const used = new Set(all.map((i) => templates.find((x) => x.offerTemplateId === i.offerTemplateId)?.templateCode));
      expect([...used].sort()).toEqual(['FULL', 'LADDER', 'STANDARD']);
      const opened = all.find((i) => i.status === 'OPENED')!;
      const full = expectOk(await buyer.call<Row>(`${INQ}/findById`, { id: opened.inquiryId }));
      const record = JSON.parse(full.bidOpeningRecord!) as { roundNumber: number; suppliers: { result: string; total: number | null }[] }[];
      expect(record).toHaveLength(1);
      expect(record[0].suppliers.map((x) => x.result)).toEqual(['QUOTED', 'NO_ANSWER']);
      expect(record[0].suppliers[0].total).toBeGreaterThan(0);
      // Opened once: a second opening is refused.
      expectRefusal(await buyer.call(`${INQ}/doBidOpening`, { id: opened.inquiryId }, { lang: 'EN' }), 200, /already opened/);
    });
  });
}

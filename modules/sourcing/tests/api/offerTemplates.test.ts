// Offer templates (issue 16): an inquiry's template decides which quote fields a supplier fills; the
// server refuses a submit missing a required one (naming line and field, CN and TH) and any field the
// template hides; publishing copies the rules, so a later template edit does not change a running inquiry;
// CONTRACT.md's quote shape works with the default template; required files; the comparison shows the
// fields asked for.
import { describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { PDF, upload } from '../../../../tests/support/fileUpload.js';
import { INQ, QUO, draftInquiry, passDeadline, type Inquiry, sourcingWorld } from './support.js';

const TPL = 'srmServer/v1/srmSrcOfferTemplateRestful';
type Mode = 'HIDDEN' | 'OPTIONAL' | 'REQUIRED';
type Template = { offerTemplateId: number; templateCode: string; versionNum: number } & Rec;
type Rules = Record<string, Mode>;

for (const backend of await backends()) {
  describe(`offer templates on ${backend}`, () => {
    const w = sourcingWorld(backend);

    const template = async (modes: Partial<Record<string, Mode>>, extra: Rec = {}) =>
      expectOk(
        await w.buyer.call<Template>(`${TPL}/saveOrUpdate`, {
          templateCode: uniq('T').slice(0, 30),
          templateName: uniq('模板'),
          enabledFlag: 'Y',
          ladderMode: 'OPTIONAL',
          deliveryDaysMode: 'OPTIONAL',
          validToMode: 'OPTIONAL',
          freightMode: 'OPTIONAL',
          taxRateMode: 'OPTIONAL',
          remarkMode: 'OPTIONAL',
          attachmentMode: 'OPTIONAL',
          ...modes,
          ...extra,
        }),
      );
    const publish = async (extra: Rec = {}) => {
      const d = await draftInquiry(w.buyer, w.f, extra);
      return expectOk(
        await w.buyer.call<Inquiry & { offerRules: string; offerTemplateId: number }>(`${INQ}/doPublish`, { id: d.inquiryId, versionNum: d.versionNum }),
      );
    };
    const offer = (c: SignedClient, inq: Inquiry, lines: Rec[], extra: Rec = {}, lang = 'EN') =>
      c.call<Rec>(
        `${QUO}/doSupplierOfferPrice`,
        { inquiryId: inq.inquiryId, lines: lines.map((l, i) => ({ lineId: inq.lines[i].inquiryLineId, ...l })), ...extra },
        { lang },
      );

    it('gives a new inquiry the standard template; the contract shape quotes; missing delivery days refused in CN and TH', async () => {
      const standard = expectOk(await w.buyer.call<Template[]>(`${TPL}/listByPage`, { params: { templateCode: 'STANDARD' } }))[0];
      const inq = await publish();
      expect(inq.offerTemplateId).toBe(standard.offerTemplateId);
      expect(JSON.parse(inq.offerRules)).toMatchObject({ deliveryDays: 'REQUIRED', ladders: 'OPTIONAL' });
      // CONTRACT.md: {inquiryId, lines: [{lineId, price, deliveryDays, ladders?}]}
      expectOk(
        await w.s1.call(`${QUO}/doSupplierOfferPrice`, {
          inquiryId: inq.inquiryId,
          lines: [
            { lineId: inq.lines[0].inquiryLineId, price: 10, deliveryDays: 5, ladders: [{ fromQuantity: 50, price: 9 }] },
            { lineId: inq.lines[1].inquiryLineId, price: 20, deliveryDays: 6 },
          ],
        }),
      );
      const cn = await offer(w.s2, inq, [{ price: 11, deliveryDays: 3 }, { price: 21 }], {}, 'CN');
      expectRefusal(cn, 200, /第 20 行.*交货天数/);
      const th = await offer(w.s2, inq, [{ price: 11, deliveryDays: 3 }, { price: 21 }], {}, 'TH');
      expectRefusal(th, 200, /รายการ 20.*จำนวนวันส่งมอบ/);
      // A draft may be incomplete; nothing of the refused submits was kept.
      const draft = expectOk(await offer(w.s2, inq, [{ price: 11 }, { price: 21 }], { submit: false }));
      expect(draft.status).toBe('DRAFT');
    });

    it('refuses a required field missing and a hidden one sent; the comparison shows what was asked', async () => {
      const tpl = await template({ freightMode: 'REQUIRED', remarkMode: 'REQUIRED', taxRateMode: 'HIDDEN', ladderMode: 'HIDDEN', validToMode: 'REQUIRED' });
      const inq = await publish({ offerTemplateId: tpl.offerTemplateId });
      const full = { deliveryDays: 7, freight: 50, remark: '含包装', validTo: '2027-06-30' };
      // Freight missing on line 20: refused naming the line and the field, in CN and TH.
      const lines = [
        { price: 10, ...full },
        { price: 20, deliveryDays: 7, remark: 'x', validTo: '2027-06-30' },
      ];
      expectRefusal(await offer(w.s1, inq, lines, {}, 'CN'), 200, /第 20 行.*运费/);
      expectRefusal(await offer(w.s1, inq, lines, {}, 'TH'), 200, /รายการ 20.*ค่าขนส่ง/);
      // Hidden fields are refused (not silently dropped), even on a draft.
      expectRefusal(
        await offer(
          w.s1,
          inq,
          [
            { price: 10, ...full, taxRate: 13 },
            { price: 20, ...full },
          ],
          {},
          'CN',
        ),
        200,
        /第 10 行.*不收集“税率”/,
      );
      expectRefusal(
        await offer(
          w.s1,
          inq,
          [
            { price: 10, ...full, ladders: [{ fromQuantity: 10, price: 9 }] },
            { price: 20, ...full },
          ],
          { submit: false },
          'EN',
        ),
        200,
        /Line 10.*ladder prices/,
      );
      expectRefusal(
        await offer(
          w.s1,
          inq,
          [
            { price: 10, ...full },
            { price: 20, ...full },
          ],
          { taxRate: 7 },
          'EN',
        ),
        200,
        /does not ask for tax rate/,
      );
      // A quotation-wide value counts for every line (freight and validity given once).
      expectOk(
        await offer(
          w.s1,
          inq,
          [
            { price: 10, deliveryDays: 7, freight: 50, remark: 'a' },
            { price: 20, deliveryDays: 8, remark: 'b' },
          ],
          { freight: 80, validTo: '2027-06-30' },
        ),
      );
      await passDeadline(w.t, inq.inquiryId);
      type Cmp = {
        offerRules: Rules;
        lines: { offers: { freight: number | null; remark: string | null; validTo: string | null; taxRate: number | null }[] }[];
      };
      const cmp = expectOk(await w.buyer.call<Cmp>(`${INQ}/sourceSummary`, { id: inq.inquiryId }));
      expect(cmp.offerRules).toMatchObject({ freight: 'REQUIRED', taxRate: 'HIDDEN', ladders: 'HIDDEN' });
      expect(cmp.lines.map((l) => [l.offers[0].freight, l.offers[0].remark, l.offers[0].validTo])).toEqual([
        [50, 'a', '2027-06-30'],
        [80, 'b', '2027-06-30'],
      ]);
    });

    it('keeps the rules of a published inquiry when the template changes afterwards', async () => {
      const tpl = await template({ freightMode: 'REQUIRED' });
      const before = await publish({ offerTemplateId: tpl.offerTemplateId });
      const current = expectOk(await w.buyer.call<Template>(`${TPL}/findById`, { id: tpl.offerTemplateId }));
      expectOk(await w.buyer.call(`${TPL}/saveOrUpdate`, { ...current, freightMode: 'HIDDEN', taxRateMode: 'REQUIRED' }));
      // The running inquiry still wants freight and does not want a tax rate.
      const bid = expectOk(await w.s1.call<{ offerRules: Rules }>(`${QUO}/findInquiryForBid`, { id: before.inquiryId }));
      expect(bid.offerRules).toMatchObject({ freight: 'REQUIRED', taxRate: 'OPTIONAL' });
      expectRefusal(await offer(w.s1, before, [{ price: 10 }, { price: 20 }], {}, 'EN'), 200, /Line 10.*freight/);
      expectOk(
        await offer(w.s1, before, [
          { price: 10, freight: 5 },
          { price: 20, freight: 5 },
        ]),
      );
      // An inquiry published after the edit follows the new rules.
      const after = await publish({ offerTemplateId: tpl.offerTemplateId });
      expectRefusal(await offer(w.s1, after, [{ price: 10, freight: 5 }, { price: 20 }], {}, 'EN'), 200, /Line 10.*does not ask for freight/);
      expectOk(
        await offer(w.s1, after, [
          { price: 10, taxRate: 13 },
          { price: 20, taxRate: 13 },
        ]),
      );
      // A disabled template cannot be published.
      const disabled = await template({}, { enabledFlag: 'N' });
      const d = await draftInquiry(w.buyer, w.f, { offerTemplateId: disabled.offerTemplateId });
      expectRefusal(await w.buyer.call(`${INQ}/doPublish`, { id: d.inquiryId, versionNum: d.versionNum }, { lang: 'EN' }), 200, /disabled/);
    });

    it('requires files when the template asks for attachments, and keeps only the supplier own uploads', async () => {
      const tpl = await template({ attachmentMode: 'REQUIRED' });
      const inq = await publish({ offerTemplateId: tpl.offerTemplateId });
      expectRefusal(await offer(w.s1, inq, [{ price: 10 }, { price: 20 }], {}, 'CN'), 200, /附件/);
      const [file] = expectOk(await upload(w.s1, [{ name: 'quote.pdf', data: PDF }]));
      const [foreign] = expectOk(await upload(w.s2, [{ name: 'other.pdf', data: PDF }]));
      const saved = expectOk(await offer(w.s1, inq, [{ price: 10 }, { price: 20 }], { attachmentIds: [file.fileId, foreign.fileId] }));
      expect(saved.attachmentIds).toBe(String(file.fileId));
      // Another supplier's file alone does not satisfy the rule.
      expectRefusal(await offer(w.s2, inq, [{ price: 10 }, { price: 20 }], { attachmentIds: [foreign.fileId + 100000] }, 'EN'), 200, /attachments/);
      // Revised without sending files: the quotation keeps its own.
      expect(expectOk(await offer(w.s1, inq, [{ price: 9 }, { price: 20 }])).attachmentIds).toBe(String(file.fileId));
    });
  });
}

// Delivery notes, receipts and returns: the open-quantity-plus-tolerance rule (other unreceived notes
// counted), two notes racing for the last open quantity, receiving partly / more than shipped / twice /
// another supplier's note, inspection, returns that reopen quantity; the order lines' quantities at each step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { pdfText, savePdfShot } from '../../../../tests/support/pdfText.js';
import { DELIVERY, ORDER, RECEIPT, RETURN, confirmedOrder, worldOf, type Delivery, type Order, type Receipt, type World } from './orderHelpers.js';

for (const backend of await backends()) {
  describe(`deliveries and receipts on ${backend}`, () => {
    let t: TestServer;
    let w: World;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [buyer, s1, s2] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02')]);
      w = await worldOf(buyer, s1, s2);
    });
    afterAll(async () => t?.stop());

    const order = async (id: number) => expectOk(await w.buyer.call<Order>(`${ORDER}/findById`, { id }));
    const note = (o: Order, lines: [number, number][], extra: Rec = {}) => ({
      orderId: o.orderId,
      carrier: 'SF Express',
      waybillNumber: 'SF1234567890',
      expectedArrival: '2026-12-18',
      lines: lines.map(([i, quantity]) => ({ orderLineId: o.lines[i].orderLineId, quantity, batchNumber: `B-${i}` })),
      ...extra,
    });
    const shipped = async (o: Order, lines: [number, number][]) => {
      const d = expectOk(await w.s1.call<Delivery>(`${DELIVERY}/saveOrUpdate`, note(o, lines)));
      return expectOk(await w.s1.call<Delivery>(`${DELIVERY}/doShip`, { id: d.deliveryId }));
    };
    const quantities = async (id: number) => (await order(id)).lines.map((l) => [l.quantity, l.receivedQuantity, l.openQuantity, l.lineStatus]);

    it('a note may carry the open quantity plus tolerance, less other unreceived notes', async () => {
      const o = await confirmedOrder(w, [100], { tolerancePercent: 5 });
      expectRefusal(
        await w.s1.call(`${DELIVERY}/saveOrUpdate`, note(o, [[0, 105.5]]), { lang: 'EN' }),
        200,
        /Order line 10: 105.5 is more than the 105 that may still be shipped/,
      );
      expectRefusal(await w.s1.call(`${DELIVERY}/saveOrUpdate`, note(o, [[0, 105.5]]), { lang: 'TH' }), 200, /รายการสั่งซื้อ 10: 105.5 มากกว่า 105 ที่ยังจัดส่งได้/);
      const first = expectOk(await w.s1.call<Delivery>(`${DELIVERY}/saveOrUpdate`, note(o, [[0, 60]])));
      expect(first).toMatchObject({ status: 'DRAFT', supplierId: w.supplier1 });
      expect(first.deliveryNumber).toMatch(/^DN-\d{4}-\d{6}$/);
      expectRefusal(await w.s1.call(`${DELIVERY}/saveOrUpdate`, note(o, [[0, 46]])), 200, /46 is more than the 45/);
      expectOk(await w.s1.call(`${DELIVERY}/saveOrUpdate`, note(o, [[0, 45]])));
      // Nothing is received yet: the order line still shows everything open.
      expect(await quantities(o.orderId)).toEqual([[100, 0, 100, 'CONFIRMED']]);
    });

    it('two notes racing for the last open quantity: one is refused', async () => {
      const o = await confirmedOrder(w, [30]);
      const answers = await Promise.all([
        w.s1.call<Delivery>(`${DELIVERY}/saveOrUpdate`, note(o, [[0, 20]])),
        w.s1.call<Delivery>(`${DELIVERY}/saveOrUpdate`, note(o, [[0, 20]])),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual(['E', 'S']);
      expect(answers.find((a) => a.status === 'E')!.msg).toMatch(/20 is more than the 10/);
      const notes = expectOk(await w.s1.call<Delivery[]>(`${DELIVERY}/listByPage`, { params: { orderId: o.orderId } }));
      expect(notes).toHaveLength(1);
    });

    it('notes only on own confirmed orders; supplier isolation of notes', async () => {
      const o = await confirmedOrder(w, [10]);
      expectRefusal(await w.s2.call(`${DELIVERY}/saveOrUpdate`, note(o, [[0, 1]])), 200, /No such purchase order/);
      const d = expectOk(await w.s1.call<Delivery>(`${DELIVERY}/saveOrUpdate`, note(o, [[0, 4]])));
      expectRefusal(await w.s2.call(`${DELIVERY}/findById`, { id: d.deliveryId }), 200, /./);
      expectRefusal(await w.s2.call(`${DELIVERY}/doShip`, { id: d.deliveryId }), 200, /./);
      expect(expectOk(await w.s2.call<Delivery[]>(`${DELIVERY}/listByPage`, { params: {}, pageRows: 200 })).some((x) => x.deliveryId === d.deliveryId)).toBe(
        false,
      );
      // A draft order cannot be shipped against.
      const draft = expectOk(
        await w.buyer.call<Order>(`${ORDER}/saveOrUpdate`, {
          supplierId: w.supplier1,
          orderDate: '2026-11-20',
          lines: [{ materialId: w.materials[0], quantity: 1, price: 1, requiredDate: '2026-12-01' }],
        }),
      );
      expectRefusal(await w.s1.call(`${DELIVERY}/saveOrUpdate`, note(draft, [[0, 1]])), 200, /is not confirmed/);
    });

    it('receiving: partial, never more than shipped, never twice, never another supplier’s note; quantities exact', async () => {
      const o = await confirmedOrder(w, [50, 20]);
      const d = await shipped(o, [
        [0, 30],
        [1, 20],
      ]);
      expect(d.status).toBe('SHIPPED');
      // The label's barcode finds the note.
      const byCode = expectOk(await w.buyer.call<Delivery>(`${DELIVERY}/findByBarcode`, { barcode: `${d.deliveryNumber}/10` }));
      expect(byCode.deliveryId).toBe(d.deliveryId);
      const receipt = (lines: [number, number, number?][], extra: Rec = {}) => ({
        deliveryId: d.deliveryId,
        receiptDate: '2026-12-18',
        lines: lines.map(([i, quantity, rejectedQuantity]) => ({ deliveryLineId: d.lines[i].deliveryLineId, quantity, rejectedQuantity })),
        ...extra,
      });
      expectRefusal(await w.buyer.call(`${RECEIPT}/saveOrUpdate`, receipt([[0, 31]]), { lang: 'EN' }), 200, /Receipt line 10: 31 is more than the 30 shipped/);
      expectRefusal(await w.buyer.call(`${RECEIPT}/saveOrUpdate`, receipt([[0, 31]]), { lang: 'TH' }), 200, /31 มากกว่าที่จัดส่ง 30/);
      expectRefusal(
        await w.buyer.call(`${RECEIPT}/saveOrUpdate`, receipt([[0, 5]], { supplierId: w.supplier2 })),
        200,
        'This delivery note belongs to another supplier',
      );
      expectRefusal(await w.buyer.call(`${RECEIPT}/saveOrUpdate`, receipt([[0, 5, 6]])), 200, /accepted plus rejected/);
      expect(await quantities(o.orderId)).toEqual([
        [50, 0, 50, 'CONFIRMED'],
        [20, 0, 20, 'CONFIRMED'],
      ]);
      const r = expectOk(
        await w.buyer.call<Receipt>(
          `${RECEIPT}/saveOrUpdate`,
          receipt([
            [0, 25, 5],
            [1, 20],
          ]),
        ),
      );
      expect(r).toMatchObject({ status: 'POSTED', orderId: o.orderId, supplierId: w.supplier1 });
      expect(r.lines.map((l) => [l.quantity, l.acceptedQuantity, l.rejectedQuantity])).toEqual([
        [25, 20, 5],
        [20, 20, 0],
      ]);
      expect(await quantities(o.orderId)).toEqual([
        [50, 25, 25, 'CONFIRMED'],
        [20, 20, 0, 'RECEIVED'],
      ]);
      expectRefusal(
        await w.buyer.call(`${RECEIPT}/saveOrUpdate`, receipt([[0, 1]]), { lang: 'EN' }),
        200,
        `Delivery note ${d.deliveryNumber} was already received`,
      );
      expectRefusal(await w.buyer.call(`${RECEIPT}/saveOrUpdate`, { ...r, remark: 'x' }), 200, /./);
      // The 5 not delivered on the note are free again: 25 open may be shipped now.
      expectOk(await w.s1.call(`${DELIVERY}/saveOrUpdate`, note(o, [[0, 25]])));
      // The supplier follows its receipts; another supplier does not see them.
      expect(expectOk(await w.s1.call<Receipt>(`${RECEIPT}/findById`, { id: r.receiptId })).receiptNumber).toBe(r.receiptNumber);
      expectRefusal(await w.s2.call(`${RECEIPT}/findById`, { id: r.receiptId }), 200, /./);
    });

    it('returns of rejected goods: at most the rejected quantity; approval reopens the order line', async () => {
      const o = await confirmedOrder(w, [40]);
      const d = await shipped(o, [[0, 40]]);
      const r = expectOk(
        await w.buyer.call<Receipt>(`${RECEIPT}/saveOrUpdate`, {
          deliveryId: d.deliveryId,
          receiptDate: '2026-12-18',
          lines: [{ deliveryLineId: d.lines[0].deliveryLineId, quantity: 40, rejectedQuantity: 4 }],
        }),
      );
      expect(await quantities(o.orderId)).toEqual([[40, 40, 0, 'RECEIVED']]);
      expect((await order(o.orderId)).status).toBe('CLOSED');
      const ret = (quantity: number, extra: Rec = {}) => ({
        receiptId: r.receiptId,
        reason: 'scratched surface',
        lines: [{ receiptLineId: r.lines[0].receiptLineId, quantity }],
        ...extra,
      });
      expectRefusal(await w.buyer.call(`${RETURN}/saveOrUpdate`, ret(5), { lang: 'EN' }), 200, '5 is more than the 4 rejected and not yet returned');
      expectRefusal(await w.buyer.call(`${RETURN}/saveOrUpdate`, ret(5), { lang: 'TH' }), 200, /5 มากกว่าจำนวนที่ไม่ผ่านและยังไม่ได้คืน 4/);
      const draft = expectOk(await w.buyer.call<{ returnId: number; status: string }>(`${RETURN}/saveOrUpdate`, ret(3)));
      // A second return may take only what the first leaves.
      expectRefusal(await w.buyer.call(`${RETURN}/saveOrUpdate`, ret(2)), 200, /more than the 1/);
      expectOk(await w.buyer.call(`${RETURN}/doSubmit`, { id: draft.returnId }));
      const approved = expectOk(await w.buyer.call<{ status: string }>(`${RETURN}/doApproval`, { id: draft.returnId }));
      expect(approved.status).toBe('APPROVED');
      expect(await quantities(o.orderId)).toEqual([[40, 37, 3, 'CONFIRMED']]);
      const after = await order(o.orderId);
      expect(after.status).toBe('CONFIRMED');
      expect(after.lines[0].returnedQuantity).toBe(3);
      // The supplier sees the return and ships the replacement.
      expect(expectOk(await w.s1.call<{ status: string }>(`${RETURN}/findById`, { id: draft.returnId })).status).toBe('APPROVED');
      expectRefusal(await w.s2.call(`${RETURN}/findById`, { id: draft.returnId }), 200, /./);
      expectRefusal(await w.s1.call(`${DELIVERY}/saveOrUpdate`, note(after, [[0, 4]])), 200, /more than the 3/);
      expectOk(await w.s1.call(`${DELIVERY}/saveOrUpdate`, note(after, [[0, 3]])));
      // Without replacement the line ends short.
      const o2 = await confirmedOrder(w, [10]);
      const d2 = await shipped(o2, [[0, 10]]);
      const r2 = expectOk(
        await w.buyer.call<Receipt>(`${RECEIPT}/saveOrUpdate`, {
          deliveryId: d2.deliveryId,
          receiptDate: '2026-12-18',
          lines: [{ deliveryLineId: d2.lines[0].deliveryLineId, quantity: 10, rejectedQuantity: 2 }],
        }),
      );
      const noReplace = expectOk(
        await w.buyer.call<{ returnId: number }>(`${RETURN}/saveOrUpdate`, {
          receiptId: r2.receiptId,
          reason: 'wrong grade',
          replaceFlag: 'N',
          lines: [{ receiptLineId: r2.lines[0].receiptLineId, quantity: 2 }],
        }),
      );
      expectOk(await w.buyer.call(`${RETURN}/doSubmit`, { id: noReplace.returnId }));
      expectOk(await w.buyer.call(`${RETURN}/doApproval`, { id: noReplace.returnId }));
      expect(await quantities(o2.orderId)).toEqual([[10, 8, 0, 'RECEIVED']]);
    });

    it('a message at each hand-over: released, confirmed, changed, shipped, received, returned', async () => {
      const inbox = async (c: typeof w.buyer, number: string) =>
        expectOk(await c.call<{ sourceType: string; content: string }[]>('messageServer/v1/msgReceiveRestful/listByPage', { params: {}, pageRows: 200 }))
          .filter((m) => m.content.includes(number))
          .map((m) => m.sourceType);
      const o = await confirmedOrder(w, [10, 5]);
      await expect.poll(() => inbox(w.s1, o.orderNumber)).toContain('PO_RELEASED');
      await expect.poll(() => inbox(w.buyer, o.orderNumber)).toContain('PO_CONFIRMED');
      expectRefusal(await w.buyer.call(`${ORDER}/doClose`, { id: o.orderId, lineIds: [], reason: 'r' }), 200, /Name the lines/);
      expectOk(await w.buyer.call(`${ORDER}/doClose`, { id: o.orderId, lineIds: [o.lines[1].orderLineId], reason: 'second line not needed' }));
      await expect.poll(() => inbox(w.s1, o.orderNumber)).toContain('PO_CHANGED');
      // Another supplier hears nothing of it.
      expect(await inbox(w.s2, o.orderNumber)).toEqual([]);
      const d = await shipped(o, [[0, 10]]);
      await expect.poll(() => inbox(w.buyer, d.deliveryNumber)).toContain('PO_SHIPPED');
      const r = expectOk(
        await w.buyer.call<Receipt>(`${RECEIPT}/saveOrUpdate`, {
          deliveryId: d.deliveryId,
          receiptDate: '2026-12-18',
          lines: [{ deliveryLineId: d.lines[0].deliveryLineId, quantity: 10, rejectedQuantity: 1 }],
        }),
      );
      await expect.poll(() => inbox(w.s1, r.receiptNumber)).toContain('PO_RECEIVED');
      const ret = expectOk(
        await w.buyer.call<{ returnId: number; returnNumber: string }>(`${RETURN}/saveOrUpdate`, {
          receiptId: r.receiptId,
          reason: 'bent',
          lines: [{ receiptLineId: r.lines[0].receiptLineId, quantity: 1 }],
        }),
      );
      expectOk(await w.buyer.call(`${RETURN}/doSubmit`, { id: ret.returnId }));
      expectOk(await w.buyer.call(`${RETURN}/doApproval`, { id: ret.returnId }));
      await expect.poll(() => inbox(w.s1, ret.returnNumber)).toContain('PO_RETURNED');
    });

    it('inspection after receipt; labels as a PDF (CN, TH and VN text printed as written)', async () => {
      const o = await confirmedOrder(w, [12]);
      const batch = '批次 ล็อตที่ Lô hàng';
      const made = expectOk(await w.s1.call<Delivery>(`${DELIVERY}/saveOrUpdate`, note(o, [[0, 12]])));
      expectOk(await w.s1.call(`${DELIVERY}/saveOrUpdate`, { ...made, lines: made.lines.map((l) => ({ ...l, batchNumber: batch })) }));
      const d = expectOk(await w.s1.call<Delivery>(`${DELIVERY}/doShip`, { id: made.deliveryId }));
      const r = expectOk(
        await w.buyer.call<Receipt>(`${RECEIPT}/saveOrUpdate`, {
          deliveryId: d.deliveryId,
          receiptDate: '2026-12-18',
          lines: [{ deliveryLineId: d.lines[0].deliveryLineId, quantity: 12 }],
        }),
      );
      expect(r.lines[0]).toMatchObject({ acceptedQuantity: 12, rejectedQuantity: 0 });
      const lineId = r.lines[0].receiptLineId;
      expectRefusal(
        await w.buyer.call(`${RECEIPT}/doSyncInspection`, { id: r.receiptId, lines: [{ receiptLineId: lineId, acceptedQuantity: 10, rejectedQuantity: 1 }] }),
        200,
        /accepted plus rejected/,
      );
      const inspected = expectOk(
        await w.buyer.call<Receipt>(`${RECEIPT}/doSyncInspection`, {
          id: r.receiptId,
          lines: [{ receiptLineId: lineId, acceptedQuantity: 10, rejectedQuantity: 2 }],
        }),
      );
      expect(inspected.status).toBe('INSPECTED');
      expect(inspected.lines[0]).toMatchObject({ acceptedQuantity: 10, rejectedQuantity: 2 });
      const pdf = expectOk(await w.s1.call<{ base64: string; labels: number; fileName: string }>(`${DELIVERY}/getLabelPdf`, { id: d.deliveryId }));
      expect(pdf.labels).toBe(1);
      expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      const bytes = new Uint8Array(Buffer.from(pdf.base64, 'base64'));
      const text = (await pdfText(bytes)).pages[0].replace(/\n/g, '');
      await savePdfShot(bytes, `delivery-label-${backend}`);
      expect(text).toContain(`Batch ${batch}`);
      expect(text).toContain(`${d.deliveryNumber}/`); // the barcode value under the bars
      expect(text).not.toContain('?');
      expectRefusal(await w.s2.call(`${DELIVERY}/getLabelPdf`, { id: d.deliveryId }), 200, /./);
    });

    it('label captions in the language of the user printing: TH and CN', async () => {
      const o = await confirmedOrder(w, [4]);
      const made = expectOk(await w.s1.call<Delivery>(`${DELIVERY}/saveOrUpdate`, note(o, [[0, 4]])));
      expectOk(await w.s1.call(`${DELIVERY}/saveOrUpdate`, { ...made, lines: made.lines.map((l) => ({ ...l, batchNumber: 'B-42' })) }));
      const textIn = async (who: World['buyer'], lang: string) => {
        const a = expectOk(await who.call<{ base64: string }>(`${DELIVERY}/getLabelPdf`, { id: made.deliveryId }, { lang }));
        const bytes = new Uint8Array(Buffer.from(a.base64, 'base64'));
        await savePdfShot(bytes, `delivery-label-${lang}-${backend}`);
        return (await pdfText(bytes)).pages[0].replace(/\n/g, '');
      };
      const th = await textIn(w.s1, 'TH');
      for (const s of [`ใบสั่งซื้อ ${o.orderNumber} / รายการ ${o.lines[0].lineNumber}`, 'จำนวน 4', 'ล็อต B-42', 'วัสดุ ']) expect(th).toContain(s);
      for (const s of ['Qty ', 'Batch ', 'Material ']) expect(th).not.toContain(s);
      const cn = await textIn(w.buyer, 'CN');
      for (const s of [`订单 ${o.orderNumber} / 行 ${o.lines[0].lineNumber}`, '数量 4', '批次 B-42', '物料 ', '预计到达']) expect(cn).toContain(s);
      for (const t of [th, cn]) expect(t).not.toContain('?');
    });
  });
}

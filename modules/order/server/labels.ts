// Delivery labels: one label per line of a note, with a Code 128 barcode (bwip-js encodes, pdf-lib draws the bars) of `{deliveryNumber}/{lineNumber}`,
// laid out on A4 (2 × 4 labels a page) with pdf-lib. Receiving scans that value: findByBarcode finds the note.
// The PDF travels in the envelope as base64 (the family's JSON answer), with its file name.
// Captions ("PO", "Qty", "Batch"…) are server messages (delivery.label.*) in the language of the user who prints.
import bwipjs from 'bwip-js/node';
import { PDFDocument, rgb } from 'pdf-lib';
import { ok } from '../../../server/http/envelope.js';
import { PdfText } from '../../../server/pdf/fonts.js';
import { message } from '../../../server/i18n/messages.js';
import type { MessageParams } from '../../../server/errors.js';
import { refuse } from '../../../server/errors.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { findRow, loadRecord, parseId } from '../../../server/rest/read.js';
import { po } from './store.js';
import { doWaybillNumberCalc } from './waybill.js';

const A4 = { w: 595.28, h: 841.89 };
const COLS = 2;
const ROWS = 4;
const str = (s: unknown) => String(s ?? '');
/** The longest start of `s` that fits `width` at `size` (a long material name is cut, not run off the label). */
const fit = (fonts: PdfText, s: string, size: number, width: number) => {
  const chars = [...s];
  while (chars.length > 1 && fonts.width(chars.join(''), size) > width) chars.pop();
  return chars.join('');
};

export const barcodeOf = (deliveryNumber: string, lineNumber: number | null) => `${deliveryNumber}/${lineNumber ?? 0}`;

const getLabelPdf: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const note = await findRow(ctx, ctx.app.db, id); // the row rule: a supplier prints only its own notes
  const lines = await po(ctx.app.db)
    .selectFrom('srm_po_delivery_line as l')
    .innerJoin('srm_po_order_line as ol', 'ol.order_line_id', 'l.order_line_id')
    .innerJoin('srm_po_order as o', 'o.order_id', 'ol.order_id')
    .select(['l.line_number', 'l.quantity', 'l.batch_number', 'ol.uom_code', 'ol.line_number as order_line_number', 'o.order_number', 'l.material_id'])
    .where('l.delivery_id', '=', id)
    .orderBy('l.line_number')
    .execute();
  // The material's display is "code name" (the name in the user's language): the label prints both, and the
  // supplier's name, in Chinese, Thai or Vietnamese as written (the platform's PDF fonts).
  const record = await loadRecord(ctx, ctx.app.db, id);
  const shown = record.lines as { materialId: number; materialIdDisplay?: string }[];
  const materials = new Map(shown.map((l) => [l.materialId, String(l.materialIdDisplay ?? l.materialId)]));
  const supplier = str(record.supplierIdDisplay ?? '');
  const t = (key: string, params: MessageParams) => message(ctx.lang, `delivery.label.${key}`, params);
  const pdf = await PDFDocument.create();
  const fonts = PdfText.for(pdf);
  const number = String(note.delivery_number ?? id);
  const cellW = A4.w / COLS;
  const cellH = A4.h / ROWS;
  let page = pdf.addPage([A4.w, A4.h]);
  for (const [i, l] of lines.entries()) {
    if (i > 0 && i % (COLS * ROWS) === 0) page = pdf.addPage([A4.w, A4.h]);
    const slot = i % (COLS * ROWS);
    const x = (slot % COLS) * cellW + 18;
    const top = A4.h - Math.floor(slot / COLS) * cellH - 24;
    // Bars as vector rectangles from bwip-js's encoding (sbs: bar, space, bar… widths in modules): no
    // PNG per label to render, compress and decode again (a 200-line note took seconds that way).
    const code = barcodeOf(number, l.line_number);
    const sbs = (bwipjs.raw('code128', code, {}) as { sbs: number[] }[])[0].sbs;
    const modules = sbs.reduce((a, b) => a + b, 0);
    const width = Math.min(cellW - 36, modules * 1.6);
    const unit = width / modules;
    page.drawRectangle({ x: x - 8, y: top - cellH + 40, width: cellW - 20, height: cellH - 24, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 0.5 });
    await fonts.draw(page, number, { x, y: top - 16, size: 14, bold: true });
    const rows = [
      t('order', { order: str(l.order_number), line: str(l.order_line_number) }),
      t('material', { material: str(materials.get(l.material_id ?? 0) ?? l.material_id) }),
      t('quantity', { quantity: str(l.quantity), uom: str(l.uom_code) }),
      t('batch', { batch: str(l.batch_number ?? '-') }),
      t('ship', { ship: str(note.ship_date), eta: str(note.expected_arrival) }),
      supplier,
    ];
    for (const [r, text] of rows.entries()) await fonts.draw(page, fit(fonts, text, 10, cellW - 40), { x, y: top - 36 - r * 13, size: 10 });
    const barTop = top - 36 - rows.length * 13;
    let bx = x;
    for (const [k, w] of sbs.entries()) {
      if (k % 2 === 0) page.drawRectangle({ x: bx, y: barTop - 34, width: w * unit, height: 30, color: rgb(0, 0, 0) });
      bx += w * unit;
    }
    await fonts.draw(page, code, { x: x + Math.max(0, (width - fonts.width(code, 9)) / 2), y: barTop - 46, size: 9 });
  }
  const bytes = await pdf.save();
  return ok({ fileName: `${number}-labels.pdf`, contentType: 'application/pdf', base64: Buffer.from(bytes).toString('base64'), labels: lines.length });
};

/** findByBarcode {barcode} → the delivery note a label's barcode names (a supplier: only its own). */
const findByBarcode: FamilyAction = async (ctx) => {
  const code = typeof ctx.body.barcode === 'string' ? ctx.body.barcode.trim() : '';
  const number = code.split('/')[0];
  if (!number) throw refuse('delivery.barcodeUnknown');
  const row = await po(ctx.app.db).selectFrom('srm_po_delivery').select('delivery_id').where('delivery_number', '=', number).executeTakeFirst();
  if (!row) throw refuse('delivery.barcodeUnknown');
  return ok(await loadRecord(ctx, ctx.app.db, row.delivery_id));
};

export const deliveryOperations = { getLabelPdf, findByBarcode, doWaybillNumberCalc };

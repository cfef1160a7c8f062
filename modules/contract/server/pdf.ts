// getContractPdf {id}: the contract as a PDF (pdf-lib) with its watermark on every page, its items, its
// text and the signature stamps of the built-in e-signature provider (signer, time, SHA-256). The PDF
// travels in the envelope as base64 with its file name (like the delivery labels).
// Fonts: the platform's PDF fonts (server/pdf/fonts.ts): titles, supplier names, items and terms in Chinese,
// Thai and Vietnamese print as written (docs/decisions.md "PDF fonts").
// Captions ("Contract No.", "Items", the stamp's "Signer:"…) are the module's server messages in the language
// of the user asking for the PDF (contract.pdf.*), like every refusal: a Thai buyer prints a Thai contract.
import { PDFDocument, rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import { PdfText } from '../../../server/pdf/fonts.js';
import { drawSignatureStamp } from '../../../server/pdf/signatureStamp.js';
import { message, type Language } from '../../../server/i18n/messages.js';
import type { MessageParams } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { loadRecord, parseId } from '../../../server/rest/read.js';
import { con } from './store.js';
import { stampImageOf } from './stampImages.js';

const A4 = { w: 595.28, h: 841.89 };
const M = 50;

export interface WatermarkSettings {
  text: string;
  fontSize: number;
  opacity: number;
  rotation: number;
  color: [number, number, number];
  tiled: boolean;
}

const hexColor = (hex: string | null): [number, number, number] => {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  return m ? [parseInt(m[1], 16) / 255, parseInt(m[2], 16) / 255, parseInt(m[3], 16) / 255] : [0.5, 0.5, 0.5];
};

async function drawWatermark(page: PDFPage, fonts: PdfText, w: WatermarkSettings) {
  const text = w.text;
  const width = fonts.width(text, w.fontSize);
  const rad = (w.rotation * Math.PI) / 180;
  const options = { size: w.fontSize, color: rgb(...w.color), opacity: w.opacity, rotate: w.rotation };
  // One copy across the middle of the page, whole (the text's run projected on both axes stays inside).
  const run = { x: width * Math.cos(rad), y: width * Math.sin(rad) };
  await fonts.draw(page, text, { ...options, x: (A4.w - run.x) / 2, y: (A4.h - run.y) / 2 });
  if (!w.tiled) return;
  // Tiled: more copies on a grid; those near the edges are cut by the page, as a watermark is.
  const stepX = Math.max(Math.abs(run.x) + 60, 160);
  const stepY = Math.max(Math.abs(run.y) + w.fontSize * 2, 160);
  for (let y = 30; y < A4.h; y += stepY) for (let x = 20; x < A4.w; x += stepX) await fonts.draw(page, text, { ...options, x, y });
}

export async function watermarkOf(db: Parameters<typeof con>[0], watermarkId: number | null): Promise<WatermarkSettings | null> {
  const q = con(db).selectFrom('srm_con_watermark').selectAll().where('enabled_flag', '=', 'Y');
  const w = await (watermarkId === null ? q.where('default_flag', '=', 'Y') : q.where('watermark_id', '=', watermarkId)).executeTakeFirst();
  if (!w) return null;
  return {
    text: w.watermark_text,
    fontSize: Number(w.font_size),
    opacity: Number(w.opacity),
    rotation: Number(w.rotation),
    color: hexColor(w.color_hex),
    tiled: w.repeat_flag === 'Y',
  };
}

type Sig = {
  sign_side: string | null;
  signer_id: number | null;
  signer_name: string | null;
  sign_date: unknown;
  document_hash: string | null;
  provider: string | null;
};

type Caption = (key: string, params?: MessageParams) => string;
const captionsIn =
  (lang: Language): Caption =>
  (key, params = {}) =>
    message(lang, `contract.pdf.${key}`, params);

/** One side's signature box (server/pdf/signatureStamp.ts): the account image or the drawn seal, captions in the reader's language. */
const drawStamp = (page: PDFPage, fonts: PdfText, t: Caption, x: number, y: number, label: string, s: Sig | undefined, image: PDFImage | null) =>
  drawSignatureStamp(
    page,
    fonts,
    x,
    y,
    label,
    s && { signerName: s.signer_name, signedAt: String(s.sign_date ?? ''), documentHash: s.document_hash ?? '' },
    { seal: t('seal'), notSigned: t('notSigned'), signer: (name) => t('signer', { name }), time: (time) => t('time', { time }) },
    image,
  );

export const getContractPdf: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const c = await loadRecord(ctx, ctx.app.db, id); // the row rule: a supplier prints only its own contracts
  const watermark = await watermarkOf(ctx.app.db, c.watermarkId === null || c.watermarkId === undefined ? null : Number(c.watermarkId));
  const signs = await con(ctx.app.db)
    .selectFrom('esign_sign')
    .select(['sign_side', 'signer_id', 'signer_name', 'sign_date', 'document_hash', 'provider'])
    .where('document_type', '=', 'CONTRACT')
    .where('document_id', '=', id)
    .where('version_no', '=', Number(c.versionNo ?? 1))
    .execute();
  const t = captionsIn(ctx.lang);
  const status = (await ctx.app.lookups.findDic('CON_STATUS', ctx.lang)).find((v) => v.lookupCode === c.status)?.meaning ?? String(c.status);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${c.contractNumber} ${c.title}`);
  if (watermark) pdf.setSubject(`Watermark: ${watermark.text}`);
  const fonts = PdfText.for(pdf);
  const pages: PDFPage[] = [];
  let page = pdf.addPage([A4.w, A4.h]);
  pages.push(page);
  let y = A4.h - M;
  const need = (h: number) => {
    if (y - h >= M) return;
    page = pdf.addPage([A4.w, A4.h]);
    pages.push(page);
    y = A4.h - M;
  };
  const text = async (s: string, size = 10, bold = false) => {
    need(size + 4);
    await fonts.draw(page, s, { x: M, y: y - size, size, bold });
    y -= size + 5;
  };
  await text(String(c.title ?? ''), 16, true);
  await text(t('heading', { number: String(c.contractNumber), version: Number(c.versionNo ?? 1), status }));
  await text(t('supplier', { supplier: String(c.supplierIdDisplay ?? c.supplierId) }));
  await text(
    t('amount', {
      amount: Number(c.totalAmount ?? 0).toFixed(2),
      currency: String(c.currencyCode ?? ''),
      from: String(c.startDate ?? ''),
      to: String(c.endDate ?? ''),
    }),
  );
  if (c.sourceNumber) await text(t('source', { source: String(c.sourceNumber) }));
  y -= 6;
  const lines = (c.lines as Record<string, unknown>[]) ?? [];
  if (lines.length) {
    await text(t('items'), 11, true);
    for (const l of lines)
      await text(
        t('item', {
          line: String(l.lineNumber ?? ''),
          material: String(l.materialIdDisplay ?? l.materialId),
          quantity: Number(l.quantity),
          price: Number(l.price).toFixed(4),
          amount: Number(l.amount ?? 0).toFixed(2),
        }),
        9,
      );
    y -= 6;
  }
  await text(t('text'), 11, true);
  for (const l of fonts.wrap(String(c.content ?? ''), 9.5, A4.w - 2 * M)) await text(l, 9.5);
  need(130);
  const buyerSign = signs.find((s) => s.sign_side === 'BUYER');
  const supplierSign = signs.find((s) => s.sign_side === 'SUPPLIER');
  y -= 20;
  await drawStamp(page, fonts, t, M, y - 90, t('buyer'), buyerSign, buyerSign ? await stampImageOf(ctx.app, pdf, buyerSign.signer_id, null) : null);
  await drawStamp(
    page,
    fonts,
    t,
    A4.w / 2,
    y - 90,
    t('supplierSide'),
    supplierSign,
    supplierSign ? await stampImageOf(ctx.app, pdf, supplierSign.signer_id, Number(c.supplierId)) : null,
  );
  y -= 110;
  for (const l of fonts.wrap(t('provider'), 7.5, A4.w - 2 * M)) await text(l, 7.5);
  if (watermark) for (const p of pages) await drawWatermark(p, fonts, watermark);
  const bytes = await pdf.save();
  return ok({
    fileName: `${c.contractNumber}-v${c.versionNo ?? 1}.pdf`,
    contentType: 'application/pdf',
    base64: Buffer.from(bytes).toString('base64'),
    pages: pages.length,
  });
};

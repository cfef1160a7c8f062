// The signed agreement as a PDF (pdf-lib, the platform's PDF fonts so Chinese, Thai and Vietnamese print as
// written): title, number, type, supplier (name and credit code), validity, the text as sent, and the
// built-in e-signature's stamp (signer and time) with the supplier's seal image when it has one (its e-signature
// account in the contract module; else the drawn seal). The PDF cannot print its own SHA-256: the agreement keeps
// it (documentSha256) beside the stored file, and anyone can recompute it from the downloaded bytes.
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { PdfText } from '../../../../server/pdf/fonts.js';
import { drawSignatureStamp, stampCaptions } from '../../../../server/pdf/signatureStamp.js';
import { message, type Language } from '../../../../server/i18n/messages.js';
import type { SealImage } from '../../../contract/api.js';

const A4 = { w: 595.28, h: 841.89 };
const M = 50;

export interface AgreementPrint {
  agreementNumber: string;
  agreementType: string;
  title: string;
  content: string;
  validFrom: string;
  validTo: string;
  supplierName: string;
  creditCode: string;
  signerName: string;
  signedAt: string;
}

/** The captions print in `lang` (the signer's: the supplier reads what it signs); the data prints as written. */

export async function renderAgreementPdf(a: AgreementPrint, lang: Language, typeName: string, seal: SealImage | null = null): Promise<Uint8Array> {
  const t = (key: string, params: Record<string, string> = {}) => message(lang, `agreement.pdf.${key}`, params);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${a.agreementNumber} ${a.title}`);
  // Fixed dates: the same agreement signed at the same moment prints the same bytes (a reproducible hash).
  const at = new Date(`${a.signedAt.replace(' ', 'T')}Z`);
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const fonts = PdfText.for(pdf);
  let page: PDFPage = pdf.addPage([A4.w, A4.h]);
  let y = A4.h - M;
  const need = (h: number) => {
    if (y - h >= M) return;
    page = pdf.addPage([A4.w, A4.h]);
    y = A4.h - M;
  };
  const text = async (s: string, size = 10, bold = false) => {
    need(size + 4);
    await fonts.draw(page, s, { x: M, y: y - size, size, bold });
    y -= size + 5;
  };
  await text(a.title, 16, true);
  await text(t('heading', { number: a.agreementNumber, type: typeName }));
  await text(t('supplier', { name: a.supplierName, code: a.creditCode }));
  await text(t('valid', { from: a.validFrom, to: a.validTo }));
  y -= 8;
  for (const paragraph of a.content.split(/\r?\n/)) {
    if (paragraph.trim() === '') {
      y -= 6;
      continue;
    }
    for (const l of fonts.wrap(paragraph, 10, A4.w - 2 * M)) await text(l, 10);
  }
  need(130);
  y -= 20;
  await drawSignatureStamp(
    page,
    fonts,
    M,
    y - 90,
    t('party', { name: a.supplierName }),
    { signerName: a.signerName, signedAt: `${a.signedAt} UTC`, documentHash: null },
    stampCaptions(lang),
    seal ? await (seal.format === 'png' ? pdf.embedPng(seal.bytes) : pdf.embedJpg(seal.bytes)) : null,
  );
  y -= 110;
  await text(t('provider'), 7.5);
  return pdf.save();
}

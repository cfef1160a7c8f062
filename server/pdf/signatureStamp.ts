// The built-in e-signature's stamp on a PDF page: the signer's account image or a drawn red seal, with what
// was recorded beside it (signer, time, SHA-256). No certificate and no cryptographic signature inside the
// PDF: the record that keeps the hash is the proof. Shared by every module that prints a signed document
// (contracts, supplier agreements); the captions come from the caller, in its reader's language
// (`stampCaptions(lang)`: the platform's words).
import { rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import type { PdfText } from './fonts.js';
import { message, type Language } from '../i18n/messages.js';

export interface StampedSignature {
  signerName: string | null;
  signedAt: string | null;
  /** SHA-256 (hex) of what was signed; empty when the document's own hash cannot be printed in it. */
  documentHash: string | null;
}

/** The stamp's words, in the reader's language. */
export interface StampCaptions {
  seal: string;
  notSigned: string;
  signer(name: string): string;
  time(time: string): string;
}

/** The platform's stamp words in `lang` (pdf.stamp.*). */
export function stampCaptions(lang: Language): StampCaptions {
  return {
    seal: message(lang, 'pdf.stamp.seal'),
    notSigned: message(lang, 'pdf.stamp.notSigned'),
    signer: (name) => message(lang, 'pdf.stamp.signer', { name }),
    time: (time) => message(lang, 'pdf.stamp.time', { time }),
  };
}

/**
 * Draws `label` and, below it, the seal of `s` (or "not signed") in a box about 260 × 90 from (x, y). `image`:
 * the signer's own signature (an e-signature account's), fitted into the seal's 64-point square.
 */
export async function drawSignatureStamp(
  page: PDFPage,
  fonts: PdfText,
  x: number,
  y: number,
  label: string,
  s: StampedSignature | undefined,
  captions: StampCaptions,
  image: PDFImage | null = null,
) {
  await fonts.draw(page, label, { x, y: y + 70, size: 10, bold: true });
  if (!s) {
    await fonts.draw(page, captions.notSigned, { x, y: y + 50, size: 9, color: rgb(0.5, 0.5, 0.5) });
    return;
  }
  const red = rgb(0.8, 0.1, 0.1);
  if (image) {
    const k = Math.min(64 / image.width, 64 / image.height);
    page.drawImage(image, { x: x + (64 - image.width * k) / 2, y: y + (64 - image.height * k) / 2, width: image.width * k, height: image.height * k });
  } else {
    page.drawCircle({ x: x + 32, y: y + 32, size: 30, borderColor: red, borderWidth: 2.5, opacity: 0, borderOpacity: 0.9 });
    page.drawCircle({ x: x + 32, y: y + 32, size: 25, borderColor: red, borderWidth: 0.8, opacity: 0, borderOpacity: 0.9 });
    // The seal's word, centred in the ring (a Thai or Chinese word is not as wide as "SIGNED").
    await fonts.draw(page, captions.seal, { x: x + 32 - fonts.width(captions.seal, 9, true) / 2, y: y + 28, size: 9, bold: true, color: red });
  }
  const hash = s.documentHash ?? '';
  const rows = [captions.signer(s.signerName ?? ''), captions.time(s.signedAt ?? '')];
  if (hash) rows.push(`SHA-256: ${hash.slice(0, 32)}`, hash.slice(32));
  for (const [i, r] of rows.entries()) await fonts.draw(page, r, { x: x + 70, y: y + 50 - i * 12, size: 7.5 });
}

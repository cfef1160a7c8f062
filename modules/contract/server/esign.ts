// The e-signature provider interface and the built-in provider. A provider signs one document for one
// signer: it answers what it fixed (the SHA-256 of the document, the time, the signer) and the contract
// keeps that in esign_sign. An external service (a CA-backed seal) would implement the same interface and
// be chosen by its code; the built-in one says honestly what it is: it stamps a drawn seal on the PDF and
// records signer, time and hash — no certificate, no cryptographic signature inside the PDF.
import { createHash } from 'node:crypto';

export interface SignRequest {
  /** The canonical text of the document being signed (documentText): what the hash covers. */
  document: string;
  signerId: number;
  signerName: string;
  side: 'BUYER' | 'SUPPLIER';
}

export interface SignResult {
  provider: string;
  documentHash: string;
  signedAt: Date;
}

export interface ESignProvider {
  readonly code: string;
  sign(request: SignRequest): Promise<SignResult>;
  /** Whether `document` is still the one a signature's hash was taken of. */
  verify(document: string, documentHash: string): boolean;
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export const builtinProvider: ESignProvider = {
  code: 'BUILTIN',
  async sign(r) {
    return { provider: 'BUILTIN', documentHash: sha256(r.document), signedAt: new Date() };
  },
  verify: (document, documentHash) => sha256(document) === documentHash,
};

const providers = new Map<string, ESignProvider>([[builtinProvider.code, builtinProvider]]);

/** The provider of a code (the built-in one by default); an unknown code is a configuration mistake. */
export function providerOf(code = 'BUILTIN'): ESignProvider {
  const p = providers.get(code);
  if (!p) throw new Error(`unknown e-signature provider ${code}`);
  return p;
}

/** The document's canonical text: every field both sides agree to, in a fixed order and normal form (the
 *  hash's input), whatever the driver returned (numbers as strings on PostgreSQL, dates with a time). */
export function documentText(c: Record<string, unknown>, lines: readonly Record<string, unknown>[]): string {
  const n4 = (v: unknown) => Number(v ?? 0).toFixed(4);
  return JSON.stringify({
    number: String(c.contractNumber ?? ''),
    version: Number(c.versionNo ?? 1),
    title: String(c.title ?? ''),
    supplierId: Number(c.supplierId),
    currency: String(c.currencyCode ?? ''),
    amount: n4(c.totalAmount),
    from: String(c.startDate ?? '').slice(0, 10),
    to: String(c.endDate ?? '').slice(0, 10),
    text: String(c.content ?? ''),
    lines: lines.map((l) => [Number(l.lineNumber ?? 0), Number(l.materialId), n4(l.quantity), n4(l.price)]),
  });
}

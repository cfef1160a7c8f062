// Business-licence recognition (SPEC §7: "business-licence … recognition from a cloud recognition service"):
// the registrant's uploaded licence image is sent to the recognition service through this connector, whose
// answer the public page offers as suggestions the registrant confirms (docs/suppliers.md "Licence
// recognition"). The interface lets a site plug its vendor; the shipped one is HTTP, configured like the risk
// connector by system settings (profiles; environment variables of the same names are the fallback), read per
// call: SRM_OCR_URL (empty: off), SRM_OCR_KEY (sent as `X-Api-Key`), SRM_OCR_TIMEOUT_MS (default 15000).
// The call is `POST {SRM_OCR_URL}?kind=businessLicence` with the image as the body (its content type)
// answering `{licence: {companyName, creditCode, legalRepresentative, address, validTo}}` (validTo YYYY-MM-DD,
// empty or "长期" for a licence without end); a 422 means "not a readable licence".
import type { AppContext } from '../../../../server/context.js';
import { setting } from '../risk/connector.js';
import { callJsonService } from '../connectors/jsonService.js';

export interface LicenceFields {
  companyName: string;
  creditCode: string;
  legalRepresentative: string;
  address: string;
  /** YYYY-MM-DD, or empty (no end date). */
  licenceExpiry: string;
}

export interface RecognitionResult {
  ok: boolean;
  failure?: 'timeout' | 'down' | 'unreadable' | 'notLicence';
  httpStatus: number | null;
  message: string;
  durationMs: number;
  licence: LicenceFields | null;
}

export interface LicenceRecognizer {
  /** Where the images go (interface log); null when not configured. */
  readonly target: string | null;
  recognize(image: Buffer, contentType: string): Promise<RecognitionResult>;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** The fields of an answer; null when it is not the agreed shape. */
export function parseLicence(body: unknown): LicenceFields | null {
  const l = body && typeof body === 'object' ? (body as { licence?: unknown }).licence : undefined;
  if (!l || typeof l !== 'object') return null;
  const r = l as Record<string, unknown>;
  const validTo = str(r.validTo).slice(0, 10);
  const fields = {
    companyName: str(r.companyName).slice(0, 200),
    creditCode: str(r.creditCode).normalize('NFKC').replace(/\s+/g, '').toUpperCase().slice(0, 40),
    legalRepresentative: str(r.legalRepresentative).slice(0, 100),
    address: str(r.address).slice(0, 500),
    licenceExpiry: /^\d{4}-\d{2}-\d{2}$/.test(validTo) ? validTo : '',
  };
  return fields.companyName || fields.creditCode ? fields : null;
}

export class HttpLicenceRecognizer implements LicenceRecognizer {
  constructor(private readonly s: { url: string; key: string; timeoutMs: number }) {}

  get target(): string {
    return this.s.url;
  }

  async recognize(image: Buffer, contentType: string): Promise<RecognitionResult> {
    const url = new URL(this.s.url);
    url.searchParams.set('kind', 'businessLicence');
    const r = await callJsonService(
      { url, key: this.s.key, timeoutMs: this.s.timeoutMs, body: { bytes: image, contentType }, statusFailures: { 422: 'notLicence' as const } },
      parseLicence,
    );
    return r.ok
      ? { ok: true, httpStatus: r.httpStatus, message: 'recognised', durationMs: r.durationMs, licence: r.value }
      : { ok: false, failure: r.failure, httpStatus: r.httpStatus, message: r.message, durationMs: r.durationMs, licence: null };
  }
}

/** The recognizer the current settings describe; target null when SRM_OCR_URL is empty. */
export async function licenceRecognizer(app: AppContext): Promise<LicenceRecognizer> {
  const url = await setting(app, 'SRM_OCR_URL', '');
  if (!url) return { target: null, recognize: async () => ({ ok: false, httpStatus: null, message: 'not configured', durationMs: 0, licence: null }) };
  const timeoutMs = Number(await setting(app, 'SRM_OCR_TIMEOUT_MS', '15000')) || 15000;
  return new HttpLicenceRecognizer({ url, key: await setting(app, 'SRM_OCR_KEY', ''), timeoutMs });
}

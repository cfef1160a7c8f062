// The enterprise risk connector: a business-information service asked, per supplier credit code, for the
// risk signals it knows (lawsuits, penalties, abnormal operation …). The interface lets a site plug another
// vendor; the shipped one is HTTP, configured like the ERP connector by system settings (profiles), read per
// run so a change applies without a restart:
//   SRM_RISK_URL (STRING, empty: the connector is off and the scan does nothing), SRM_RISK_KEY (STRING: sent
//   as the `X-Api-Key` header), SRM_RISK_TIMEOUT_MS (NUMBER, default 10000). The environment variables of
//   the same names are the fallback.
// The call is `GET {SRM_RISK_URL}?creditCode=<code>` answering `{signals: [{id, code, level, title,
// occurredAt}]}`; level is HIGH, MEDIUM or LOW; id is the service's own key of the signal (de-duplication).
// The same service answers the company's registered data (syncSupplierInfo): `GET {SRM_RISK_URL}?creditCode=
// <code>&kind=company` → `{company: {companyName?, legalRepresentative, registeredCapital, registeredAddress,
// businessScope, establishmentDate, registrationStatus}}`; 404: the service does not know the code.
import type { AppContext } from '../../../../server/context.js';
import { callJsonService, type ServiceRequest } from '../connectors/jsonService.js';

export type RiskLevel = 'HIGH' | 'MEDIUM' | 'LOW';
export const RISK_LEVELS: readonly RiskLevel[] = ['HIGH', 'MEDIUM', 'LOW'];

export interface RiskSignal {
  id: string;
  code: string;
  level: RiskLevel;
  title: string;
  /** YYYY-MM-DD. */
  occurredAt: string;
}

export interface RiskResult {
  ok: boolean;
  /** The HTTP status, null when no answer came (refused, timed out). */
  httpStatus: number | null;
  /** The answer's start or the error. */
  message: string;
  durationMs: number;
  signals: RiskSignal[];
}

/** A company's registered data as the business-information service holds it. */
export interface CompanyInfo {
  companyName: string;
  legalRepresentative: string;
  registeredCapital: string;
  registeredAddress: string;
  businessScope: string;
  /** YYYY-MM-DD, or empty. */
  establishmentDate: string;
  /** Upper case, e.g. ACTIVE, DEREGISTERED, REVOKED. */
  registrationStatus: string;
}

export interface CompanyResult {
  ok: boolean;
  httpStatus: number | null;
  /** Why it failed: the service did not answer in time, could not be reached or refused, does not know the code, answered garbage. */
  failure?: 'timeout' | 'down' | 'unknown' | 'unreadable';
  message: string;
  durationMs: number;
  company: CompanyInfo | null;
}

export interface RiskConnector {
  /** Where the questions go (shown in the interface log); null when the connector is not configured. */
  readonly target: string | null;
  fetchRisk(creditCode: string): Promise<RiskResult>;
  fetchCompany(creditCode: string): Promise<CompanyResult>;
}

export interface HttpRiskSettings {
  url: string;
  key: string;
  timeoutMs: number;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** The signals of an answer body; null when the body is not the agreed shape (the run counts it as a failure). */
export function parseSignals(body: unknown): RiskSignal[] | null {
  const list = body && typeof body === 'object' ? (body as { signals?: unknown }).signals : undefined;
  if (!Array.isArray(list)) return null;
  const out: RiskSignal[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') return null;
    const r = raw as Record<string, unknown>;
    const level = str(r.level).toUpperCase() as RiskLevel;
    const code = str(r.code);
    const occurredAt = str(r.occurredAt).slice(0, 10);
    const id = str(r.id) || `${code}|${occurredAt}`;
    if (!code || !RISK_LEVELS.includes(level) || !/^\d{4}-\d{2}-\d{2}$/.test(occurredAt)) return null;
    out.push({ id: id.slice(0, 100), code, level, title: str(r.title) || code, occurredAt });
  }
  return out;
}

/** The company of an answer body; null when the body is not the agreed shape. */
export function parseCompany(body: unknown): CompanyInfo | null {
  const c = body && typeof body === 'object' ? (body as { company?: unknown }).company : undefined;
  if (!c || typeof c !== 'object') return null;
  const r = c as Record<string, unknown>;
  const registrationStatus = str(r.registrationStatus).toUpperCase();
  const establishmentDate = str(r.establishmentDate).slice(0, 10);
  if (!registrationStatus || (establishmentDate && !/^\d{4}-\d{2}-\d{2}$/.test(establishmentDate))) return null;
  return {
    companyName: str(r.companyName).slice(0, 200),
    legalRepresentative: str(r.legalRepresentative).slice(0, 100),
    registeredCapital: str(r.registeredCapital).slice(0, 100),
    registeredAddress: str(r.registeredAddress).slice(0, 500),
    businessScope: str(r.businessScope).slice(0, 2000),
    establishmentDate,
    registrationStatus: registrationStatus.slice(0, 40),
  };
}

export class HttpRiskConnector implements RiskConnector {
  constructor(private readonly s: HttpRiskSettings) {}

  get target(): string {
    return this.s.url;
  }

  private request<F extends string>(params: Record<string, string>, statusFailures?: Partial<Record<number, F>>): ServiceRequest<F> {
    const url = new URL(this.s.url);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return { url, key: this.s.key, timeoutMs: this.s.timeoutMs, statusFailures };
  }

  async fetchRisk(creditCode: string): Promise<RiskResult> {
    const r = await callJsonService(this.request({ creditCode }), parseSignals);
    return r.ok
      ? { ok: true, httpStatus: r.httpStatus, message: `${r.value.length} signal(s)`, durationMs: r.durationMs, signals: r.value }
      : { ok: false, httpStatus: r.httpStatus, message: r.message, durationMs: r.durationMs, signals: [] };
  }

  async fetchCompany(creditCode: string): Promise<CompanyResult> {
    const r = await callJsonService(this.request({ creditCode, kind: 'company' }, { 404: 'unknown' as const }), parseCompany);
    return r.ok
      ? { ok: true, httpStatus: r.httpStatus, message: r.value.registrationStatus, durationMs: r.durationMs, company: r.value }
      : { ok: false, failure: r.failure, httpStatus: r.httpStatus, message: r.message, durationMs: r.durationMs, company: null };
  }
}

/** A connector setting: the system setting (profile) of that code, else the environment variable, else `fallback`. */
export async function setting(app: AppContext, code: string, fallback: string): Promise<string> {
  const v = await app.profiles.getProfile(code, null);
  return v === null || v === '' ? (process.env[code] ?? fallback) : String(v);
}

/** The connector the current settings describe; target null when SRM_RISK_URL is empty. */
export async function riskConnector(app: AppContext): Promise<RiskConnector> {
  const url = await setting(app, 'SRM_RISK_URL', '');
  if (!url)
    return {
      target: null,
      fetchRisk: async () => ({ ok: false, httpStatus: null, message: 'not configured', durationMs: 0, signals: [] }),
      fetchCompany: async () => ({ ok: false, httpStatus: null, message: 'not configured', durationMs: 0, company: null }),
    };
  const timeoutMs = Number(await setting(app, 'SRM_RISK_TIMEOUT_MS', '10000')) || 10000;
  return new HttpRiskConnector({ url, key: await setting(app, 'SRM_RISK_KEY', ''), timeoutMs });
}

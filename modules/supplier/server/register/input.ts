// A registration as the public page sends it, checked field by field. A draft may be incomplete; a
// submission must be complete (required fields, one bank account, one category, certificates in date).
import { refuse } from '../../../../server/errors.js';

export interface BankInput {
  bankName: string;
  accountName: string;
  accountNumber: string;
  currencyCode: string | null;
}
export interface CertInput {
  certName: string;
  certNumber: string | null;
  expiryDate: string;
  attachmentIds: string | null;
}
export interface RegisterInput {
  companyName: string;
  creditCode: string;
  contactName: string;
  email: string;
  phone: string | null;
  address: string | null;
  legalRepresentative: string | null;
  categoryIds: number[];
  bankAccounts: BankInput[];
  certificates: CertInput[];
}

const MAX_LINES = 20;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters, digits and hyphens, 5–40: the Chinese 18-character code, Thai and Vietnamese tax numbers. */
const CREDIT_CODE = /^[0-9A-Za-z-]{5,40}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function text(v: unknown, field: string, max: number): string {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw refuse('register.badField', { field });
  const s = v.trim();
  if (s.length > max) throw refuse('register.tooLong', { field, max });
  return s;
}

function list(v: unknown, field: string): Record<string, unknown>[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > MAX_LINES || v.some((x) => typeof x !== 'object' || x === null || Array.isArray(x))) {
    throw refuse('register.badField', { field });
  }
  return v as Record<string, unknown>[];
}

function categoryIds(v: unknown): number[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > 50 || v.some((x) => !Number.isSafeInteger(Number(x)) || Number(x) <= 0))
    throw refuse('register.badField', { field: 'categoryIds' });
  return [...new Set(v.map(Number))];
}

export function parseRegister(body: Record<string, unknown>): RegisterInput {
  return {
    companyName: text(body.companyName, 'companyName', 200),
    creditCode: text(body.creditCode, 'creditCode', 40).normalize('NFKC').replace(/\s+/g, '').toUpperCase(),
    contactName: text(body.contactName, 'contactName', 100),
    email: text(body.email, 'email', 200),
    phone: text(body.phone, 'phone', 40) || null,
    address: text(body.address, 'address', 500) || null,
    legalRepresentative: text(body.legalRepresentative, 'legalRepresentative', 100) || null,
    categoryIds: categoryIds(body.categoryIds),
    bankAccounts: list(body.bankAccounts, 'bankAccounts').map((b) => ({
      bankName: text(b.bankName, 'bankName', 200),
      accountName: text(b.accountName, 'accountName', 200),
      accountNumber: text(b.accountNumber, 'accountNumber', 60),
      currencyCode: text(b.currencyCode, 'currencyCode', 10) || null,
    })),
    certificates: list(body.certificates, 'certificates').map((c) => ({
      certName: text(c.certName, 'certName', 200),
      certNumber: text(c.certNumber, 'certNumber', 100) || null,
      expiryDate: text(c.expiryDate, 'expiryDate', 10),
      attachmentIds: text(c.attachmentIds, 'attachmentIds', 4000) || null,
    })),
  };
}

/** What even a draft needs: who to send the link to and what to check for duplicates. */
export function checkDraft(r: RegisterInput): void {
  if (!r.companyName) throw refuse('register.required', { field: 'companyName' });
  if (!r.email) throw refuse('register.required', { field: 'email' });
  if (!EMAIL.test(r.email)) throw refuse('register.badEmail');
  if (r.creditCode && !CREDIT_CODE.test(r.creditCode)) throw refuse('register.badCreditCode');
  for (const c of r.certificates) {
    if (!c.certName || !c.expiryDate) throw refuse('register.incompleteCert');
    if (!DATE.test(c.expiryDate) || Number.isNaN(Date.parse(c.expiryDate))) throw refuse('register.badDate', { cert: c.certName });
  }
}

/** What a submission needs besides the draft's. `today`: YYYY-MM-DD. */
export function checkComplete(r: RegisterInput, today: string): void {
  checkDraft(r);
  for (const field of ['creditCode', 'contactName'] as const) if (!r[field]) throw refuse('register.required', { field });
  if (r.categoryIds.length === 0) throw refuse('register.noCategory');
  if (r.bankAccounts.length === 0) throw refuse('register.noBankAccount');
  for (const b of r.bankAccounts) if (!b.bankName || !b.accountName || !b.accountNumber) throw refuse('register.incompleteBank');
  for (const c of r.certificates) {
    if (c.expiryDate < today) throw refuse('register.certExpired', { cert: c.certName, date: c.expiryDate });
  }
}

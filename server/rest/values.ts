// Turns one client value into the value stored for a field, or says why it cannot.
import type { Field } from '../../meta/definitions.js';
import type { MessageParams } from '../errors.js';

export type Converted = { ok: true; value: unknown } | { ok: false; key: string; params?: MessageParams };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

function validDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

export function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

export function convertValue(f: Field, raw: unknown): Converted {
  if (isEmpty(raw)) return { ok: true, value: null };
  switch (f.type) {
    case 'id':
    case 'integer': {
      const n = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) return { ok: false, key: 'rest.notInteger' };
      return rangeChecked(f, n);
    }
    case 'decimal': {
      const n = typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isFinite(n)) return { ok: false, key: 'rest.notNumber' };
      const scale = f.scale ?? 4;
      const intDigits = (f.precision ?? 18) - scale;
      if (Math.abs(n) >= 10 ** intDigits) return { ok: false, key: 'rest.tooManyDigits' };
      return rangeChecked(f, Math.round(n * 10 ** scale) / 10 ** scale);
    }
    case 'date': {
      const m = typeof raw === 'string' ? DATE.exec(raw.trim()) : null;
      if (!m || !validDate(+m[1], +m[2], +m[3])) return { ok: false, key: 'rest.notDate' };
      return { ok: true, value: raw };
    }
    case 'datetime': {
      const m = typeof raw === 'string' ? DATETIME.exec(raw.trim()) : null;
      if (!m || !validDate(+m[1], +m[2], +m[3]) || +m[4] > 23 || +m[5] > 59 || +(m[6] ?? 0) > 59) return { ok: false, key: 'rest.notDatetime' };
      return { ok: true, value: `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6] ?? '00'}` };
    }
    case 'attachments': {
      const s = typeof raw === 'string' ? raw.trim() : Array.isArray(raw) ? raw.join(',') : String(raw);
      const ids = s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      if (!ids.every((x) => /^\d{1,15}$/.test(x)) || ids.length > 999) return { ok: false, key: 'rest.badAttachments' };
      return { ok: true, value: ids.length ? [...new Set(ids)].join(',') : null };
    }
    case 'yn':
      return raw === 'Y' || raw === 'N' ? { ok: true, value: raw } : { ok: false, key: 'rest.notYn' };
    default: {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { ok: false, key: 'rest.notText' };
      const s = String(raw);
      const max = f.type === 'string' ? (f.length ?? 255) : (f.length ?? 1_000_000);
      // UTF-16 length ≥ characters ≥ half of it: spread into characters only when it can matter.
      if (s.length > max && (s.length > 2 * max || [...s].length > max)) return { ok: false, key: 'rest.tooLong', params: { max } };
      // NUL cannot be stored in PostgreSQL text and is never meaningful in a form.
      if (s.includes('\u0000')) return { ok: false, key: 'rest.notText' };
      return { ok: true, value: s };
    }
  }
}

function rangeChecked(f: Field, n: number): Converted {
  if (f.min !== undefined && n < f.min) return { ok: false, key: 'rest.tooSmall', params: { min: f.min } };
  if (f.max !== undefined && n > f.max) return { ok: false, key: 'rest.tooLarge', params: { max: f.max } };
  return { ok: true, value: n };
}

// Built-in named formatters for column.showFormatter {name, args}. A definition names one and passes
// arguments as data; new ones are registered in the `formatters` registry (runtime/registry).
import type { FormatterDef } from '../registry/types.js';
import { formatDate, formatNumber, toNumber } from './format.js';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isInteger(v) ? v : fallback);
const text = (v: unknown) => (typeof v === 'string' ? v : '');
/** A Text argument: a plain string or {CN, EN, TH, VN}. */
function localized(v: unknown, language: string): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object') return str((v as Record<string, unknown>)[language]);
  return '';
}

export const builtInFormatters: Record<string, FormatterDef> = {
  /** 0.125 → "12.50%" ({precision, scale: 100 multiplies first; scale 1 when the value already is a percent}). */
  percent: {
    format: (v, a) => {
      const n = toNumber(v);
      if (n === undefined) return str(v);
      return `${formatNumber(n * num(a.scale, 100), { precision: num(a.precision, 2) })}%`;
    },
  },
  /** 1234.5 → "¥1,234.50" ({symbol, precision}). */
  currency: {
    format: (v, a) => {
      const n = toNumber(v);
      if (n === undefined) return str(v);
      const s = formatNumber(Math.abs(n), { precision: num(a.precision, 2) });
      return `${n < 0 ? '-' : ''}${text(a.symbol) || '¥'}${s}`;
    },
  },
  /** Prefix and suffix around the value ({prefix, suffix}, plain strings or Text objects). */
  affix: {
    format: (v, a, ctx) => (str(v) === '' ? '' : `${localized(a.prefix, ctx.language)}${str(v)}${localized(a.suffix, ctx.language)}`),
  },
  /** Masks the middle of a value: "13812345678" → "138****5678" ({head, tail}). */
  mask: {
    format: (v, a) => {
      const s = str(v);
      const head = num(a.head, 3);
      const tail = num(a.tail, 4);
      if (s.length <= head + tail) return s;
      return `${s.slice(0, head)}${'*'.repeat(Math.min(s.length - head - tail, 8))}${s.slice(s.length - tail)}`;
    },
  },
  /** A value → its label ({map: {value: Text}, fallback}). */
  map: {
    format: (v, a, ctx) => {
      const m = (a.map ?? {}) as Record<string, unknown>;
      const hit = m[str(v)];
      return hit === undefined ? (a.fallback === undefined ? str(v) : localized(a.fallback, ctx.language)) : localized(hit, ctx.language);
    },
  },
  /** SPEC §9 date formats by name ({kind: date | datetime | year | month | time}). */
  date: {
    format: (v, a) => {
      const kind = text(a.kind);
      return formatDate(v, kind === 'datetime' || kind === 'year' || kind === 'month' || kind === 'time' ? kind : 'date');
    },
  },
};

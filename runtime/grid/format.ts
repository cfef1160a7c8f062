// Pure formatting of cell values (SPEC §9: comma thousands separators, yyyy-MM-dd, yyyy-MM-dd HH:mm:ss).

export function toNumber(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
  return Number.isFinite(n) ? n : undefined;
}

export interface NumberFormat {
  precision?: number;
  thousands?: boolean;
}

export function formatNumber(value: unknown, { precision, thousands = true }: NumberFormat = {}): string {
  const n = toNumber(value);
  if (n === undefined) return value === null || value === undefined ? '' : String(value);
  // toFixed rounds half-away on the binary value (1.005 → 1.00); adding an epsilon scaled to the
  // magnitude gives the decimal rounding users expect for prices and amounts.
  const text = precision === undefined ? String(n) : (n + Math.sign(n) * Number.EPSILON * Math.abs(n)).toFixed(precision);
  if (!thousands) return text;
  const negative = text.startsWith('-');
  const [intPart, frac] = (negative ? text.slice(1) : text).split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}

export function formatDate(value: unknown, kind: 'date' | 'datetime' | 'year' | 'month' | 'time'): string {
  if (value === null || value === undefined || value === '') return '';
  const s = String(value).replace('T', ' ');
  switch (kind) {
    case 'date':
      return s.slice(0, 10);
    case 'datetime':
      return s.slice(0, 19);
    case 'year':
      return s.slice(0, 4);
    case 'month':
      return s.slice(0, 7);
    case 'time':
      return s.length > 10 ? s.slice(11, 19) : s;
  }
}

/** Round a sum to the column precision so 0.1 + 0.2 shows as 0.3, not 0.30000000000000004. */
export function sumValues(values: readonly unknown[], precision?: number): number {
  let total = 0;
  for (const v of values) total += toNumber(v) ?? 0;
  return roundTo(total, precision ?? 8);
}

/** A number rounded to `digits` decimals. */
export function roundTo(n: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(n * factor) / factor;
}

/** Serial number across pages: SPEC §2 "serial number = row index + (page-1)*pageSize + 1". */
export function rowNumber(rowIndex: number, page: number, pageSize: number): number {
  return rowIndex + (Math.max(page, 1) - 1) * pageSize + 1;
}

// Prices on the wire are numbers with at most four decimals (numeric(18,4)); they are compared as whole
// ten-thousandths so that 99.9 - 0.1 never differs from 99.8.
import { refuse } from '../../../server/errors.js';

export const cents = (v: number): number => Math.round(v * 10_000);

/** A positive price with at most four decimals, or a refusal naming what was sent. */
export function priceOf(raw: unknown): number {
  const v = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(v) || v <= 0 || v >= 1e14 || Math.abs(cents(v) - v * 10_000) > 1e-6)
    throw refuse('auction.badPrice', { price: String(raw).slice(0, 30) });
  return cents(v) / 10_000;
}

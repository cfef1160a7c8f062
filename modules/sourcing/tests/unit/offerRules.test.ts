// The offer template's rules without a server: hidden refused, required on submit only (a quotation-wide
// value counts per line), required files; and the ladder text the supplier types.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../server/errors.js';
import { enforceRules, parseOffer } from '../../server/offerInput.js';
import { STANDARD_RULES, parseRules, rulesOfTemplate, type OfferRules } from '../../server/offerRules.js';
import { laddersText, parseLadders } from '../../client/ladderText.js';

const LINES = new Map([
  [1, 10],
  [2, 20],
]);
const offer = (body: Record<string, unknown>) =>
  parseOffer(
    {
      lines: [
        { lineId: 1, price: 5 },
        { lineId: 2, price: 6 },
      ],
      ...body,
    },
    LINES,
    'CNY',
  );
const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? { key: e.key, params: e.params } : e;
  }
  return null;
};

describe('offer rules', () => {
  const rules: OfferRules = { ...STANDARD_RULES, deliveryDays: 'OPTIONAL', freight: 'REQUIRED', taxRate: 'HIDDEN' };

  it('refuses a required field missing on submit, naming the line and the field in the language', () => {
    const o = offer({
      lines: [
        { lineId: 1, price: 5, freight: 1 },
        { lineId: 2, price: 6 },
      ],
    });
    expect(refusal(() => enforceRules(o, rules, 'CN', 0))).toEqual({ key: 'sourcing.offerFieldRequired', params: { line: 20, field: '运费' } });
    expect(refusal(() => enforceRules({ ...o, submit: false }, rules, 'CN', 0))).toBeNull();
    // Given once for the quotation: enough for every line.
    expect(refusal(() => enforceRules(offer({ freight: 3 }), rules, 'TH', 0))).toBeNull();
  });

  it('refuses a hidden field on a line or for the quotation, drafts too', () => {
    expect(refusal(() => enforceRules(offer({ submit: false, lines: [{ lineId: 1, price: 5, taxRate: 7 }] }), rules, 'EN', 0))).toEqual({
      key: 'sourcing.offerFieldHidden',
      params: { line: 10, field: 'tax rate' },
    });
    expect(refusal(() => enforceRules(offer({ freight: 1, taxRate: 7 }), rules, 'TH', 0))).toEqual({
      key: 'sourcing.offerFieldHiddenQuote',
      params: { field: 'อัตราภาษี' },
    });
  });

  it('requires files when asked, and reads stored rules defensively', () => {
    const withFiles: OfferRules = { ...STANDARD_RULES, deliveryDays: 'OPTIONAL', attachments: 'REQUIRED' };
    expect(refusal(() => enforceRules(offer({}), withFiles, 'EN', 0))).toEqual({ key: 'sourcing.offerAttachmentsRequired', params: {} });
    expect(refusal(() => enforceRules(offer({}), withFiles, 'EN', 1))).toBeNull();
    expect(parseRules('not json')).toBeNull();
    expect(parseRules('{"freight":"REQUIRED","ladders":"BOGUS"}')).toMatchObject({ freight: 'REQUIRED', ladders: 'OPTIONAL', deliveryDays: 'REQUIRED' });
    expect(
      rulesOfTemplate({
        ladder_mode: 'HIDDEN',
        delivery_days_mode: null,
        valid_to_mode: 'REQUIRED',
        freight_mode: 'x',
        tax_rate_mode: 'OPTIONAL',
        remark_mode: 'OPTIONAL',
        attachment_mode: 'HIDDEN',
      }),
    ).toEqual({
      ladders: 'HIDDEN',
      deliveryDays: 'REQUIRED',
      validTo: 'REQUIRED',
      freight: 'OPTIONAL',
      taxRate: 'OPTIONAL',
      remark: 'OPTIONAL',
      attachments: 'HIDDEN',
    });
  });

  it('reads the ladder text the supplier types and shows stored ladders', () => {
    expect(parseLadders('100=9.5; 500：9')).toEqual([
      { fromQuantity: 100, price: 9.5 },
      { fromQuantity: 500, price: 9 },
    ]);
    expect(parseLadders('')).toEqual([]);
    expect(parseLadders('100 9')).toBeNull();
    expect(laddersText('[{"fromQuantity":100,"price":8}]')).toBe('100=8');
    expect(laddersText(null)).toBeUndefined();
  });
});

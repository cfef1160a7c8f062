// The pager's custom page size (SPEC §5: minimum 10; below 0 the message that the custom page number
// cannot be less than 0). The server answers at most 1000 rows a page (decisions.md "listByPage").
export const MIN_CUSTOM_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

export type CustomPageSizeCheck = { ok: true; size: number } | { ok: false; key: string; params?: Record<string, number> };

export function checkCustomPageSize(input: string): CustomPageSizeCheck {
  const text = input.trim();
  if (text === '' || !/^-?\d+(\.\d+)?$/.test(text)) return { ok: false, key: 'gridPager.customNotNumber' };
  const n = Number(text);
  if (n < 0) return { ok: false, key: 'gridPager.customBelowZero' };
  if (!Number.isInteger(n)) return { ok: false, key: 'gridPager.customNotInteger' };
  if (n < MIN_CUSTOM_PAGE_SIZE) return { ok: false, key: 'gridPager.customMin', params: { min: MIN_CUSTOM_PAGE_SIZE } };
  if (n > MAX_PAGE_SIZE) return { ok: false, key: 'gridPager.customMax', params: { max: MAX_PAGE_SIZE } };
  return { ok: true, size: n };
}

/** The sizer's options: the standard ones plus a custom size in use, in order. */
export function sizerOptions(sizes: readonly number[], current: number): number[] {
  return sizes.includes(current) ? [...sizes] : [...sizes, current].sort((a, b) => a - b);
}

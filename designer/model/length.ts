// Column text length as validation data: the column meta-schema has `validate.pattern` (checked by the
// grid), so a length range is written as the pattern ^[\s\S]{min,max}$ and read back from it.

const LENGTH_PATTERN = /^\^\[\\s\\S\]\{(\d*),(\d*)\}\$$/;

export interface LengthRange {
  min?: number;
  max?: number;
}

export function lengthPattern(range: LengthRange): string | undefined {
  if (range.min === undefined && range.max === undefined) return undefined;
  return `^[\\s\\S]{${range.min ?? 0},${range.max ?? ''}}$`;
}

/** The range a pattern written by `lengthPattern` encodes; undefined for any other pattern. */
export function parseLengthPattern(pattern: string | undefined): LengthRange | undefined {
  if (!pattern) return {};
  const m = LENGTH_PATTERN.exec(pattern);
  if (!m) return undefined;
  const min = m[1] === '' || m[1] === '0' ? undefined : Number(m[1]);
  const max = m[2] === '' ? undefined : Number(m[2]);
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

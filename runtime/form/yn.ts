// The two-value checkbox (SPEC §2/§4/§8): toggles between a true and a false value; anything else is an error.
export const YN_ERROR = 'Value should be trueValue or falseValue';

export interface YNOptions {
  trueValue?: unknown;
  falseValue?: unknown;
}

/** Whether the box is checked; an empty value counts as unchecked; any other value throws YN_ERROR. */
export function ynChecked(value: unknown, { trueValue = 'Y', falseValue = 'N' }: YNOptions = {}): boolean {
  if (value === trueValue) return true;
  if (value === falseValue || value === undefined || value === null || value === '') return false;
  throw new Error(YN_ERROR);
}

export function ynValue(checked: boolean, { trueValue = 'Y', falseValue = 'N' }: YNOptions = {}): unknown {
  return checked ? trueValue : falseValue;
}

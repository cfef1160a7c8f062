// One normalisation for both drivers: bigint and numeric as JS numbers (ids stay below 2^53; amounts
// are numeric(18,x)), dates as 'yyyy-MM-dd', timestamps as 'yyyy-MM-dd HH:mm:ss' (CONTRACT.md formats).
const toNumber = (v: string) => Number(v);
const toDate = (v: string) => v.slice(0, 10);
const toDatetime = (v: string) => v.slice(0, 19);

export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  20: toNumber, // int8
  1700: toNumber, // numeric
  1082: toDate, // date
  1114: toDatetime, // timestamp
  1184: toDatetime, // timestamptz
};

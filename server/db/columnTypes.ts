// The TypeScript types of column values as both drivers return them, for the generated table types
// (generators/dbTypes.ts → modules/{area}/generated/tables.ts). They are true on PGlite and PostgreSQL
// alike because typeParsers.ts normalises what the two drivers hand back; change both together.
import type { ColumnType, InsertType, SelectType, UpdateType } from 'kysely';

/**
 * A column the database fills when an insert leaves it out (identity key, declared default): optional on
 * insert. Kysely's own `Generated<T>` for plain types; unlike it, also right for the ColumnType aliases
 * below (Kysely's would nest one ColumnType in another).
 */
export type Generated<T> = ColumnType<SelectType<T>, InsertType<T> | undefined, UpdateType<T>>;

/** bigint (keys, `integer` fields, audit user ids): read as a JS number (typeParsers: int8). */
export type Int8 = number;

/** numeric(p,s) (`decimal` fields): read as a JS number (typeParsers: numeric); written as a number or exact decimal text. */
export type Numeric = ColumnType<number, number | string, number | string>;

/**
 * date: read as 'yyyy-MM-dd' (typeParsers: date); written as that text. A JS Date is refused: pg sends
 * it in the process's local time and PGlite in UTC, so the same Date would store different days.
 */
export type DateText = ColumnType<string, string, string>;

/** timestamp(0): read as 'yyyy-MM-dd HH:mm:ss' (typeParsers: timestamp); written as that text or `localtimestamp(0)` (see dbNow). */
export type Timestamp = ColumnType<string, string, string>;

/** A `yn` field, varchar(1): read as stored; written only as 'Y' or 'N'. */
export type YesNo = ColumnType<string, 'Y' | 'N', 'Y' | 'N'>;

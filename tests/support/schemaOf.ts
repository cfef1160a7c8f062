// What a database's public schema is, as plain data to compare two databases: every column (order,
// type, length, precision, default, NOT NULL, identity), index (its whole definition), constraint,
// sequence and extension.
import { sql } from 'kysely';
import type { Db } from '../../server/db/connect.js';

export async function schemaOf(db: Db) {
  const columns = (
    await sql`select table_name, column_name, ordinal_position, data_type, character_maximum_length, numeric_precision, numeric_scale,
      is_nullable, column_default, is_identity, identity_generation
    from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`.execute(db)
  ).rows;
  const indexes = (await sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`.execute(db)).rows;
  const constraints = (
    await sql`select conrelid::regclass::text as table_name, conname, contype, pg_get_constraintdef(oid) as def
    from pg_constraint where connamespace = 'public'::regnamespace order by conname`.execute(db)
  ).rows;
  const sequences = (
    await sql`select sequence_name, data_type, start_value, minimum_value, maximum_value, increment
    from information_schema.sequences where sequence_schema = 'public' order by sequence_name`.execute(db)
  ).rows;
  const extensions = (await sql`select extname from pg_extension order by extname`.execute(db)).rows;
  return { columns, indexes, constraints, sequences, extensions };
}

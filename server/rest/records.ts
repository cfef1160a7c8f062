// Between database rows and wire records: column names, hidden fields, and the checked set of
// values a client may write.
import { DynamicReferenceBuilder, sql } from 'kysely';
import { allFields, columnName, type EntityDefinition } from '../../meta/definitions.js';
import { message } from '../i18n/messages.js';
import { refuse } from '../errors.js';
import type { Db } from '../db/connect.js';
import type { ActionContext, DbRecord } from './actionContext.js';
import { fieldLabel } from './labels.js';
import { convertValue, isEmpty } from './values.js';
import { hashPassword } from '../auth/password.js';

// Entity definitions are immutable once loaded; a list of 50,000 rows should not rebuild this 50,000 times.
const visibleColumns = new WeakMap<EntityDefinition, readonly (readonly [string, string])[]>();

function visibleColumnsOf(entity: EntityDefinition): readonly (readonly [string, string])[] {
  let pairs = visibleColumns.get(entity);
  if (!pairs) {
    pairs = allFields(entity)
      .filter(([, f]) => !f.serverOnly)
      .map(([name]) => [name, columnName(name)] as const);
    visibleColumns.set(entity, pairs);
  }
  return pairs;
}

export function rowToRecord(entity: EntityDefinition, row: DbRecord): DbRecord {
  const out: DbRecord = {};
  for (const [name, column] of visibleColumnsOf(entity)) out[name] = row[column] ?? null;
  return out;
}

/** The select list of an entity's visible columns (or only those of `only`, visible ones among them). */
export function selectColumns(entity: EntityDefinition, alias = 't', only?: ReadonlySet<string>) {
  return sql.join(
    visibleColumnsOf(entity)
      .filter(([name]) => !only || only.has(name))
      .map(([, column]) => sql.ref(`${alias}.${column}`)),
  );
}

/** The same columns for a typed query builder: `typed<T>(db).selectFrom('table as t').select(visibleColumnRefs(entity))`. */
export function visibleColumnRefs(entity: EntityDefinition, alias = 't'): DynamicReferenceBuilder<string>[] {
  return visibleColumnsOf(entity).map(([, column]) => new DynamicReferenceBuilder(`${alias}.${column}`));
}

export interface FieldError {
  field: string;
  msg: string;
}

/**
 * The column values a client may write, converted and checked. Fields the client may not set
 * (key, audit, read-only, server-only, status, ownership) are ignored, never taken.
 */
export async function writableValues(
  ctx: ActionContext,
  db: Db,
  entity: EntityDefinition,
  record: DbRecord,
  mode: 'insert' | 'update',
  /** A batch (Excel import) checks references for all its rows at once instead. */
  opts: { checkReferences?: boolean } = {},
): Promise<{ values: Record<string, unknown>; errors: FieldError[] }> {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  const say = (name: string, key: string, params: Record<string, string | number> = {}) =>
    errors.push({ field: name, msg: message(ctx.lang, key, { field: fieldLabel(entity, name, ctx.lang), ...params }) });
  for (const [name, f] of Object.entries(entity.fields)) {
    if (f?.writeOnly) {
      await takeSecret(ctx, db, name, f.writeOnly, record, mode, values, say);
      continue;
    }
    if (!f || name === entity.key || f.readOnly || f.serverOnly) continue;
    if (name === entity.status?.field) continue;
    if (name === entity.ownership?.field && ctx.session.userType === 'EXTERNAL') continue;
    const present = Object.prototype.hasOwnProperty.call(record, name);
    if (!present) {
      if (mode === 'insert' && f.required && f.default === undefined) say(name, 'rest.required');
      continue;
    }
    const c = convertValue(f, record[name]);
    if (!c.ok) {
      say(name, c.key, c.params);
      continue;
    }
    if (c.value === null && f.required) {
      say(name, 'rest.required');
      continue;
    }
    if (c.value !== null && f.lookup) {
      const codes = await ctx.app.lookups.codes(f.lookup, db);
      if (codes && !codes.has(String(c.value))) {
        say(name, 'rest.badLookup', { value: String(c.value) });
        continue;
      }
    }
    values[columnName(name)] = c.value;
  }
  if (opts.checkReferences !== false) await checkReferences(db, ctx, entity, values, say, (own) => mode === 'insert' || Object.hasOwn(record, own));
  return { values, errors };
}

/**
 * Each reference must name an existing record; the same read fills the fields the definition declares
 * (`fills`) that were left empty — on insert, or on update when the client sent them empty — so a line
 * saved through the API, an import or a screen gets the material's unit alike.
 */
async function checkReferences(
  db: Db,
  ctx: ActionContext,
  entity: EntityDefinition,
  values: Record<string, unknown>,
  say: (name: string, key: string) => void,
  mayFill: (own: string) => boolean,
): Promise<void> {
  for (const [name, f] of Object.entries(entity.fields)) {
    const v = values[columnName(name)];
    if (!f?.references || isEmpty(v)) continue;
    const target = ctx.app.defs.entities.get(f.references);
    if (!target) continue;
    const fills = Object.entries(f.fills ?? {}).filter(
      (fill): fill is [string, string] =>
        fill[1] !== undefined && isEmpty(values[columnName(fill[0])]) && mayFill(fill[0]) && entity.fields[fill[0]] !== undefined,
    );
    const selected = fills.length ? sql.join(fills.map(([own, theirs]) => sql`${sql.ref(columnName(theirs))} as ${sql.ref(own)}`)) : sql`1 as found`;
    const found = await sql<
      Record<string, unknown>
    >`select ${selected} from ${sql.table(target.table)} where ${sql.ref(columnName(target.key))} = ${v}`.execute(db);
    const row = found.rows[0];
    if (!row) {
      say(name, 'rest.badReference');
      continue;
    }
    for (const [own] of fills) if (!isEmpty(row[own])) values[columnName(own)] = row[own];
  }
}

export function refuseFieldErrors(errors: FieldError[], prefix?: (msg: string) => string): never {
  const msgs = errors.map((e) => (prefix ? prefix(e.msg) : e.msg));
  throw refuse('rest.validation', { list: msgs.join('; ') }, { errors });
}

export function ownershipValue(ctx: ActionContext): number | null {
  if (!ctx.entity.ownership || ctx.session.userType !== 'EXTERNAL') return null;
  // An external user without a supplier sees nothing rather than everything.
  return ctx.session.supplierId ?? -1;
}

const SECRET_MAX = 200;

/**
 * A write-only secret (an initial password): taken as plain text on insert only, checked against the
 * password rules, stored only as its hash, never read back. An update never sets it: a password is
 * changed only through changePassword / resetPassword (RSA-OAEP, history, sessions ended), so a value
 * on update is refused; an empty one is nothing.
 */
async function takeSecret(
  ctx: ActionContext,
  db: Db,
  name: string,
  kind: 'scrypt',
  record: DbRecord,
  mode: 'insert' | 'update',
  values: Record<string, unknown>,
  say: (name: string, key: string, params?: Record<string, string | number>) => void,
): Promise<void> {
  const raw = record[name];
  if (raw === undefined || raw === null || raw === '') {
    if (mode === 'insert') say(name, 'rest.required');
    return;
  }
  if (mode === 'update') return say(name, 'password.onlyByReset');
  if (typeof raw !== 'string' || raw.length > SECRET_MAX) return say(name, 'rest.tooLong', { max: SECRET_MAX });
  // An initial password follows the rules of the module owning the users (services.ts AccessData).
  const userName = typeof record.userName === 'string' ? record.userName : '';
  const broken = await ctx.app.modules.service('access').secretViolations(db, userName, raw, ctx.lang);
  if (broken.length > 0) return say(name, 'password.rejected', { detail: broken.join('; ') });
  if (kind === 'scrypt') values[columnName(name)] = await hashPassword(raw);
}

// JSON Schemas of a family's wire shapes (wire contract): the listByPage params and each operation's
// request and answer, built once from the entity definition. The OpenAPI document, the standalone schema
// files (meta/generated/jsonschema) and the typed clients (src/generated/clients.ts) all read these, so
// a filter's type cannot differ between the document and the client.
import { allFields, type Definitions, type EntityDefinition, type Field } from './definitions.js';
import { recordSchema } from './recordSchema.js';

export type Schema = Record<string, unknown>;

export const typeName = (entityName: string) => entityName[0].toUpperCase() + entityName.slice(1);

/** The type a filter value has on the wire: numbers for keys, integers and decimals, text for the rest. */
function filterScalar(f: Field): Schema {
  if (f.type === 'id' || f.type === 'integer') return { type: 'integer' };
  if (f.type === 'decimal') return { type: 'number' };
  return { type: 'string' };
}

/** listByPage `params`: one key per filterable field (eq: a value or any of an array; like: contains; range: From/To). */
export function paramsSchema(e: EntityDefinition): Schema {
  const properties: Record<string, unknown> = {};
  for (const [name, f] of allFields(e)) {
    const filter = f.filter ?? 'eq';
    if (filter === 'none' || f.serverOnly) continue;
    const scalar = filterScalar(f);
    if (filter === 'eq') properties[name] = { description: 'equals; an array means any of', oneOf: [scalar, { type: 'array', items: scalar }] };
    else properties[name] = { ...scalar, description: filter === 'like' ? 'contains, case-insensitive' : 'equals' };
    if (filter === 'range') {
      properties[`${name}From`] = { ...scalar, description: 'inclusive lower bound' };
      properties[`${name}To`] = { ...scalar, description: 'inclusive upper bound' };
    }
  }
  if (e.display) properties.keyword = { type: 'string', description: `contains, over ${e.display.join(', ')}` };
  return { type: 'object', title: `${typeName(e.name)}Params`, properties, additionalProperties: false };
}

export const envelope = (data: Schema, paged = false): Schema => ({
  type: 'object',
  required: ['status', 'msg', 'data'],
  properties: {
    status: { type: 'string', enum: ['S', 'E'] },
    msg: { type: 'string' },
    data,
    ...(paged
      ? {
          page: {
            type: 'object',
            properties: {
              count: { type: 'integer' },
              curIndex: { type: 'integer' },
              pageRows: { type: 'integer' },
              estimated: { type: 'boolean' },
              after: { type: 'string', description: 'listByPage: the cursor of the next page, sent back as `after`; absent after the last row' },
            },
          },
        }
      : {}),
  },
});

export interface FamilyOperation {
  action: string;
  summary: string;
  request: Schema;
  answer: Schema;
  example?: unknown;
}

/** Every generic action and declared transition; `record` is how a schema points at the family's record. */
export function familyOperations(e: EntityDefinition, record: Schema, params: Schema = paramsSchema(e)): FamilyOperation[] {
  const id = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } };
  const ops: FamilyOperation[] = [
    { action: 'findById', summary: `${e.name}: one record${e.lines ? ' with its lines' : ''}`, request: id, answer: envelope(record), example: { id: 1 } },
    {
      action: 'listByPage',
      summary: `${e.name}: a page of records matching params`,
      request: {
        type: 'object',
        properties: {
          params,
          pageIndex: { type: 'integer', minimum: 1, default: 1 },
          pageRows: { type: 'integer', minimum: 1, maximum: 1000, default: 20 },
          sort: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, order: { enum: ['asc', 'desc'] } } } },
          after: {
            type: 'string',
            description:
              "Keyset paging: the previous answer's page.after, with the same params and sort. The page starts after that answer's last row, " +
              'as fast on page 5,000 as on page 1; pageIndex then only numbers it. A changed or foreign cursor is refused (HTTP 400).',
          },
        },
      },
      answer: envelope({ type: 'array', items: record }, true),
      example: { params: {}, pageIndex: 1, pageRows: 20 },
    },
    { action: 'saveOrUpdate', summary: `${e.name}: insert (no key) or update (key and versionNum)`, request: record, answer: envelope(record) },
    {
      action: 'doBatchSaveOrUpdate',
      summary: `${e.name}: save several, all or nothing`,
      request: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: record } } },
      answer: envelope({ type: 'array', items: record }),
    },
    {
      action: 'delete',
      summary: `${e.name}: delete one; with versionNum, a row changed since (another version) is refused as stale`,
      request: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, versionNum: { type: 'integer' } } },
      answer: envelope({ type: 'null' }),
      example: { id: 1, versionNum: 1 },
    },
    {
      action: 'doBatchDelete',
      summary: `${e.name}: delete several, all or nothing; versionNums (one per id, same order) refuse stale rows as delete does`,
      request: {
        type: 'object',
        required: ['ids'],
        properties: { ids: { type: 'array', items: { type: 'integer' } }, versionNums: { type: 'array', items: { type: 'integer' } } },
      },
      answer: envelope({ type: 'null' }),
      example: { ids: [1, 2], versionNums: [1, 3] },
    },
  ];
  for (const t of e.status?.transitions ?? []) {
    ops.push({
      action: t.action,
      summary: `${e.name}: ${t.from.join('|')} → ${t.to} (resource ${t.resource})`,
      request: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, versionNum: { type: 'integer' } } },
      answer: envelope(record),
      example: { id: 1, versionNum: 1 },
    });
  }
  if (e.aggregates?.length) {
    const names = e.aggregates.map((a) => a.name);
    ops.push({
      action: 'aggregate',
      summary: `${e.name}: grouped counts and measures of the rows listByPage would give the caller (${names.join(', ')})`,
      request: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { enum: names },
          params,
          groupBy: { type: 'array', items: { type: 'string' }, description: 'Narrows the aggregate to some of its declared group fields' },
          measures: { type: 'array', items: { type: 'string' }, description: 'Narrows the aggregate to some of its declared measure keys' },
        },
      },
      answer: envelope({ type: 'array', items: { type: 'object', additionalProperties: true } }, true),
      example: { name: names[0], params: {} },
    });
  }
  return ops;
}

/**
 * One standalone JSON Schema (2020-12) per family: the record, its line entities as named schemas, the
 * listByPage params, and `{action}Request` / `{action}Answer` of every operation, all under $defs.
 */
export function entityJsonSchema(defs: Definitions, e: EntityDefinition): Schema {
  const T = typeName(e.name);
  const ref = (name: string) => ({ $ref: `#/$defs/${name}` });
  const $defs: Record<string, Schema> = {};
  $defs[T] = recordSchema(defs, e, (line) => ref(typeName(line.name)));
  for (const l of e.lines ?? []) {
    const le = defs.entities.get(l.entity);
    if (le) $defs[typeName(le.name)] = recordSchema(defs, le);
  }
  $defs[`${T}Params`] = paramsSchema(e);
  for (const op of familyOperations(e, ref(T), ref(`${T}Params`))) {
    $defs[`${op.action}Request`] = op.request;
    $defs[`${op.action}Answer`] = op.answer;
  }
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: `srm:entity/${e.name}`, title: e.name, $ref: `#/$defs/${T}`, $defs };
}

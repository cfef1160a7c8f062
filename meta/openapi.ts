// The OpenAPI document of every REST family, built from the entity definitions.
import { allFields, isFamily, type Definitions, type EntityDefinition } from './definitions.js';
import { recordSchema } from './recordSchema.js';
import { FIXED_PATHS } from './openapiFixed.js';

type Obj = Record<string, unknown>;

const envelope = (data: Obj, paged = false): Obj => ({
  type: 'object',
  required: ['status', 'msg', 'data'],
  properties: {
    status: { type: 'string', enum: ['S', 'E'] },
    msg: { type: 'string' },
    data,
    ...(paged
      ? { page: { type: 'object', properties: { count: { type: 'integer' }, curIndex: { type: 'integer' }, pageRows: { type: 'integer' }, estimated: { type: 'boolean' } } } }
      : {}),
  },
});

function filterSchema(e: EntityDefinition): Obj {
  const props: Obj = {};
  for (const [name, f] of allFields(e)) {
    const filter = f.filter ?? 'eq';
    if (filter === 'none' || f.serverOnly) continue;
    props[name] = { description: filter === 'like' ? 'contains, case-insensitive' : 'equals; an array means any of' };
    if (filter === 'range') {
      props[`${name}From`] = { description: 'inclusive lower bound' };
      props[`${name}To`] = { description: 'inclusive upper bound' };
    }
  }
  if (e.display) props.keyword = { type: 'string', description: `contains, over ${e.display.join(', ')}` };
  return { type: 'object', additionalProperties: false, properties: props };
}

function op(summary: string, request: Obj, response: Obj, example?: unknown): Obj {
  return {
    post: {
      summary,
      requestBody: { required: true, content: { 'application/json': { schema: request, ...(example ? { example } : {}) } } },
      responses: {
        200: { description: 'Envelope; status E for a business refusal (validation, state, stale version)', content: { 'application/json': { schema: response } } },
        400: { description: 'Malformed request' },
        401: { description: 'No or expired session, bad signature, replay' },
        403: { description: 'Not permitted' },
      },
      security: [{ signed: [] }],
    },
  };
}

export function buildOpenApi(defs: Definitions, version: string): Obj {
  const paths: Obj = { ...FIXED_PATHS };
  const schemas: Obj = {};
  for (const e of defs.entities.values()) {
    if (!isFamily(e)) continue;
    const base = `/api/${e.area}/v1/${e.name}Restful`;
    const ref = { $ref: `#/components/schemas/${e.name}` };
    schemas[e.name] = recordSchema(defs, e);
    const id = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } };
    paths[`${base}/findById`] = op(`${e.name}: one record${e.lines ? ' with its lines' : ''}`, id, envelope(ref), { id: 1 });
    paths[`${base}/listByPage`] = op(
      `${e.name}: a page of records matching params`,
      {
        type: 'object',
        properties: {
          params: filterSchema(e),
          pageIndex: { type: 'integer', minimum: 1, default: 1 },
          pageRows: { type: 'integer', minimum: 1, maximum: 1000, default: 20 },
          sort: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, order: { enum: ['asc', 'desc'] } } } },
        },
      },
      envelope({ type: 'array', items: ref }, true),
      { params: {}, pageIndex: 1, pageRows: 20 },
    );
    paths[`${base}/saveOrUpdate`] = op(`${e.name}: insert (no key) or update (key and versionNum)`, ref, envelope(ref));
    paths[`${base}/doBatchSaveOrUpdate`] = op(
      `${e.name}: save several, all or nothing`,
      { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref } } },
      envelope({ type: 'array', items: ref }),
    );
    paths[`${base}/delete`] = op(`${e.name}: delete one`, id, envelope({ type: 'null' }), { id: 1 });
    paths[`${base}/doBatchDelete`] = op(
      `${e.name}: delete several, all or nothing`,
      { type: 'object', required: ['ids'], properties: { ids: { type: 'array', items: { type: 'integer' } } } },
      envelope({ type: 'null' }),
      { ids: [1, 2] },
    );
    for (const t of e.status?.transitions ?? []) {
      paths[`${base}/${t.action}`] = op(
        `${e.name}: ${t.from.join('|')} → ${t.to} (resource ${t.resource})`,
        { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, versionNum: { type: 'integer' } } },
        envelope(ref),
        { id: 1, versionNum: 1 },
      );
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'SRM platform API',
      version,
      description:
        'Every call is POST /api/{area}/v1/{Family}Restful/{action} with a JSON body and answers the envelope {status, msg, data, page?}. ' +
        'Signed headers: AuthorizationCode, timestamp, randomNum, appsign, parameterSignature, SAAF-Language (see the wire contract).',
    },
    components: {
      schemas,
      securitySchemes: { signed: { type: 'apiKey', in: 'header', name: 'AuthorizationCode' } },
    },
    paths,
  };
}

// The OpenAPI document of every REST family, built from the entity definitions; the request and answer
// schemas come from meta/familySchemas.ts, the same source as the JSON Schema files and the typed clients.
// The fixed endpoints and the shell's come from the modules' contract.json (meta/contract.ts).
import { isFamily, type Definitions } from './definitions.js';
import { envelope, familyOperations } from './familySchemas.js';
import { recordSchema } from './recordSchema.js';
import { contractPaths, FIXED_PATHS } from './openapiFixed.js';
import { contractOf } from './contract.js';

type Obj = Record<string, unknown>;

function op(summary: string, request: Obj, response: Obj, example?: unknown): Obj {
  return {
    post: {
      summary,
      requestBody: { required: true, content: { 'application/json': { schema: request, ...(example ? { example } : {}) } } },
      responses: {
        200: {
          description: 'Envelope; status E for a business refusal (validation, state, stale version)',
          content: { 'application/json': { schema: response } },
        },
        400: { description: 'Malformed request' },
        401: { description: 'No or expired session, bad signature, replay' },
        403: { description: 'Not permitted' },
      },
      security: [{ signed: [] }],
    },
  };
}

export function buildOpenApi(defs: Definitions, version: string): Obj {
  const contract = contractOf(defs);
  const paths: Obj = { ...FIXED_PATHS, ...contractPaths(contract.endpoints) };
  const schemas: Obj = { ...contract.shellSchemas };
  for (const o of contract.shellOperations) paths[`/api/${o.path}`] = op(o.summary, o.request, envelope(o.data), o.example);
  for (const e of defs.entities.values()) {
    if (!isFamily(e)) continue;
    const base = `/api/${e.area}/v1/${e.name}Restful`;
    const ref = { $ref: `#/components/schemas/${e.name}` };
    // Line entities are named schemas of their own, referenced from the header's line array.
    schemas[e.name] = recordSchema(defs, e, (line) => ({ $ref: `#/components/schemas/${line.name}` }));
    for (const l of e.lines ?? []) {
      const le = defs.entities.get(l.entity);
      if (le) schemas[le.name] = recordSchema(defs, le);
    }
    for (const o of familyOperations(e, ref)) paths[`${base}/${o.action}`] = op(o.summary, o.request, o.answer, o.example);
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

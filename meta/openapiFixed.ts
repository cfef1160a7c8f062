// The endpoints that are not entity families, described for the OpenAPI document with example bodies, as
// the wire contract asks: the platform's own (health, login) here, and those the modules declare in their
// contract.json (files, lookup values, the designer's services …), expanded by `contractPaths`.
import type { ContractEndpoint } from './contract.js';

type Obj = Record<string, unknown>;

const json = (example: unknown): Obj => ({ required: true, content: { 'application/json': { schema: { type: 'object' }, example } } });
const multipart = (fields: string[]): Obj => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: Object.fromEntries(fields.map((f) => [f, { type: 'string', ...(f === 'files' || f === 'chunk' ? { format: 'binary' } : {}) }])),
      },
    },
  },
});
const envelope = {
  description: 'Envelope {status, msg, data}; status E with a message in the SAAF-Language',
  content: { 'application/json': { schema: { type: 'object' } } },
};
const binary = {
  description: 'The bytes (Content-Disposition attachment; RFC 6266 file name); a JSON envelope with status E on error',
  content: { 'application/octet-stream': {} },
};

function post(summary: string, body: Obj | undefined, response: Obj = envelope, signed = true): Obj {
  return {
    post: {
      summary,
      ...(body ? { requestBody: body } : {}),
      responses: {
        200: response,
        400: { description: 'Malformed' },
        401: { description: 'No session / bad signature' },
        403: { description: 'Not permitted' },
      },
      ...(signed ? { security: [{ signed: [] }] } : { security: [] }),
    },
  };
}

const LOGIN = '/api/baseServer/v1/baseLoginService';
const jsonFile = { description: 'The JSON file (Content-Disposition attachment)', content: { 'application/json': {} } };
const ANSWERS = { envelope, binary, jsonFile } as const;

/** The path items of the modules' declared endpoints, in their order; a POST and a GET on one path make one item. */
export function contractPaths(endpoints: readonly ContractEndpoint[]): Obj {
  const paths: Record<string, Obj> = {};
  for (const e of endpoints) {
    const answer = ANSWERS[e.answer ?? 'envelope'];
    const item = (paths[e.path] ??= {});
    if (e.method === 'get') {
      item.get = {
        summary: e.summary,
        security: e.signed === false ? [] : [{ signed: [] }],
        responses: e.ranges ? { 200: answer, 206: answer } : { 200: answer },
      };
    } else {
      const body = e.multipart ? multipart(e.multipart) : e.example !== undefined ? json(e.example) : undefined;
      Object.assign(item, post(e.summary, body, answer, e.signed !== false));
    }
  }
  return paths;
}

// The shell endpoints (current user, menus, buttons …) and the modules' endpoints are added by openapi.ts.
export const FIXED_PATHS: Obj = {
  '/api/health': {
    get: {
      summary: 'Database and cache in use, each checked (a bounded select 1, a bounded PING)',
      security: [],
      responses: {
        200: {
          description:
            '{"status":"S","data":{"db":"pglite","cache":"memory","version":"…"}}; with Redis unreachable: {"status":"S","msg":"…","data":{"db":"postgres","cache":"redis-down","version":"…"}}',
        },
        503: { description: 'The database unreachable: {"status":"E","msg":"…","data":{"db":"postgres-down","cache":"redis","version":"…"}}' },
      },
    },
  },
  [`${LOGIN}/getPublicKey`]: post('The RSA public key (PEM, 2048-bit) to encrypt the password with (RSA-OAEP, SHA-256)', json({}), envelope, false),
  [`${LOGIN}/generateRandomValidate`]: post('A verification image, required after three failed sign-ins', json({}), envelope, false),
  [`${LOGIN}/login`]: post(
    'Sign in; answers authorizationCode and signKey for signing',
    json({ userName: 'buyer01', password: '<base64 RSA-OAEP>', validateKey: 'optional', validateCode: 'optional' }),
    envelope,
    false,
  ),
  [`${LOGIN}/logout`]: post('End the session named by the AuthorizationCode header', json({}), envelope, false),
};

// Reads an external swagger 2 / OpenAPI 3 JSON document into registry rows, refusing anything that
// is not one (with the reason) before a single row is written.
import { refuse } from '../../../server/errors.js';

export interface ImportedApi {
  method: string;
  path: string;
  summary: string | null;
  requestSchema: string | null;
  responseSchema: string | null;
}

type Obj = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const MAX_OPERATIONS = 5000;
const MAX_SCHEMA = 200_000;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function firstContentSchema(content: unknown): unknown {
  if (!isObj(content)) return undefined;
  const json = content['application/json'] ?? Object.values(content)[0];
  return isObj(json) ? json.schema : undefined;
}

function schemaText(s: unknown): string | null {
  if (s === undefined || s === null) return null;
  const text = JSON.stringify(s);
  return text.length > MAX_SCHEMA ? text.slice(0, MAX_SCHEMA) : text;
}

export function parseApiDocument(input: unknown): { version: 'swagger2' | 'openapi3'; apis: ImportedApi[] } {
  let doc = input;
  if (typeof doc === 'string') {
    try {
      doc = JSON.parse(doc);
    } catch {
      throw refuse('apiRegistry.notJson');
    }
  }
  if (!isObj(doc)) throw refuse('apiRegistry.notDocument');
  const version =
    typeof doc.swagger === 'string' && /^2\./.test(doc.swagger) ? 'swagger2' : typeof doc.openapi === 'string' && /^3\./.test(doc.openapi) ? 'openapi3' : null;
  if (!version) throw refuse('apiRegistry.noVersion');
  if (!isObj(doc.paths) || Object.keys(doc.paths).length === 0) throw refuse('apiRegistry.noPaths');
  const apis: ImportedApi[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/') || path.length > 1000) throw refuse('apiRegistry.badPath', { path: path.slice(0, 100) });
    if (!isObj(item)) throw refuse('apiRegistry.badOperation', { path: path.slice(0, 100), method: '-' });
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue; // parameters, servers, summary, $ref of the path item
      if (!isObj(op)) throw refuse('apiRegistry.badOperation', { path: path.slice(0, 100), method });
      if (op.responses !== undefined && !isObj(op.responses)) throw refuse('apiRegistry.badOperation', { path: path.slice(0, 100), method });
      const responses = isObj(op.responses) ? op.responses : {};
      const ok = responses['200'] ?? responses['201'] ?? responses.default;
      let request: unknown;
      let response: unknown;
      if (version === 'openapi3') {
        request = isObj(op.requestBody) ? firstContentSchema(op.requestBody.content) : undefined;
        response = isObj(ok) ? firstContentSchema(ok.content) : undefined;
      } else {
        const body = Array.isArray(op.parameters) ? op.parameters.find((p) => isObj(p) && p.in === 'body') : undefined;
        request = isObj(body) ? body.schema : undefined;
        response = isObj(ok) ? ok.schema : undefined;
      }
      const summary = typeof op.summary === 'string' ? op.summary : typeof op.description === 'string' ? op.description : null;
      apis.push({
        method: method.toUpperCase(),
        path,
        summary: summary?.slice(0, 1000) ?? null,
        requestSchema: schemaText(request),
        responseSchema: schemaText(response),
      });
      if (apis.length > MAX_OPERATIONS) throw refuse('apiRegistry.tooMany', { max: MAX_OPERATIONS });
    }
  }
  if (apis.length === 0) throw refuse('apiRegistry.noPaths');
  return { version, apis };
}

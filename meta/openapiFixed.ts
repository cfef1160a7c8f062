// The endpoints that are not entity families (login, shell, files), described for the OpenAPI document
// with example bodies, as the wire contract asks.
type Obj = Record<string, unknown>;

const json = (example: unknown): Obj => ({ required: true, content: { 'application/json': { schema: { type: 'object' }, example } } });
const multipart = (fields: string[]): Obj => ({
  required: true,
  content: { 'multipart/form-data': { schema: { type: 'object', properties: Object.fromEntries(fields.map((f) => [f, { type: 'string', ...(f === 'files' || f === 'chunk' ? { format: 'binary' } : {}) }])) } } },
});
const envelope = { description: 'Envelope {status, msg, data}; status E with a message in the SAAF-Language', content: { 'application/json': { schema: { type: 'object' } } } };
const binary = { description: 'The bytes (Content-Disposition attachment; RFC 6266 file name); a JSON envelope with status E on error', content: { 'application/octet-stream': {} } };

function post(summary: string, body: Obj | undefined, response: Obj = envelope, signed = true): Obj {
  return { post: { summary, ...(body ? { requestBody: body } : {}), responses: { 200: response, 400: { description: 'Malformed' }, 401: { description: 'No session / bad signature' }, 403: { description: 'Not permitted' } }, ...(signed ? { security: [{ signed: [] }] } : { security: [] }) } };
}

const LOGIN = '/api/baseServer/v1/baseLoginService';
const FILE = '/api/fileServer/v2/file';
const LARGE = '/api/largeFileServer/v1/largeFile';

const DEF = '/api/baseServer/v1/baseDefinitionRestful';
const TOOLS = '/api/baseServer/v1/baseDevtoolsRestful';
const APIS = '/api/baseServer/v1/baseApiRegistryRestful';
const jsonFile = { description: 'The JSON file (Content-Disposition attachment)', content: { 'application/json': {} } };
const page = { kind: 'page', name: 'base/bankList' };

/** The designer's services (docs/designer-api.md); designers only, except effectivePages. */
const DESIGNER_PATHS: Obj = {
  [`${DEF}/listDefinitions`]: post('Designer: every page with its source (shipped/overlay/new), published version, draft and conflict flags', json({ kind: 'page' })),
  [`${DEF}/getDefinition`]: post('Designer: shipped, published, draft and effective content of a page, and its conflict', json(page)),
  [`${DEF}/validateDefinition`]: post('Designer: meta-schema and cross-check errors of a candidate page', json({ ...page, content: {} })),
  [`${DEF}/saveDraft`]: post('Designer: save a draft (optimistic lock on draftVersionNum); answers the errors too', json({ ...page, content: {}, draftVersionNum: 1 })),
  [`${DEF}/discardDraft`]: post('Designer: drop the draft', json(page)),
  [`${DEF}/publish`]: post('Designer: publish the draft as the next version (refused while invalid)', json({ ...page, comment: 'wider columns' })),
  [`${DEF}/listVersions`]: post('Designer: published versions, newest first (0 = shipped)', json(page)),
  [`${DEF}/getVersion`]: post('Designer: content of a version (0 = shipped, "draft")', json({ ...page, version: 1 })),
  [`${DEF}/diff`]: post('Designer: differences between two versions', json({ ...page, from: 0, to: 'draft' })),
  [`${DEF}/rollback`]: post('Designer: publish a new version with the content of an old one (0 = back to shipped)', json({ ...page, version: 1 })),
  [`${DEF}/resolveConflict`]: post('Designer: after an upgrade changed the shipped page, keep the overlay or the shipped page', json({ ...page, keep: 'overlay' })),
  [`${DEF}/exportDefinition`]: post('Designer: the page as a file for schemas/pages', json(page), jsonFile),
  [`${DEF}/createPage`]: post('Designer: a new list or edit page generated from an entity, as a draft', json({ name: 'custom/rateList', entity: 'srmBaseExchangeRate', kind: 'list' })),
  [`${DEF}/addToMenu`]: post('Designer: a PAGE menu for a published page, its resources and grants, in one transaction', json({ pageName: 'custom/rateList', parentMenuCode: 'SYS_SETTING', menuCode: 'CUSTOM_RATES', names: { CN: '汇率', EN: 'Rates', TH: 'อัตรา', VN: 'Tỷ giá' }, resources: [], grantRespCodes: ['BUYER'] })),
  [`${DEF}/effectivePages`]: post('Any signed-in user: the pages whose effective definition differs from the shipped one', json({})),
  [`${TOOLS}/databaseList`]: post('Designer: database tables, searchable and paged, with estimated row counts', json({ params: { tableName: 'srm_' }, pageIndex: 1, pageRows: 20 })),
  [`${TOOLS}/databaseDetail`]: post('Designer: columns, primary key and indexes of a table', json({ tableName: 'srm_base_bank' })),
  [`${TOOLS}/generateFromTable`]: post('Designer: entity definition and list/edit pages generated from a table, with their check errors', json({ tableName: 'srm_base_bank', entityName: 'srmGenBank', module: 'gen' })),
  [`${TOOLS}/downloadGenerated`]: post('Designer: one generated file (entity, list or edit)', json({ tableName: 'srm_base_bank', file: 'entity' }), jsonFile),
  [`${APIS}/listEndpoints`]: post('Designer: the endpoints of this OpenAPI document, searchable', json({ params: { keyword: 'Bank', area: 'srmServer' } })),
  [`${APIS}/importDocument`]: post('Designer: register the APIs of a swagger 2 / OpenAPI 3 JSON document under a source', json({ source: 'weather', document: { openapi: '3.0.0', paths: {} } })),
  [`${APIS}/listRegistered`]: post('Designer: registered external APIs', json({ params: { source: 'weather' } })),
  [`${APIS}/deleteSource`]: post('Designer: forget every API of a source', json({ source: 'weather' })),
};

// The shell endpoints (current user, menus, buttons) are described from meta/shellSchemas.ts by openapi.ts.
export const FIXED_PATHS: Obj = {
  '/api/health': { get: { summary: 'Database and cache in use', security: [], responses: { 200: { description: '{"status":"S","data":{"db":"pglite","cache":"memory","version":"…"}}' } } } },
  [`${LOGIN}/getPublicKey`]: post('The RSA public key (PEM, 2048-bit) to encrypt the password with (RSA-OAEP, SHA-256)', json({}), envelope, false),
  [`${LOGIN}/generateRandomValidate`]: post('A verification image, required after three failed sign-ins', json({}), envelope, false),
  [`${LOGIN}/login`]: post('Sign in; answers authorizationCode and signKey for signing', json({ userName: 'buyer01', password: '<base64 RSA-OAEP>', validateKey: 'optional', validateCode: 'optional' }), envelope, false),
  [`${LOGIN}/logout`]: post('End the session named by the AuthorizationCode header', json({}), envelope, false),
  '/api/baseServer/v1/baseLookupValuesRestful/findDic': post('Lookup values of a type, meanings in the request language', json({ lookupType: 'PR_STATUS' })),
  [`${FILE}/limits`]: post('Upload limits (per file, total, count, extensions)', json({})),
  [`${FILE}/upload`]: post('Upload files to a business record', multipart(['files', 'path', 'functionId', 'businessId', 'fileDesc'])),
  '/api/fileServer/v2/images/upload': post('Upload images (gif, jpg, jpeg, png, bmp)', multipart(['files', 'path', 'functionId', 'businessId', 'fileDesc'])),
  '/api/fileServer/v1/baseFileRestful/listBaseFile': post('The attachments among the ids that the caller may see', json({ ids: '1,2,3' })),
  [`${FILE}/download`]: {
    ...(post('Download one file: POST ?id= with an empty body', undefined, binary) as Obj),
    get: { summary: 'Download one file as a link: ?id=&ticket= from getFileUrl (no signing headers)', security: [], responses: { 200: binary } },
  },
  [`${FILE}/getFileUrl`]: post('A link with a ticket (≤ 5 min, this user, this file)', json({ id: 7 })),
  [`${FILE}/batchDownload`]: post('A zip of the files the caller may see among fileIds', json({ fileIds: '1,2,3' }), binary),
  [`${FILE}/copy`]: post('Copy a file to another record', json({ id: 7, functionId: 'srmPoRequisition', businessId: 12 })),
  [`${FILE}/delete`]: post('Delete one file', json({ id: 7 })),
  [`${FILE}/batchDelete`]: post('Delete files; fileIds is the base64 RSA-OAEP encryption of "1,2,3"', json({ fileIds: '<base64>' })),
  [`${LARGE}/init`]: post('Start or resume a chunked upload (files over 100 MB)', json({ fileName: 'model.step', fileSize: 209715200, chunkSize: 8388608 })),
  [`${LARGE}/upload`]: post('One chunk (multipart uploadId, index, chunkHash, chunk)', multipart(['uploadId', 'index', 'chunkHash', 'chunk'])),
  [`${LARGE}/upload/status`]: post('Chunks received so far', json({ uploadId: '…' })),
  [`${LARGE}/complete`]: post('Assemble after checking the whole-file hash', json({ uploadId: '…', fileHash: '<sha256>' })),
  [`${LARGE}/download`]: { get: { summary: 'Download a large file; HTTP Range supported (206)', security: [{ signed: [] }], responses: { 200: binary, 206: binary } } },
  ...DESIGNER_PATHS,
};

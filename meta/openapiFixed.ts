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

export const FIXED_PATHS: Obj = {
  '/api/health': { get: { summary: 'Database and cache in use', security: [], responses: { 200: { description: '{"status":"S","data":{"db":"pglite","cache":"memory","version":"…"}}' } } } },
  [`${LOGIN}/getPublicKey`]: post('The RSA public key (PEM, 2048-bit) to encrypt the password with (RSA-OAEP, SHA-256)', json({}), envelope, false),
  [`${LOGIN}/generateRandomValidate`]: post('A verification image, required after three failed sign-ins', json({}), envelope, false),
  [`${LOGIN}/login`]: post('Sign in; answers authorizationCode and signKey for signing', json({ userName: 'buyer01', password: '<base64 RSA-OAEP>', validateKey: 'optional', validateCode: 'optional' }), envelope, false),
  [`${LOGIN}/logout`]: post('End the session named by the AuthorizationCode header', json({}), envelope, false),
  '/api/baseServer/v1/baseUsersRestful/getCurrentUser': post('The signed-in user and responsibilities', json({})),
  '/api/baseServer/v1/baseMenuRestful/findMenuByResp': post('Menu tree of a responsibility, names in the request language', json({ respId: 2 })),
  '/api/baseServer/v1/baseResourceRestful/findByRespAndMenu': post('Button resources held on a menu', json({ respId: 2, menuId: 5 })),
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
};

export { createHttpClient, apiUrl, fileNameOf } from './client';
export type { HttpClient, HttpClientOptions, SessionCredentials, FallbackMessageKind } from './client';
export { encryptPassword } from './rsa';
export { appSign, parameterSignature, randomNum, signedPath } from './signing';

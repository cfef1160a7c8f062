// Helpers of the organisation / system-admin API tests: family paths and signed GET calls.
import { signedHeaders, type Answer, type SignedClient } from './signedClient.js';

export const INSTITUTION = 'baseServer/v1/baseInstitutionRestful';
export const DEPARTMENT = 'baseServer/v1/baseDepartmentRestful';
export const POSITION = 'baseServer/v1/basePositionRestful';
export const LEVEL = 'baseServer/v1/basePositionLevelRestful';
export const JOB = 'baseServer/v1/baseJobRestful';
export const EMPLOYEE = 'baseServer/v1/baseEmployeeRestful';
export const ALLOT = 'baseServer/v1/basePositionAllotRestful';
export const PROFILE = 'baseServer/v1/baseProfileRestful';
export const ARTICLE = 'baseServer/v1/baseArticleRestful';
export const REMINDER = 'baseServer/v1/baseReminderSettingRestful';
export const LOOKUP_VALUES = 'baseServer/v1/baseLookupValuesRestful';
export const REDIS = 'baseServer/v1/baseRedisRestful';
export const FUNC_RES = 'baseServer/v1/srmFuncResRestful';

/** A signed GET (the signature covers the path without its query, and an empty body). */
export async function signedGet<T = unknown>(c: SignedClient, pathAndQuery: string): Promise<Answer<T>> {
  const full = `/api/${pathAndQuery}`;
  const path = full.split('?')[0];
  const headers = signedHeaders(c.session!, path, '', { lang: c.lang });
  delete headers['content-type'];
  const res = await fetch(c.baseUrl + full, { method: 'GET', headers });
  return { http: res.status, ...((await res.json()) as Omit<Answer<T>, 'http'>) };
}

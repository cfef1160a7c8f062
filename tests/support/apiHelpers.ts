// Small helpers shared by the API tests: exact envelope assertions, unique codes, raw logins from a
// chosen client address (test servers trust X-Forwarded-For as if behind a proxy, so per-address login limits stay per test).
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { SignedClient, signedHeaders, type Answer, type LoginData } from './signedClient.js';

export const BANK = 'srmServer/v1/srmBaseBankRestful';
export const RATE = 'srmServer/v1/srmBaseExchangeRateRestful';
export const MATERIAL = 'srmServer/v1/srmBaseMaterialRestful';
export const PR = 'srmServer/v1/srmPoRequisitionRestful';
export const SUPPLIER = 'srmServer/v1/srmPosSupplierInfoRestful';
export const LOGIN = '/api/baseServer/v1/baseLoginService';

export type Rec = Record<string, unknown>;

/** A short code that no other test (or earlier run against the same database) uses. */
export function uniq(prefix = 'T'): string {
  return `${prefix}-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** A fresh client address for login-limit isolation. */
export function freshIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${(b[2] % 250) + 1}`;
}

const STACKY =
  /(\bat\s+\S+\s+\(|\.ts:\d+|\.js:\d+|\bselect\s.*\bfrom\b|\binsert\s+into\b|\bupdate\s+\w+\s+set\b|\bsrm_\w+|\bbase_\w+|\bsyntax error\b|violates|constraint|node_modules)/i;

/** status S on HTTP 200 with an empty msg; returns data. */
export function expectOk<T>(a: Answer<T>): T {
  expect({ http: a.http, status: a.status, msg: a.msg }, `unexpected refusal: ${a.msg}`).toEqual({ http: 200, status: 'S', msg: '' });
  return a.data;
}

/** status E with the given HTTP status and exactly this msg (or matching it). Never a stack trace or SQL. */
export function expectRefusal(a: Answer, http: number, msg: string | RegExp): void {
  expect({ http: a.http, status: a.status }).toEqual({ http, status: 'E' });
  if (typeof msg === 'string') expect(a.msg).toBe(msg);
  else expect(a.msg).toMatch(msg);
  expect(a.msg).not.toMatch(STACKY);
}

export const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** POST a body text with arbitrary headers and read the JSON answer. */
export async function post(url: string, path: string, body: string, headers: Record<string, string>): Promise<Answer & { raw: string }> {
  const res = await fetch(url + path, { method: 'POST', headers, body });
  const raw = await res.text();
  const json = JSON.parse(raw) as Omit<Answer, 'http'>;
  return { http: res.status, ...json, raw };
}

export async function publicKey(url: string): Promise<string> {
  const a = await post(url, `${LOGIN}/getPublicKey`, '{}', { 'content-type': 'application/json' });
  return a.data as string;
}

export function oaep(key: string, password: string): string {
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
}

export function pkcs1(key: string, password: string): string {
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password)).toString('base64');
}

/** A login call with a chosen client address and language; the password as given (already encrypted or not). */
export async function rawLogin(
  url: string,
  body: Rec,
  opts: { ip: string; lang?: string },
): Promise<Answer<LoginData & { needValidate?: boolean }> & { raw: string }> {
  return (await post(url, `${LOGIN}/login`, JSON.stringify(body), {
    'content-type': 'application/json',
    'SAAF-Language': opts.lang ?? 'EN',
    'X-Forwarded-For': opts.ip,
  })) as Answer<LoginData & { needValidate?: boolean }> & { raw: string };
}

/** A signed-in client whose login came from its own address (keeps the per-address limit out of the way). */
export async function signIn(url: string, user: string, lang = 'EN', password = 'Srm#Demo2026'): Promise<SignedClient> {
  const key = await publicKey(url);
  const a = await rawLogin(url, { userName: user, password: oaep(key, password) }, { ip: freshIp(), lang });
  if (a.status !== 'S') throw new Error(`login ${user} failed: ${a.msg}`);
  const c = new SignedClient(url);
  c.session = a.data;
  c.lang = lang;
  return c;
}

/**
 * A user the administrator created with `initial` sets `own` as the first sign-in asks (the flag an
 * administrator's password sets, issue 18): after this, signing in with `own` opens the shell directly.
 */
export async function setOwnPassword(url: string, user: string, initial: string, own = 'Srm#Demo2026'): Promise<void> {
  const first = await signIn(url, user, 'EN', initial);
  const key = await publicKey(url);
  expectOk(await first.call('baseServer/v1/baseUsersRestful/changePassword', { oldPassword: oaep(key, initial), newPassword: oaep(key, own) }));
}

/** A signed call whose body text is sent exactly as given (malformed JSON, tampering…). */
export async function signedRaw(c: SignedClient, path: string, body: string, opts: { lang?: string; headers?: Record<string, string> } = {}) {
  const full = `/api/${path}`;
  return post(c.baseUrl, full, body, { ...signedHeaders(c.session!, full, body, { lang: opts.lang ?? c.lang }), ...(opts.headers ?? {}) });
}

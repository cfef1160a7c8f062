// A real HTTP client of the wire contract for tests and the bench: RSA-OAEP login, signed calls.
import { constants, createHash, createHmac, publicEncrypt, randomBytes } from 'node:crypto';

export interface Answer<T = unknown> {
  http: number;
  status: 'S' | 'E';
  msg: string;
  data: T;
  page?: { count: number; curIndex: number; pageRows: number; estimated?: boolean; after?: string };
}

export interface LoginData {
  authorizationCode: string;
  signKey: string;
  gatewayTag: string;
  userId: number;
  userName: string;
  userType: 'INTERNAL' | 'EXTERNAL';
  supplierId?: number;
  responsibilities: { respId: number; respName: string }[];
  /** An initial password from an administrator: to be changed before anything else (issue 18). */
  passwordChangeRequired?: boolean;
}

export function appsignOf(timestamp: string): string {
  const d = timestamp.split('').map(Number);
  const L = (d[d.length - 2] % 4) + 1;
  const k = (d.slice(0, L).reduce((a, b) => a + b, 0) % 4) + 1;
  let v = timestamp;
  for (let i = 0; i < k; i++) v = createHash('md5').update(v).digest('hex');
  return v;
}

export interface SignedHeaders {
  [k: string]: string;
}

export function signedHeaders(
  session: { authorizationCode: string; signKey: string },
  path: string,
  body: string,
  opts: { timestamp?: number; randomNum?: string; lang?: string } = {},
): SignedHeaders {
  const timestamp = String(opts.timestamp ?? Date.now());
  const randomNum = opts.randomNum ?? randomBytes(12).toString('hex');
  return {
    'content-type': 'application/json',
    AuthorizationCode: session.authorizationCode,
    timestamp,
    randomNum,
    appsign: appsignOf(timestamp),
    parameterSignature: createHmac('sha256', session.signKey).update(`${timestamp}\n${randomNum}\n${path}\n${body}`).digest('hex'),
    'SAAF-Language': opts.lang ?? 'CN',
  };
}

export class SignedClient {
  session?: LoginData;
  lang = 'CN';

  constructor(readonly baseUrl: string) {}

  async raw(path: string, body: string, headers: Record<string, string>): Promise<Answer> {
    const res = await fetch(this.baseUrl + path, { method: 'POST', headers, body });
    const json = (await res.json()) as Omit<Answer, 'http'>;
    return { http: res.status, ...json };
  }

  async unsigned<T = unknown>(path: string, body: unknown = {}): Promise<Answer<T>> {
    return (await this.raw(path, JSON.stringify(body), { 'content-type': 'application/json', 'SAAF-Language': this.lang })) as Answer<T>;
  }

  async encryptPassword(password: string): Promise<string> {
    const key = (await this.unsigned<string>('/api/baseServer/v1/baseLoginService/getPublicKey')).data;
    return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
  }

  async login(userName: string, password = 'Srm#Demo2026', extra: Record<string, unknown> = {}): Promise<Answer<LoginData>> {
    const a = await this.unsigned<LoginData>('/api/baseServer/v1/baseLoginService/login', {
      userName,
      password: await this.encryptPassword(password),
      ...extra,
    });
    if (a.status === 'S') this.session = a.data;
    return a;
  }

  /** POST a signed call; `path` is like `srmServer/v1/srmBaseBankRestful/listByPage`. */
  async call<T = unknown>(path: string, body: unknown = {}, opts: { lang?: string } = {}): Promise<Answer<T>> {
    if (!this.session) throw new Error('not logged in');
    const full = `/api/${path}`;
    const text = JSON.stringify(body);
    return (await this.raw(full, text, signedHeaders(this.session, full, text, { lang: opts.lang ?? this.lang }))) as Answer<T>;
  }
}

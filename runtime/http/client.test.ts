import { createHash, createHmac } from 'node:crypto';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../env';
import { createHttpClient, type HttpClientOptions } from './client';

interface Captured {
  url: string;
  body: string;
  headers: Record<string, string>;
}

function fakeTransport(status: number, data: unknown, seen: Captured[]): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    seen.push({ url: String(config.url), body: String(config.data), headers: config.headers.toJSON() as Record<string, string> });
    return { data, status, statusText: String(status), headers: {}, config };
  };
}

function client(status: number, data: unknown, seen: Captured[], extra: Partial<HttpClientOptions> = {}) {
  return createHttpClient({
    appId: 'srm-web',
    getCredentials: () => ({ authorizationCode: 'AC-1', signKey: 'sk-1', gatewayTag: 'gw-1' }),
    getLanguage: () => 'EN',
    onUnauthorized: () => undefined,
    fallbackMessage: (kind, code) => `${kind}:${code}`,
    now: () => 1700000000123,
    adapter: fakeTransport(status, data, seen),
    ...extra,
  });
}

describe('signed client', () => {
  it('sends and signs the same body text with all contract headers', async () => {
    const seen: Captured[] = [];
    const body = { params: { bankName: '银行 "x"' }, pageIndex: 1, pageRows: 20 };
    const answer = await client(200, { status: 'S', msg: '', data: [1] }, seen).api<number[]>('srmServer/v1/srmBaseBankRestful/listByPage', body);
    expect(answer.data).toEqual([1]);
    const [req] = seen;
    expect(req.url).toBe('/api/srmServer/v1/srmBaseBankRestful/listByPage');
    expect(req.body).toBe(JSON.stringify(body));
    const h = req.headers;
    expect(h.AuthorizationCode).toBe('AC-1');
    expect(h['Gateway-Tag']).toBe('gw-1');
    expect(h['SAAF-Language']).toBe('EN');
    expect(h.appId).toBe('srm-web');
    expect(h.timestamp).toBe('1700000000123');
    expect(h.randomNum.length).toBeGreaterThanOrEqual(16);
    // 1700000000123 hashes once (see signing.test.ts)
    expect(h.appsign).toBe(createHash('md5').update('1700000000123').digest('hex'));
    const expected = createHmac('sha256', 'sk-1')
      .update(`1700000000123\n${h.randomNum}\n/api/srmServer/v1/srmBaseBankRestful/listByPage\n${req.body}`)
      .digest('hex');
    expect(h.parameterSignature).toBe(expected);
  });

  it('leaves login calls unsigned', async () => {
    const seen: Captured[] = [];
    await client(200, { status: 'S', msg: '', data: 'PEM' }, seen).publicApi('baseServer/v1/baseLoginService/getPublicKey');
    expect(seen[0].headers.parameterSignature).toBeUndefined();
    expect(seen[0].headers.AuthorizationCode).toBeUndefined();
    expect(seen[0].headers['SAAF-Language']).toBe('EN');
    expect(seen[0].body).toBe('{}');
  });
});

describe('envelope handling', () => {
  it('throws ApiError with the server msg for status E', async () => {
    const call = client(200, { status: 'E', msg: 'stale version', data: null }, []).api('x/v1/a/b', {});
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ message: 'stale version', httpStatus: 200 });
  });

  it('clears the session on 401', async () => {
    const onUnauthorized = vi.fn();
    const call = client(401, { status: 'E', msg: 'expired', data: null }, [], { onUnauthorized }).api('x/v1/a/b');
    await expect(call).rejects.toMatchObject({ httpStatus: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('reports 403 with the server msg', async () => {
    const call = client(403, { status: 'E', msg: 'not permitted', data: null }, []).api('x/v1/a/b');
    await expect(call).rejects.toMatchObject({ message: 'not permitted', httpStatus: 403 });
  });

  it('falls back to a local message when there is no envelope', async () => {
    const call = client(502, '<html>', []).api('x/v1/a/b');
    await expect(call).rejects.toMatchObject({ message: 'http:502' });
  });
});

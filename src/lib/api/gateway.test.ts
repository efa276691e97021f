/** The gateway around the generated client, against the real Prism mock of the contract. */
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getUserDetail, login } from '@generated/api/sdk.gen.ts';
import { startPrism, type RunningPrism } from '../../../mocks/prism.ts';
import { freePort } from '../../../mocks/ports.ts';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../session/session.ts';
import { ApiError, NETWORK_FAILURE_MESSAGE } from './api-error.ts';
import { commonHeaders, configureGateway } from './gateway.ts';

// Node has no Web Storage; the gateway only needs get/set/remove.
const storage = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  },
});

let prism: RunningPrism;
const errors: ApiError[] = [];
let unauthorized = 0;

const configure = (baseUrl: string) =>
  configureGateway({
    baseUrl,
    language: () => 'tr',
    onError: (error) => errors.push(error),
    onUnauthorized: () => unauthorized++,
  });

beforeAll(async () => {
  prism = await startPrism({
    mode: 'mock',
    contract: path.resolve('generated/openapi.json'),
    port: await freePort(),
  });
}, 90_000);
afterAll(async () => prism?.stop());
beforeEach(() => {
  errors.length = 0;
  unauthorized = 0;
  storage.clear();
  configure(prism.url);
});

describe('gateway', () => {
  it('sends the common headers: token, language, agent and country', () => {
    expect(commonHeaders('tr', 'abc')).toEqual({
      Authorization: 'Bearer abc',
      language: 'tr',
      agent: 'browser',
      country: 'TRY',
    });
    expect(commonHeaders('en', null)).toEqual({ language: 'en', agent: 'browser', country: 'USD' });
  });

  it('passes a successful answer through', async () => {
    storage.set(ACCESS_TOKEN_KEY, 'token');
    const result = await getUserDetail();
    expect(result.data?.data.name).toBeTypeOf('string');
    expect(errors).toEqual([]);
  });

  it("turns an error answer into the server's message", async () => {
    const attempt = login({ body: { username: 'x', password: 'y' }, headers: { prefer: 'code=401' } });
    await expect(attempt).rejects.toMatchObject({ httpStatus: 401, message: 'Kullanıcı adı veya şifre hatalı' });
    expect(errors.map((e) => e.message)).toEqual(['Kullanıcı adı veya şifre hatalı']);
    // No token was stored, so nothing to remove and no redirect.
    expect(unauthorized).toBe(0);
  });

  it('removes the access and refresh tokens on a 401', async () => {
    storage.set(ACCESS_TOKEN_KEY, 'expired');
    storage.set(REFRESH_TOKEN_KEY, 'refresh');
    await expect(getUserDetail({ headers: { prefer: 'code=401' } })).rejects.toBeInstanceOf(ApiError);
    expect(storage.has(ACCESS_TOKEN_KEY)).toBe(false);
    expect(storage.has(REFRESH_TOKEN_KEY)).toBe(false);
    expect(unauthorized).toBe(1);
  });

  it('reports a server that cannot be reached as "Cannot to connect server"', async () => {
    configure(`http://127.0.0.1:${await freePort()}`);
    await expect(getUserDetail()).rejects.toMatchObject({ httpStatus: 0, message: NETWORK_FAILURE_MESSAGE });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.isNetworkFailure).toBe(true);
  });
});

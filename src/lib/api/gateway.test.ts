/** The gateway around the generated client, against the real Prism mock of the contract. */
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getUserDetail, login } from '@generated/api/sdk.gen.ts';
import { startPrism, type RunningPrism } from '../../../mocks/prism.ts';
import { freePort } from '../../../mocks/ports.ts';
import { getAccessToken, storeAccessToken } from '../session/session.ts';
import { configureTokenStore } from '../session/token-store.ts';
import { configureSignOut } from '../session/sign-out.ts';
import { ApiError, NETWORK_FAILURE_MESSAGE } from './api-error.ts';
import { commonHeaders, configureGateway } from './gateway.ts';

// Node has no Web Storage; the gateway and the session only need get/set/remove.
const storage = new Map<string, string>();
const notices = new Map<string, string>();
const webStorage = (entries: Map<string, string>) => ({
  getItem: (key: string) => entries.get(key) ?? null,
  setItem: (key: string, value: string) => void entries.set(key, value),
  removeItem: (key: string) => void entries.delete(key),
});
Object.assign(globalThis, { localStorage: webStorage(storage), sessionStorage: webStorage(notices) });

let prism: RunningPrism;
/** A server that takes calls and never answers them. */
let silent: Server;
let silentUrl: string;
let signOuts = 0;

const configure = (baseUrl: string, timeoutMs = 15_000) =>
  configureGateway({ baseUrl, language: () => 'tr', timeoutMs });

beforeAll(async () => {
  prism = await startPrism({
    mode: 'mock',
    contract: path.resolve('generated/openapi.json'),
    port: await freePort(),
  });
  silent = createServer(() => undefined);
  const port = await freePort();
  await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${port}`;
}, 90_000);
afterAll(async () => {
  silent?.closeAllConnections();
  silent?.close();
  await prism?.stop();
});
beforeEach(() => {
  signOuts = 0;
  storage.clear();
  notices.clear();
  configureTokenStore('cookie');
  configureSignOut(() => signOuts++);
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
    storeAccessToken('token');
    const result = await getUserDetail();
    expect(result.data?.data.name).toBeTypeOf('string');
  });

  it("turns an error answer into the server's message; a refused sign-in is no sign-out", async () => {
    const attempt = login({ body: { username: 'x', password: 'y' }, headers: { prefer: 'code=401' } });
    await expect(attempt).rejects.toMatchObject({
      httpStatus: 401,
      message: 'Kullanıcı adı veya şifre hatalı',
      sessionEnded: false,
    });
    expect(signOuts).toBe(0);
  });

  it('signs out exactly once when several calls under way are refused with 401', async () => {
    storeAccessToken('expired');
    const calls = [1, 2, 3, 4].map(() => getUserDetail({ headers: { prefer: 'code=401' } }));
    const outcomes = await Promise.allSettled(calls);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      // Each failure is marked, so that it shows no message of its own.
      expect(reason.sessionEnded).toBe(true);
    }
    expect(signOuts).toBe(1);
    expect(getAccessToken()).toBeNull();
    // One message waits for the login page (beside the mark that this tab renews nothing until a sign-in).
    expect(notices.get('session_ended')).toBe('ended');
    expect([...notices.keys()].sort()).toEqual(['session_ended', 'session_left']);
  });

  it('ends the session on a 403 saying the password must be changed first, and on no other 403', async () => {
    storeAccessToken('token-of-a-reset-account');
    await expect(getUserDetail({ headers: { prefer: 'code=403, example=forbidden' } })).rejects.toMatchObject({
      httpStatus: 403,
    });
    expect(signOuts).toBe(0);
    await expect(
      getUserDetail({ headers: { prefer: 'code=403, example=password-change-required' } }),
    ).rejects.toMatchObject({ httpStatus: 403, sessionEnded: true });
    expect(signOuts).toBe(1);
    expect(getAccessToken()).toBeNull();
  });

  it('ends the session on a 403 saying a second factor the administrator now requires must be turned on first', async () => {
    storeAccessToken('token-of-a-dealer-without-a-second-factor');
    await expect(
      getUserDetail({ headers: { prefer: 'code=403, example=second-factor-enrolment-required' } }),
    ).rejects.toMatchObject({ httpStatus: 403, sessionEnded: true });
    expect(signOuts).toBe(1);
    expect(getAccessToken()).toBeNull();
  });

  it('reports a server that cannot be reached as "Cannot to connect server"', async () => {
    configure(`http://127.0.0.1:${await freePort()}`);
    await expect(getUserDetail()).rejects.toMatchObject({
      httpStatus: 0,
      kind: 'network',
      message: NETWORK_FAILURE_MESSAGE,
    });
  });

  it('ends a call the server does not answer as a timeout', async () => {
    configure(silentUrl, 200);
    const attempt = getUserDetail();
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({ kind: 'timeout', isTimeout: true });
  });

  it('forwards the caller’s signal: a call whose page was left is aborted, not failed', async () => {
    configure(silentUrl);
    const left = new AbortController();
    const attempt = getUserDetail({ signal: left.signal });
    left.abort();
    await expect(attempt).rejects.toMatchObject({ name: 'AbortError' });
    await expect(attempt).rejects.not.toBeInstanceOf(ApiError);
  });
});

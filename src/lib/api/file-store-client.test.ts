/**
 * The file store's client against the mock file store over real HTTP: base URL, the bearer token only to the console's
 * own or the API's origin, errors, a refused token ending the session, time-out.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadResource, getResources } from '@generated/api/sdk.gen.ts';
import { client } from '@generated/api/client.gen.ts';
import { Contract } from '../../../mocks/contract.ts';
import { fileStoreArea } from '../../../mocks/areas/file-store.ts';
import { areaHandler, listenOnFreePort } from '../../../mocks/area-server.ts';
import { installMemoryStorage } from '../../../tests/support/memory-storage.ts';
import { storeAccessToken } from '../session/session.ts';
import { configureSignOut } from '../session/sign-out.ts';
import { ApiError } from './api-error.ts';
import {
  carriesToken,
  configureFileStore,
  fileStoreClient,
  toFileStoreError,
  tokenOrigins,
} from './file-store-client.ts';

installMemoryStorage();
/** An administrator's access token (claims only: the mock reads them without checking a signature). */
const ADMIN_TOKEN = `x.${Buffer.from(JSON.stringify({ Username: 'admin', UserType: 2 })).toString('base64url')}.x`;
let signOuts = 0;

let store: Server;
let storeUrl: string;
/** A server that takes calls and never answers them. */
let silent: Server;
let silentUrl: string;
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  const area = fileStoreArea(Contract.load());
  const handle = areaHandler(area, (res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('no such route'));
  store = createServer((req, res) => {
    seen.push(req.headers);
    handle(req, res);
  });
  storeUrl = await listenOnFreePort(store);
  silent = createServer(() => undefined);
  silentUrl = await listenOnFreePort(silent);
});
afterAll(() => {
  for (const server of [store, silent]) {
    server.closeAllConnections();
    server.close();
  }
});
const trusted = () => new Set([new URL(storeUrl).origin]);

beforeEach(() => {
  seen.length = 0;
  signOuts = 0;
  storeAccessToken(ADMIN_TOKEN);
  configureSignOut(() => signOuts++);
  configureFileStore({ baseUrl: `${storeUrl}/files`, timeoutMs: 15_000, tokenOrigins: trusted() });
});

describe('the file store client', () => {
  it('lists a folder at the configured base URL with the bearer token only, leaving the API client alone', async () => {
    const apiBase = client.getConfig().baseUrl;
    const { data } = await getResources({ client: fileStoreClient(), query: { path: '/Firmware' } });
    expect(data?._embedded.items.map((item) => item.name)).toContain('mx16g-3.4.2.bin');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(seen[0]!.language).toBeUndefined();
    expect(client.getConfig().baseUrl).toBe(apiBase);
  });

  it('never sends the token to a store on another origin (which then refuses the call)', async () => {
    configureFileStore({
      baseUrl: `${storeUrl}/files`,
      timeoutMs: 15_000,
      tokenOrigins: new Set(['http://elsewhere.test']),
    });
    const attempt = getResources({ client: fileStoreClient(), query: { path: '/' } });
    await expect(attempt).rejects.toMatchObject({ httpStatus: 401 });
    expect(seen[0]!.authorization).toBeUndefined();
    // No token was sent, so the refusal is no verdict on the session.
    expect(signOuts).toBe(0);
  });

  it('ends the session once when the store refuses the token it was sent', async () => {
    storeAccessToken('not-a-token');
    const attempt = getResources({ client: fileStoreClient(), query: { path: '/' } });
    await expect(attempt).rejects.toMatchObject({ httpStatus: 401, sessionEnded: true });
    expect(signOuts).toBe(1);
  });

  it("trusts only the console's own origin and the API's", () => {
    const origins = tokenOrigins('https://api.example.com/api', 'https://console.example.com/Help/List');
    expect([...origins].sort()).toEqual(['https://api.example.com', 'https://console.example.com']);
    expect([...tokenOrigins('/api', 'https://console.example.com/')]).toEqual(['https://console.example.com']);
    expect(carriesToken('https://console.example.com/files/resources?path=/', origins)).toBe(true);
    expect(carriesToken('https://api.example.com/files/resources', origins)).toBe(true);
    expect(carriesToken('https://files.example.com/files/resources', origins)).toBe(false);
    expect(carriesToken('http://console.example.com/files/resources', origins)).toBe(false);
    expect(carriesToken('https://console.example.com.evil.test/files', origins)).toBe(false);
  });

  it('answers a download link the store signed', async () => {
    const { data } = await downloadResource({
      client: fileStoreClient(),
      query: { path: '/Firmware/mx16g-3.4.1.bin' },
    });
    expect(data?.href).toMatch(/\/files\/download\/fs-2001\?expires=\d+&sig=[\w-]{43}$/);
  });

  it("fails with the store's description as the message", async () => {
    const attempt = getResources({ client: fileStoreClient(), query: { path: '/Nope' } });
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({ httpStatus: 404, message: 'Resource not found.', kind: 'answer' });
  });

  it('keeps the usual message when the body has no description', () => {
    expect(toFileStoreError({ message: 'Kaynak yok' }, 404).message).toBe('Kaynak yok');
    expect(toFileStoreError('Bad gateway', 502).message).toBe('Bad gateway');
    expect(toFileStoreError(new TypeError('fetch failed'), undefined).isNetworkFailure).toBe(true);
  });

  it('ends a call the store does not answer as a timeout', async () => {
    configureFileStore({ baseUrl: silentUrl, timeoutMs: 200, tokenOrigins: trusted() });
    const attempt = getResources({ client: fileStoreClient(), query: { path: '/' } });
    await expect(attempt).rejects.toMatchObject({ kind: 'timeout', isTimeout: true });
  });
});

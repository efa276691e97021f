/** The file store's client against the mock file store over real HTTP: base URL, no credential, errors, time-out. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadResource, getResources } from '@generated/api/sdk.gen.ts';
import { client } from '@generated/api/client.gen.ts';
import { Contract } from '../../../mocks/contract.ts';
import { fileStoreArea } from '../../../mocks/file-store.ts';
import { freePort } from '../../../mocks/ports.ts';
import { ApiError } from './api-error.ts';
import { configureFileStore, fileStoreClient, toFileStoreError } from './file-store-client.ts';

let store: Server;
let storeUrl: string;
/** A server that takes calls and never answers them. */
let silent: Server;
let silentUrl: string;
const seen: IncomingHttpHeaders[] = [];

const listen = async (server: Server): Promise<string> => {
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${port}`;
};

beforeAll(async () => {
  const area = fileStoreArea(Contract.load());
  store = createServer((req, res) => {
    seen.push(req.headers);
    const url = new URL(req.url ?? '/', 'http://mock');
    const request = {
      params: {},
      body: {},
      query: url.searchParams,
      claims: {},
      raw: Buffer.alloc(0),
      contentType: '',
    };
    void Promise.resolve(area.handle!(req.method ?? 'GET', url.pathname, request, res)).then((answered) => {
      if (!answered) res.writeHead(404, { 'content-type': 'text/plain' }).end('no such route');
    });
  });
  storeUrl = await listen(store);
  silent = createServer(() => undefined);
  silentUrl = await listen(silent);
});
afterAll(() => {
  for (const server of [store, silent]) {
    server.closeAllConnections();
    server.close();
  }
});
beforeEach(() => {
  seen.length = 0;
  configureFileStore({ baseUrl: `${storeUrl}/files`, timeoutMs: 15_000 });
});

describe('the file store client', () => {
  it('lists a folder at the configured base URL, without any credential, leaving the API client alone', async () => {
    const apiBase = client.getConfig().baseUrl;
    const { data } = await getResources({ client: fileStoreClient(), query: { path: '/Firmware' } });
    expect(data?._embedded.items.map((item) => item.name)).toContain('mx16g-3.4.2.bin');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toBeUndefined();
    expect(seen[0]!.language).toBeUndefined();
    expect(client.getConfig().baseUrl).toBe(apiBase);
  });

  it('answers a download link', async () => {
    const { data } = await downloadResource({
      client: fileStoreClient(),
      query: { path: '/Firmware/mx16g-3.4.1.bin' },
    });
    expect(data?.href).toMatch(/\/files\/download\/fs-2001\?sig=mock$/);
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
    configureFileStore({ baseUrl: silentUrl, timeoutMs: 200 });
    const attempt = getResources({ client: fileStoreClient(), query: { path: '/' } });
    await expect(attempt).rejects.toMatchObject({ kind: 'timeout', isTimeout: true });
  });
});

/**
 * The mock file store (file-store.ts) over real HTTP, its answers checked against the contract's schemas: the access
 * check in front of every route and behind the proposed `GET /file-access`, signed download links.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContractAjv, loadBundledContract } from '../../tests/contract/contract-loader.ts';
import { Contract } from '../contract.ts';
import { fileStoreArea } from './file-store.ts';
import { seededBytes } from '../file-tree.ts';
import { areaHandler, listenOnFreePort } from '../area-server.ts';

const ajv = createContractAjv(loadBundledContract());
const schema = (name: string) => ajv.getSchema(`contract#/components/schemas/${name}`)!;

let server: Server;
let base: string;

const contract = Contract.load();
/** The contract's sign-in example token of a user (admin, dealer, user). */
const token = (username: string): string => {
  const login = contract.operations.find((op) => op.method === 'post' && op.path === '/logins')!;
  return (contract.responseExamples(login).get(username)!.example.value as { data: { token: string } }).data.token;
};
const ADMIN = { authorization: `Bearer ${token('admin')}` };
const USER = { authorization: `Bearer ${token('user')}` };

beforeAll(async () => {
  const area = fileStoreArea(contract);
  server = createServer(areaHandler(area, (res) => res.writeHead(599).end()));
  base = await listenOnFreePort(server);
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const get = (path: string, headers: Record<string, string> = ADMIN) => fetch(`${base}${path}`, { headers });
const list = (path: string) => get(`/files/resources?path=${encodeURIComponent(path)}`);

interface Listing {
  path: string;
  _embedded: { total: number; items: { name: string; path: string; type: string; file?: string }[] };
}

describe('the mock file store', () => {
  it('lists the root folders in the example order, as the contract describes a listing', async () => {
    const response = await list('/');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Listing;
    const validate = schema('DocumentList');
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(body._embedded.items.map((item) => item.name)).toEqual([
      'Kullanim Kilavuzlari',
      'Firmware',
      'Teknik Belgeler',
    ]);
    expect(body._embedded.total).toBe(3);
  });

  it('lists a folder: subfolders first, then its files, each file with a link to its content', async () => {
    const body = (await (await list('/Kullanim Kilavuzlari/')).json()) as Listing;
    expect(schema('DocumentList')(body)).toBe(true);
    expect(body.path).toBe('/Kullanim Kilavuzlari');
    expect(body._embedded.items.map((item) => [item.path, item.type])).toEqual([
      ['/Kullanim Kilavuzlari/Eski Surumler', 'dir'],
      ['/Kullanim Kilavuzlari/MX-16G Kurulum.pdf', 'file'],
      ['/Kullanim Kilavuzlari/MX-8 Kullanici Kilavuzu.pdf', 'file'],
    ]);
    expect(body._embedded.items[1]!.file).toMatch(
      new RegExp(`^${base}/files/download/fs-1001\\?expires=\\d+&sig=[\\w-]{43}$`),
    );
    // The item's link opens the file without a token.
    expect(
      (await get(new URL(body._embedded.items[1]!.file!).pathname + new URL(body._embedded.items[1]!.file!).search, {}))
        .status,
    ).toBe(200);
  });

  it('answers an unknown path or a file with 404 and a missing path with 400, in the store error shape', async () => {
    for (const path of ['/Nope', '/Firmware/mx16g-3.4.1.bin']) {
      const response = await list(path);
      expect(response.status).toBe(404);
      const body = await response.json();
      expect(schema('DocumentStoreError')(body)).toBe(true);
      expect(body).toMatchObject({ error: 'NotFound', description: 'Resource not found.' });
    }
    const missing = await get('/files/resources');
    expect(missing.status).toBe(400);
    expect(schema('DocumentStoreError')(await missing.json())).toBe(true);
    expect((await get('/files/resources/download?path=/Firmware')).status).toBe(404);
  });

  it('answers a download link on the caller origin, whose content is the file as an attachment', async () => {
    const response = await get(`/files/resources/download?path=${encodeURIComponent('/Firmware/mx16g-3.4.2.bin')}`, {
      ...ADMIN,
      referer: 'http://console.test:5173/Help/Updates',
    });
    const link = (await response.json()) as { href: string };
    expect(schema('DocumentDownloadLink')(link)).toBe(true);
    expect(link.href).toMatch(/^http:\/\/console\.test:5173\/files\/download\/fs-2002\?expires=\d+&sig=[\w-]{43}$/);
    // A browser download sends no token: the link's signature is the permission.
    const { pathname, search } = new URL(link.href);
    const content = await get(`${pathname}${search}`, {});
    expect(content.headers.get('x-content-type-options')).toBe('nosniff');
    expect(content.headers.get('content-type')).toBe('application/octet-stream');
    expect(content.headers.get('content-disposition')).toBe(
      `attachment; filename="mx16g-3.4.2.bin"; filename*=UTF-8''mx16g-3.4.2.bin`,
    );
    const bytes = Buffer.from(await content.arrayBuffer());
    expect(bytes.length).toBe(64 * 1024);
    expect(bytes.equals(seededBytes(2002, 64 * 1024))).toBe(true);
    expect(bytes.equals(seededBytes(2001, 64 * 1024))).toBe(false);
    // Unsigned, or signed for another file: refused.
    expect((await get(pathname)).status).toBe(401);
    expect((await get(`/files/download/fs-2001${search}`)).status).toBe(403);
  });

  it('serves the manuals as valid PDFs', async () => {
    const { href } = (await (
      await get(
        `/files/resources/download?path=${encodeURIComponent('/Kullanim Kilavuzlari/MX-16G Kurulum.pdf')}`,
        USER,
      )
    ).json()) as { href: string };
    const content = await get(new URL(href).pathname + new URL(href).search, {});
    expect(content.headers.get('content-type')).toBe('application/pdf');
    expect(content.headers.get('content-disposition')).toContain(`filename*=UTF-8''MX-16G%20Kurulum.pdf`);
    const text = Buffer.from(await content.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('(MX-16G Kurulum) Tj');
  });

  it('refuses without a session, the firmware folder to a user, and traversal or an unknown route', async () => {
    const refused = await get(`/files/resources?path=${encodeURIComponent('/Firmware')}`, {});
    expect(refused.status).toBe(401);
    expect(schema('DocumentStoreError')(await refused.json())).toBe(true);
    expect((await get(`/files/resources?path=${encodeURIComponent('/Firmware')}`, USER)).status).toBe(403);
    expect((await get(`/files/resources?path=${encodeURIComponent('/Kullanim Kilavuzlari')}`, USER)).status).toBe(200);
    expect((await get('/files/resources?path=/Kullanim%20Kilavuzlari/%2e%2e/Firmware')).status).toBe(400);
    expect((await get('/files/secret')).status).toBe(400);
    expect((await fetch(`${base}/files/resources?path=/`, { method: 'POST', headers: ADMIN })).status).toBe(405);
  });

  it('answers the proposed GET /file-access for a reverse proxy: 204, 400, 401, 403, 405', async () => {
    const ask = (uri: string | undefined, headers: Record<string, string> = {}) =>
      get('/api/file-access', { ...headers, ...(uri === undefined ? {} : { 'x-original-uri': uri }) });
    const allowed = await ask('/files/resources?path=%2FFirmware', ADMIN);
    expect(allowed.status).toBe(204);
    expect(await allowed.text()).toBe('');
    expect((await ask('/files/resources?path=%2FFirmware', USER)).status).toBe(403);
    expect((await ask('/files/resources?path=%2FFirmware')).status).toBe(401);
    expect((await ask('/files/resources?path=%2F%2e%2e%2Fetc', ADMIN)).status).toBe(400);
    const missing = await ask(undefined, ADMIN);
    expect(missing.status).toBe(400);
    expect(schema('DocumentStoreError')(await missing.json())).toBe(true);
    // The forwarded method: GET and HEAD judged by the URI, any other refused first, even to an administrator.
    for (const method of ['GET', 'HEAD']) {
      expect((await ask('/files/resources?path=%2F', { ...ADMIN, 'x-original-method': method })).status).toBe(204);
    }
    const written = await ask('/files/resources?path=%2F', { ...ADMIN, 'x-original-method': 'DELETE' });
    expect(written.status).toBe(405);
    expect(written.headers.get('allow')).toBe('GET, HEAD');
    expect(schema('DocumentStoreError')(await written.json())).toBe(true);
  });

  it('leaves every other path to the rest of the mock', async () => {
    expect((await get('/api/resources?path=/')).status).toBe(599);
    expect((await get('/filesystem')).status).toBe(599);
  });
});

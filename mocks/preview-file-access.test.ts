/** The preview server's `/files` guard (preview-file-access.ts) asking the mock's real `GET /file-access`. */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract } from './contract.ts';
import { fileStoreArea } from './areas/file-store.ts';
import { areaHandler, listenOnFreePort } from './area-server.ts';
import { fileAccessGuard } from './preview-file-access.ts';

const servers: Server[] = [];
let preview: string;
/** The URIs the guard let through to what stands behind it (the proxy). */
const passed: string[] = [];

const listen = (server: Server): Promise<string> => {
  servers.push(server);
  return listenOnFreePort(server);
};
const claimsToken = (claims: Record<string, unknown>) =>
  `x.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.x`;
const USER = { authorization: `Bearer ${claimsToken({ Username: 'user', UserType: 0 })}` };
const ADMIN = { authorization: `Bearer ${claimsToken({ Username: 'admin', UserType: 2 })}` };

beforeAll(async () => {
  const area = fileStoreArea(Contract.load());
  const api = await listen(createServer(areaHandler(area, (res) => res.writeHead(404).end())));
  const guard = fileAccessGuard(api);
  preview = await listen(
    createServer((req, res) =>
      guard(req, res, () => {
        passed.push(req.url ?? '');
        res.writeHead(200, { 'content-type': 'text/plain' }).end('proxied');
      }),
    ),
  );
});
afterAll(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${preview}${path}`, { headers });

describe('the preview server guard of /files', () => {
  it('passes a request the access check allows, unchanged', async () => {
    const response = await get('/files/resources?path=%2FFirmware', ADMIN);
    expect(response.status).toBe(200);
    expect(passed.at(-1)).toBe('/files/resources?path=%2FFirmware');
  });

  it("answers the check's refusal itself: 401 without a session, 403 for a user on firmware, 400 for ..", async () => {
    const before = passed.length;
    const refused = await get('/files/resources?path=%2FFirmware');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'Unauthorized' });
    expect((await get('/files/resources?path=%2FFirmware', USER)).status).toBe(403);
    expect((await get('/files/resources?path=%2F..%2FFirmware', ADMIN)).status).toBe(400);
    expect(passed.length).toBe(before);
  });

  it('leaves every other path alone and refuses when the check cannot be reached', async () => {
    expect((await get('/Help/List')).status).toBe(200);
    expect(passed.at(-1)).toBe('/Help/List');
    const unreachable = await listen(
      createServer((req, res) => fileAccessGuard('http://127.0.0.1:9', 2_000)(req, res, () => res.end('proxied'))),
    );
    const response = await fetch(`${unreachable}/files/resources?path=%2F`, { headers: ADMIN });
    expect(response.status).toBe(502);
  });
});

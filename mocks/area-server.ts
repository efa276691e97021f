/**
 * For tests that call one area of the mock (mocks/areas/) over real HTTP, without the whole front: the area as a request
 * handler (the bearer token's claims read as the front reads them, unverified) and a server on a free loopback port.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { originOf, tokenClaims, type MockArea } from './area.ts';
import { freePort } from './ports.ts';

/** Hands every request to `area`; one it does not answer goes to `notAnswered`. */
export const areaHandler =
  (area: MockArea, notAnswered: (res: ServerResponse) => void): RequestListener =>
  (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    const request = {
      params: {},
      body: {},
      query: url.searchParams,
      claims: tokenClaims(req.headers.authorization),
      raw: Buffer.alloc(0),
      contentType: '',
      origin: originOf(req) ?? `http://${req.headers.host ?? '127.0.0.1'}`,
      headers: req.headers,
    };
    void Promise.resolve(area.handle!(req.method ?? 'GET', url.pathname, request, res)).then((answered) => {
      if (!answered) notAnswered(res);
    });
  };

/** Starts `server` on a free loopback port → its base URL. */
export async function listenOnFreePort(server: Server): Promise<string> {
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${port}`;
}

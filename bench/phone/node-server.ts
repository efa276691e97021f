/** bench:phone's stand-in for nginx when there is none (`--server node`): the same answers, served from node. */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import type { RunningStack } from '../../mocks/stack.ts';
import type { ConsoleConfig } from '../../src/lib/config/config.ts';
import { securityHeaders } from '../../src/lib/config/security-headers.ts';
import { closeServer, CONTENT_TYPES, fileIn, listen, passToApi, toApi } from '../site-server.ts';
import { CONSOLE_DIR } from './plan.ts';

const COMPRESSIBLE = /^(text\/|application\/(json|problem\+json|manifest\+json)|image\/svg\+xml)/;

/**
 * Without nginx: the same answers from node (nginx.conf.template's locations): gzip for text over 1 kB, hashed
 * assets kept a year, the rest `no-cache`, the security headers of the config, /api, /files and /mqtt passed on.
 */
export async function startNodeServer(
  port: number,
  stack: RunningStack,
  config: ConsoleConfig,
  cleanups: (() => Promise<unknown>)[],
): Promise<void> {
  const headers = securityHeaders(config);
  const configBody = JSON.stringify(config);
  const api = new URL(stack.apiUrl);
  const broker = new URL(stack.brokerUrl);
  const gzipWanted = (requestHeaders: IncomingHttpHeaders) => /\bgzip\b/.test(requestHeaders['accept-encoding'] ?? '');
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    if (toApi(url)) {
      passToApi(api, req, res, { 'accept-encoding': 'identity' }, (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        const compress = gzipWanted(req.headers) && COMPRESSIBLE.test(type) && !answer.headers['content-encoding'];
        const out = { ...answer.headers, ...headers };
        if (compress) {
          delete out['content-length'];
          out['content-encoding'] = 'gzip';
          out.vary = 'Accept-Encoding';
        }
        res.writeHead(answer.statusCode ?? 502, out);
        (compress ? answer.pipe(createGzip({ level: 5 })) : answer).pipe(res);
      });
      return;
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': CONTENT_TYPES['.json'], 'cache-control': 'no-cache' }).end(configBody);
      return;
    }
    const found = fileIn(CONSOLE_DIR, url.pathname);
    if (url.pathname.startsWith('/assets/') && !found) {
      res.writeHead(404).end();
      return;
    }
    const served = found ?? path.join(CONSOLE_DIR, 'index.html');
    const type = CONTENT_TYPES[path.extname(served)] ?? 'application/octet-stream';
    res.setHeader('content-type', type);
    res.setHeader(
      'cache-control',
      url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    if (gzipWanted(req.headers) && COMPRESSIBLE.test(type) && statSync(served).size >= 1024) {
      res.writeHead(200, { 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
      createReadStream(served)
        .pipe(createGzip({ level: 5 }))
        .pipe(res);
    } else {
      res.writeHead(200, { 'content-length': statSync(served).size });
      createReadStream(served).pipe(res);
    }
  });
  // The broker's websocket: the upgrade request passed on as it came, then the two sockets joined.
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://site').pathname !== '/mqtt') return socket.destroy();
    const upstream = connect(Number(broker.port), broker.hostname, () => {
      const lines = [`${req.method} ${broker.pathname || '/'} HTTP/1.1`];
      for (let index = 0; index < req.rawHeaders.length; index += 2) {
        const name = req.rawHeaders[index]!;
        lines.push(`${name}: ${name.toLowerCase() === 'host' ? broker.host : req.rawHeaders[index + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await listen(server, port);
  cleanups.push(() => closeServer(server));
}

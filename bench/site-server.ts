/**
 * What the benchmarks' own node servers share (bench:live's site, bench:phone's stand-in for nginx): the content
 * types of the built console's files, a file of the build by its URL path (never outside it), /api and /files passed
 * to the mock API, and the server's listening and closing.
 */
import { existsSync, statSync } from 'node:fs';
import { request, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
};

/** The file of `root` a URL path names, when there is one (a path climbing out of `root` names none). */
export function fileIn(root: string, urlPath: string): string | undefined {
  const file = path.join(root, path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, ''));
  return file.startsWith(root) && existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/** A path the console's API or file store answers (passed to the mock API). */
export const toApi = (url: URL) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/files/');

/**
 * Passes a request to the mock API (`headers` added to the request's own) and hands its answer to `onAnswer`; a 502
 * when the API cannot be reached.
 */
export function passToApi(
  api: URL,
  req: IncomingMessage,
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
  onAnswer: (answer: IncomingMessage) => void,
): void {
  const url = new URL(req.url ?? '/', 'http://site');
  const upstream = request(
    {
      host: api.hostname,
      port: api.port,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers: { ...req.headers, host: api.host, ...headers },
    },
    onAnswer,
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

/** Listens on 127.0.0.1:`port`. */
export const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

/** Closes the server and every connection still open on it. */
export const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/**
 * The rendered configuration under the real nginx, in front of upstreams that record what reaches them: the file
 * store's protection is nginx's own (auth_request to the API's GET /file-access), not the store's; the API and the
 * broker's websocket are passed through unchanged. (tests/e2e/nginx.spec.ts runs the console itself behind it.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { securityHeaders } from '../../src/lib/config/security-headers.ts';
import { renderDeployment } from './render.ts';

const NGINX = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';

interface Seen {
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An upstream that records every request and answers with `answer`. */
async function upstream(answer: (seen: Seen) => [number, Record<string, string>, string]) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { url: req.url!, method: req.method!, headers: req.headers, body };
      seen.push(request);
      const [status, headers, text] = answer(request);
      res.writeHead(status, headers).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, seen, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const json = (status: number, description: string): [number, Record<string, string>, string] => [
  status,
  { 'content-type': 'application/json' },
  JSON.stringify({ error: String(status), description, message: description }),
];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!existsSync(NGINX))('the console nginx configuration under nginx', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'console-nginx-'));
  const servers: Server[] = [];
  let nginx: ChildProcess | undefined;
  let base = '';
  let api: Awaited<ReturnType<typeof upstream>>;
  let files: Awaited<ReturnType<typeof upstream>>;
  let broker: WebSocketServer;
  let config: Parameters<typeof securityHeaders>[0];

  beforeAll(async () => {
    api = await upstream(({ url, headers }) => {
      if (!url.startsWith('/api/file-access')) {
        // An upstream's own security header is dropped for the console's.
        return [200, { 'content-type': 'application/json', 'x-content-type-options': 'sniff-me' }, '{"data":[]}'];
      }
      const original = String(headers['x-original-uri'] ?? '');
      if (original.includes('..')) return json(400, 'The URI leaves its folder.');
      if (headers.authorization === 'Bearer admin') return [204, {}, ''];
      if (headers.authorization === 'Bearer user') return json(403, 'This folder is not available to your user type.');
      return json(401, 'Sign in to read the file store.');
    });
    files = await upstream(() => [200, { 'content-type': 'application/pdf' }, '%PDF-1.4 stored file']);
    servers.push(api.server, files.server);
    broker = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    broker.on('connection', (socket, request) =>
      socket.on('message', (data) => socket.send(`${request.url} ${data.toString()}`)),
    );
    await new Promise((resolve) => broker.once('listening', resolve));

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const root = path.join(work, 'dist');
    const runtime = path.join(work, 'run');
    mkdirSync(path.join(root, 'assets'), { recursive: true });
    mkdirSync(path.join(runtime, 'temp'), { recursive: true });
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(root, 'manifest.webmanifest'), '{"name":"console"}');
    const { files: rendered } = renderDeployment(
      {
        CONSOLE_API_UPSTREAM: api.origin,
        CONSOLE_FILES_UPSTREAM: files.origin,
        CONSOLE_BROKER_UPSTREAM: `ws://127.0.0.1:${(broker.address() as AddressInfo).port}`,
        CONSOLE_BROKER_USERNAME: 'console',
        CONSOLE_LIVE_TOPIC_TEMPLATE: 'panels/{dev_id}',
        CONSOLE_LISTEN: `127.0.0.1:${port}`,
        CONSOLE_ROOT: root,
        CONSOLE_NGINX_RUNTIME: runtime,
        CONSOLE_NGINX_ACCESS_LOG: 'off',
        ...(process.getuid?.() === 0 ? { CONSOLE_NGINX_USER: 'root' } : {}),
      },
      (file) => readFileSync(file, 'utf8'),
    );
    for (const [name, content] of Object.entries(rendered)) writeFileSync(path.join(runtime, name), content);
    config = JSON.parse(rendered['config.json']);
    nginx = spawn(NGINX, ['-p', `${runtime}/`, '-c', path.join(runtime, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    for (let attempt = 0; attempt < 100; attempt++) {
      const up = await fetch(`${base}/config.json`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('nginx did not start');
  });

  afterAll(async () => {
    if (nginx?.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    broker?.close();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(work, { recursive: true, force: true });
  });

  const expectHeaders = (response: Response) => {
    for (const [name, value] of Object.entries(securityHeaders(config))) expect(response.headers.get(name)).toBe(value);
  };

  it('refuses the file store without a session with the check answer, and never asks the store', async () => {
    const response = await fetch(`${base}/files/resources?path=%2FManuals`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ description: 'Sign in to read the file store.' });
    expectHeaders(response);
    expect(files.seen).toEqual([]);
  });

  it('passes on the check refusals for a role (403) and a traversal (400), with their bodies', async () => {
    const firmware = await fetch(`${base}/files/resources?path=%2FFirmware`, {
      headers: { authorization: 'Bearer user' },
    });
    expect(firmware.status).toBe(403);
    expect(await firmware.json()).toMatchObject({ description: 'This folder is not available to your user type.' });
    expectHeaders(firmware);
    const traversal = await fetch(`${base}/files/resources?path=%2FManuals%2F..%2F..%2Fetc`, {
      headers: { authorization: 'Bearer admin' },
    });
    expect(traversal.status).toBe(400);
    expect(await traversal.json()).toMatchObject({ description: 'The URI leaves its folder.' });
    expectHeaders(traversal);
    expect(files.seen).toEqual([]);
  });

  it('asks the API with the original URI and the bearer token, no body, then serves the file', async () => {
    api.seen.length = 0;
    const uri = '/files/resources/download?path=%2FManuals%2Fmx16.pdf';
    const response = await fetch(`${base}${uri}`, { headers: { authorization: 'Bearer admin' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('%PDF-1.4 stored file');
    expectHeaders(response);
    const check = api.seen.find((seen) => seen.url === '/api/file-access')!;
    expect(check).toMatchObject({ method: 'GET', body: '' });
    expect(check.headers['x-original-uri']).toBe(uri);
    expect(check.headers.authorization).toBe('Bearer admin');
    expect(files.seen.map((seen) => seen.url)).toEqual([uri]);
  });

  it('passes /api calls unchanged, with the console headers only', async () => {
    const response = await fetch(`${base}/api/command/devices/userdevices/0?x=1`, {
      headers: { authorization: 'Bearer user', origin: base },
    });
    expect(response.status).toBe(200);
    expectHeaders(response);
    const seen = api.seen.at(-1)!;
    expect(seen.url).toBe('/api/command/devices/userdevices/0?x=1');
    expect(seen.headers.authorization).toBe('Bearer user');
    expect(seen.headers.origin).toBe(base);
  });

  it("opens the broker's websocket through /mqtt", async () => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/mqtt`, 'mqtt');
    const reply = await new Promise<string>((resolve, reject) => {
      socket.once('open', () => socket.send('ping'));
      socket.once('message', (data) => resolve(data.toString()));
      socket.once('error', reject);
    });
    socket.close();
    expect(reply).toBe('/mqtt ping');
  });

  it('serves the service worker and the manifest with their types, checked on every load (never immutable)', async () => {
    const worker = await fetch(`${base}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expectHeaders(worker);
    const manifest = await fetch(`${base}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toEqual({ name: 'console' });
    expectHeaders(manifest);
  });

  it('answers the internal check location to nobody outside', async () => {
    api.seen.length = 0;
    const response = await fetch(`${base}/.file-access`, { headers: { authorization: 'Bearer admin' } });
    expect(response.status).not.toBe(204);
    expect(api.seen).toEqual([]);
  });
});

/**
 * For the nginx tests: upstreams that record what reaches them (plain or TLS) and the rendered configuration run
 * under the real nginx on a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderDeployment } from './render.ts';
import type { Environment } from './settings.ts';

export const NGINX = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';

export interface Seen {
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
}

export type Answer = (seen: Seen) => [number, Record<string, string>, string];

/** An upstream that records every request and answers with `answer`; TLS with `tls` (key and certificate, PEM). */
export async function upstream(answer: Answer, tls?: { key: string; cert: string }) {
  const seen: Seen[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const request = { url: req.url!, method: req.method!, headers: req.headers };
      seen.push(request);
      const [status, headers, text] = answer(request);
      res.writeHead(status, headers).end(text);
    });
  };
  const server = tls ? createTlsServer(tls, handle) : createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, seen, origin: `${tls ? 'https' : 'http'}://127.0.0.1:${port}` };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningNginx {
  base: string;
  stop: () => Promise<void>;
}

/** The deployment rendered from `env` (plus a listen port, a root and a runtime folder) under nginx, once it answers. */
export async function runNginx(env: Environment): Promise<RunningNginx> {
  const work = mkdtempSync(path.join(tmpdir(), 'console-nginx-'));
  const port = await freePort();
  const root = path.join(work, 'dist');
  const runtime = path.join(work, 'run');
  mkdirSync(root, { recursive: true });
  mkdirSync(path.join(runtime, 'temp'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>console</title>');
  const { files } = renderDeployment(
    {
      CONSOLE_BROKER_UPSTREAM: 'ws://127.0.0.1:9',
      CONSOLE_BROKER_USERNAME: 'console',
      CONSOLE_LIVE_TOPIC_TEMPLATE: 'panels/{dev_id}',
      CONSOLE_LISTEN: `127.0.0.1:${port}`,
      CONSOLE_ROOT: root,
      CONSOLE_NGINX_RUNTIME: runtime,
      CONSOLE_NGINX_ACCESS_LOG: 'off',
      ...(process.getuid?.() === 0 ? { CONSOLE_NGINX_USER: 'root' } : {}),
      ...env,
    },
    (file) => readFileSync(file, 'utf8'),
  );
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(runtime, name), content);
  const nginx: ChildProcess = spawn(
    NGINX,
    ['-p', `${runtime}/`, '-c', path.join(runtime, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  nginx.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    const up = await fetch(`${base}/config.json`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { base, stop };
    if (nginx.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`nginx did not start: ${errors}`);
}

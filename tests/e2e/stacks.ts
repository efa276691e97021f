/**
 * The browser tests' servers, started by Playwright (playwright.config.ts `webServer`): one stack per worker (see
 * stack-ports.ts), each the mock stack (`npm start --no-console`), the built console under its production server
 * (`vite preview`: the Content-Security-Policy and every security header, /api, /files and /mqtt proxied to that
 * stack) and, when nginx is installed, the build's own nginx deployment in front of the same stack. The console is
 * built once while the mock stacks start (unless E2E_DIST names a build already made). Answers on READY_PORT when
 * every server of every stack is up; stops them all on SIGTERM or SIGINT, and stops with an error when one of them
 * ends by itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import {
  E2E_DIST,
  E2E_WORKERS,
  NGINX_BINARY,
  READY_PORT,
  nginxRuntime,
  stackPorts,
  type StackPorts,
} from './stack-ports.ts';
import { MOCK_PHOTO_BASE_URL } from '../../mocks/photo-host.ts';

const children: { name: string; child: ChildProcess }[] = [];
let stopping = false;

/**
 * The production server's proxy reports each connection that a test ends on purpose: a page closed mid-request
 * (ECONNRESET, or EPIPE on a websocket), the broker stopped by a test (ECONNREFUSED; one line of mocks/proxy-log.ts).
 * Such reports are counted, not printed, so what is printed is news; the count is printed at the end.
 */
const PROXY_ERROR = /\[vite\] ((ws|http) proxy (socket )?error|proxy: live feed \(websocket\): ECONNREFUSED)/;
const PROXY_SOCKET_ERROR = /^Error: (read ECONNRESET|write EPIPE)$/;
const proxyErrors = new Map<string, number>();

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    // An IPC channel: the mock stack stops by itself when this process goes (mocks/start.ts).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let inProxyError = false;
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .filter((coloured) => {
        // eslint-disable-next-line no-control-regex -- the colour codes of the server's log
        const line = coloured.replace(/\x1b\[[0-9;]*m/g, '');
        // The header and the error arrive on the server's two streams: an error may come first.
        if (PROXY_ERROR.test(line) || (!inProxyError && PROXY_SOCKET_ERROR.test(line))) {
          proxyErrors.set(name, (proxyErrors.get(name) ?? 0) + 1);
          inProxyError = true;
          return false;
        }
        if (
          inProxyError &&
          /^(Error: (read ECONNRESET|write EPIPE|connect ECONNREFUSED|socket hang up)|\s+at )/.test(line)
        ) {
          return false;
        }
        inProxyError = false;
        return true;
      })
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[${name}] ended by itself (${signal ?? `exit ${code}`}): stopping every stack.`);
    void stop(1);
  });
  children.push({ name, child });
  return child;
}

/** Resolves when the process ends with 0 (a build). */
function finished(name: string, command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed (exit ${code})`))));
  });
}

/** Resolves once the URL answers 200 (the server is up), within the time given. */
async function answering(url: string, withinMs = 120_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not up yet.
    }
    if (stopping) throw new Error('stopping');
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const node = process.execPath;
const bin = (name: string) => path.resolve('node_modules/.bin', name);

function startMockStack(index: number, ports: StackPorts): Promise<void> {
  // Spontaneous simulator changes are off (--tick-ms 0), the queue starts empty, so what the tests see is caused by
  // the tests.
  start(`mock ${index}`, node, [
    '--import',
    'tsx',
    'mocks/start.ts',
    '--no-console',
    '--quiet',
    '--tick-ms',
    '0',
    // The tests start from an empty programming queue: what they see queued is what they queued.
    '--empty-queue',
    '--api-port',
    String(ports.api),
    '--prism-port',
    String(ports.prism),
    '--broker-port',
    String(ports.broker),
  ]);
  return answering(`http://127.0.0.1:${ports.api}/api/__mock/broker`);
}

function startConsole(index: number, ports: StackPorts): Promise<void> {
  start(
    `console ${index}`,
    bin('vite'),
    ['preview', '--outDir', E2E_DIST, '--host', '127.0.0.1', '--port', String(ports.console), '--strictPort'],
    { API_TARGET: `http://127.0.0.1:${ports.api}`, BROKER_TARGET: `ws://127.0.0.1:${ports.broker}` },
  );
  return answering(`http://127.0.0.1:${ports.console}/config.json`);
}

/**
 * The build's own nginx deployment (`<dist>-nginx/start.sh`, written by `vite build`) in front of the stack,
 * configured from the environment exactly as an operator would, plus the fake payment provider's include.
 */
function startNginx(index: number, ports: StackPorts): Promise<void> {
  start(`nginx ${index}`, `${E2E_DIST}-nginx/start.sh`, [], {
    CONSOLE_API_UPSTREAM: `http://127.0.0.1:${ports.api}`,
    CONSOLE_FILES_UPSTREAM: `http://127.0.0.1:${ports.api}`,
    CONSOLE_BROKER_UPSTREAM: `ws://127.0.0.1:${ports.broker}`,
    CONSOLE_BROKER_USERNAME: 'console',
    CONSOLE_LIVE_TOPIC_TEMPLATE: 'panels/{dev_id}',
    CONSOLE_DEVELOPMENT_SAME_ORIGIN_PAYMENTS: 'true',
    // The mock's photo host, behind nginx's /api like the rest of the mock API.
    CONSOLE_PHOTO_BASE_URL: MOCK_PHOTO_BASE_URL,
    CONSOLE_LISTEN: `127.0.0.1:${ports.nginx}`,
    CONSOLE_NGINX_RUNTIME: nginxRuntime(index),
    CONSOLE_NGINX_INCLUDE: path.resolve('deploy/nginx/mock-provider.conf.template'),
    CONSOLE_NGINX_ACCESS_LOG: 'off',
    CONSOLE_NGINX_BINARY: NGINX_BINARY,
    // Started as root (CI), nginx's workers would run as nobody, who may not read a checkout under /root.
    ...(process.getuid?.() === 0 ? { CONSOLE_NGINX_USER: 'root' } : {}),
  });
  return answering(`http://127.0.0.1:${ports.nginx}/config.json`, 30_000);
}

async function stop(code: number): Promise<never> {
  stopping = true;
  for (const [name, count] of proxyErrors) {
    console.error(`[${name}] ${count} proxy connection(s) ended by a test (a page closed, the broker stopped)`);
  }
  const running = children.filter(({ child }) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => void stop(0));

const prebuilt = process.env.E2E_DIST !== undefined;
if (prebuilt && !existsSync(path.join(E2E_DIST, 'index.html'))) {
  console.error(`E2E_DIST names ${E2E_DIST}, which holds no built console (run the build first).`);
  process.exit(1);
}

const indexes = [...Array(E2E_WORKERS).keys()];
const startedAt = Date.now();
try {
  // The build and the mock stacks at once: the one is mostly CPU, the others mostly wait for Prism.
  await Promise.all([
    prebuilt
      ? Promise.resolve()
      : finished('vite build', bin('vite'), ['build', '--logLevel', 'warn', '--outDir', E2E_DIST, '--emptyOutDir']),
    ...indexes.map((index) => startMockStack(index, stackPorts(index))),
  ]);
  await Promise.all(indexes.map((index) => startConsole(index, stackPorts(index))));
  if (existsSync(NGINX_BINARY)) await Promise.all(indexes.map((index) => startNginx(index, stackPorts(index))));
} catch (error) {
  console.error(`The browser tests' servers did not start: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}

createServer((_request, response) => response.end('ready')).listen(READY_PORT, '127.0.0.1', () => {
  console.error(
    `${E2E_WORKERS} stack(s) up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s` +
      `${prebuilt ? '' : ' (console built)'}: ${indexes.map((index) => `http://127.0.0.1:${stackPorts(index).console}/`).join(' ')}`,
  );
});

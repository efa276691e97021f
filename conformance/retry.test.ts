/**
 * A kept-alive connection the server closes under the next request: a request that changes nothing is sent again
 * once (on a new connection) and answered; a call that may change state is not sent twice, and the loss is reported.
 * The negative check builds each operation's cases only when it reaches them, so no connection waits idle while the
 * whole run's cases are built.
 */
import { createServer as createHttpServer } from 'node:http';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkContext } from './checks.ts';
import { sendDirect } from './direct.ts';
import { NegativeCases } from './negative-cases.ts';
import { runNegative } from './negative.ts';
import { lostConnection } from './retry.ts';
import { contract } from './test-support.ts';

const IDLE_MS = 50;

/**
 * An HTTP/1.1 server, in a process of its own (as a server under test is), that answers every request with
 * keep-alive announced for 30 s but closes a connection idle for 50 ms: what a client meets when it sends on a
 * kept-alive connection the server has just closed as idle. It reports each connection and request on stdout.
 */
const SERVER = `
const server = require('node:net').createServer((socket) => {
  console.log('connection');
  socket.setTimeout(${IDLE_MS}, () => socket.destroy());
  let buffer = '';
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    while (buffer.includes('\\r\\n\\r\\n')) {
      const end = buffer.indexOf('\\r\\n\\r\\n') + 4;
      const head = buffer.slice(0, end);
      const length = Number((/content-length: (\\d+)/i.exec(head) || [])[1] || 0);
      if (buffer.length < end + length) return;
      buffer = buffer.slice(end + length);
      console.log('request ' + head.split(' ', 2).join(' '));
      socket.write('HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\nContent-Length: 2\\r\\n' +
        'Connection: keep-alive\\r\\nKeep-Alive: timeout=30\\r\\n\\r\\n{}');
    }
  });
});
server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));
`;

interface ClosingServer {
  url: string;
  /** The requests it read, in order, up to the last `settled()`. */
  requests: string[];
  connections: number;
  /** Waits until the server has reported everything sent before (a request of its own, `GET /settled`). */
  settled(): Promise<void>;
  close(): void;
}

async function closingServer(): Promise<ClosingServer> {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let waiting: (() => void) | undefined;
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    waiting?.();
  });
  const until = (found: () => boolean) =>
    new Promise<void>((resolve) => {
      waiting = () => found() && resolve();
      waiting();
    });
  await until(() => lines.some((line) => line.startsWith('port ')));
  const url = `http://127.0.0.1:${lines.find((line) => line.startsWith('port '))!.slice(5)}`;
  const server: ClosingServer = {
    url,
    requests: [],
    connections: 0,
    async settled() {
      await (await fetch(`${url}/settled`)).text();
      await until(() => lines.includes('request GET /settled'));
      const reported = lines.splice(0, lines.indexOf('request GET /settled') + 1);
      server.connections += reported.filter((line) => line === 'connection').length;
      server.requests.push(
        ...reported.filter((l) => l.startsWith('request ') && l !== 'request GET /settled').map((l) => l.slice(8)),
      );
    },
    close: () => child.kill(),
  };
  return server;
}

/**
 * Lets the client put the answered connection back in its pool, then holds the event loop past the server's idle
 * bound, as a synchronous build of many requests does: the client has not yet seen the server close it.
 */
const busy = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  const until = performance.now() + IDLE_MS * 4;
  while (performance.now() < until);
};

const request = (method: string, repeatable?: boolean) => ({
  url: '/thing',
  method,
  headers: { 'content-type': 'application/json' },
  ...(method === 'GET' ? {} : { body: '{"a":1}' }),
  ...(repeatable !== undefined ? { repeatable } : {}),
});

describe('a kept-alive connection lost under a request', () => {
  let server: ClosingServer | undefined;
  afterEach(() => {
    server?.close();
    server = undefined;
  });

  it('sends a request that changes nothing once more, on a new connection, and takes its answer', async () => {
    server = await closingServer();
    // A POST the contract says changes nothing (a sign-in, a settings read) may be sent again too.
    for (const method of ['GET', 'POST']) {
      expect((await sendDirect(server.url, request(method, true), { timeoutMs: 5000 })).status).toBe(200);
      await busy();
      // Sent on the kept-alive connection the server closed meanwhile: lost, sent again, answered.
      expect((await sendDirect(server.url, request(method, true), { timeoutMs: 5000 })).status).toBe(200);
    }
    await server.settled();
    expect(server.requests).toEqual(['GET /thing', 'GET /thing', 'POST /thing', 'POST /thing']);
  });

  it('never sends a call that may change state twice: the lost connection is reported', async () => {
    server = await closingServer();
    expect((await sendDirect(server.url, request('POST', false), { timeoutMs: 5000 })).status).toBe(200);
    await busy();
    const lost = await sendDirect(server.url, request('POST', false), { timeoutMs: 5000 }).catch((e: unknown) => e);
    expect(lostConnection(lost)).toBe(true);
    await server.settled();
    expect(server.requests).toEqual(['POST /thing']);
  });

  it('does not take a timeout or a refused connection for a lost one', async () => {
    const refused = await fetch('http://127.0.0.1:1/').catch((e: unknown) => e);
    expect(lostConnection(refused)).toBe(false);
    const timeout = await fetch('http://127.0.0.1:1/', { signal: AbortSignal.timeout(0) }).catch((e: unknown) => e);
    expect(lostConnection(timeout)).toBe(false);
  });
});

describe('the negative check', () => {
  it("builds each operation's cases as it reaches them, not every case before the first request", async () => {
    const generate = vi.spyOn(NegativeCases.prototype, 'generate');
    let builtAtFirstRequest: number | undefined;
    const server = createHttpServer((req, res) => {
      builtAtFirstRequest ??= generate.mock.calls.length;
      req.resume();
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"refused"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const results = await runNegative(
        checkContext({ contract, target, token: 't', allowWrites: true, maxCases: 1, concurrency: 4 }),
      );
      const operations = generate.mock.calls.length;
      expect(operations).toBeGreaterThan(50);
      expect(results.length).toBeGreaterThan(50);
      // A few operations (each of the 4 senders' own, the generator a step ahead of each), never the whole contract's.
      expect(builtAtFirstRequest).toBeLessThanOrEqual(2 * 4);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      vi.restoreAllMocks();
    }
  });
});

/**
 * The route guard with the console's own QueryClient and gateway, against the real Prism mock of the contract and
 * real HTTP servers that fail or never answer: an authority plan that cannot be loaded never lets the user through.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isRedirect } from '@tanstack/react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPrism, type RunningPrism } from '../../mocks/prism.ts';
import { freePort } from '../../mocks/ports.ts';
import { configureGateway } from '../lib/api/gateway.ts';
import { parseConfig, requestTimeoutMs } from '../lib/config/config.ts';
import { setRuntimeConfig } from '../lib/config/runtime.ts';
import { paths } from '../lib/routing/paths.ts';
import { decodeClaims, storeAccessToken } from '../lib/session/session.ts';
import { queryClient } from './query-client.ts';
import { accessCheckDeadlineMs, AccessCheckError, checkAccess, guard } from './guard.ts';

// Node has no Web Storage; the session only needs get/set/remove.
const storage = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  },
});

type LoginExamples = Record<string, { value: { data: { token: string } } }>;

/** The contract's sign-in example token of a user (a paid user with a subscription by date). */
const contractToken = (username: string): string => {
  const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
    paths: Record<
      string,
      { post: { responses: { 200: { content: { 'application/json': { examples: LoginExamples } } } } } }
    >;
  };
  return contract.paths['/logins']!.post.responses[200].content['application/json'].examples[username]!.value.data
    .token;
};

interface BrokenServer {
  url: string;
  /** How many calls reached it. */
  received: () => number;
  stop: () => Promise<void>;
}

/** A real server that answers every call with a server fault, or holds every call open without answering. */
async function startBrokenServer(mode: 'fail' | 'hang'): Promise<BrokenServer> {
  let received = 0;
  const server: Server = createServer((_req, res) => {
    received++;
    if (mode === 'fail') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'Error', message: 'Internal error' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let prism: RunningPrism;
const useServer = (baseUrl: string) => {
  // The gateway's time-out runs on the real clock while the test moves a fake one: here the guard's deadline alone
  // must end a call that hangs.
  const config = parseConfig({
    apiBaseUrl: baseUrl,
    fileStoreBaseUrl: baseUrl,
    brokerUrl: '/mqtt',
    brokerUsername: 'console',
    liveTopicTemplate: 'panels/{dev_id}/live',
    requestTimeoutMs: 60_000,
  });
  setRuntimeConfig(config);
  configureGateway({ baseUrl, language: () => 'en', timeoutMs: requestTimeoutMs(config) });
};
const panelsGuard = () => guard(0)({ location: { pathname: paths.panels }, context: { queryClient } });

beforeAll(async () => {
  prism = await startPrism({ mode: 'mock', contract: path.resolve('generated/openapi.json'), port: await freePort() });
}, 90_000);
afterAll(async () => prism?.stop());
beforeEach(() => {
  storage.clear();
  storeAccessToken(contractToken('user'));
  queryClient.clear();
  useServer(prism.url);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('route guard', () => {
  it('lets a paid user through once the real mock answers the authority plan', async () => {
    await expect(panelsGuard()).resolves.toBeUndefined();
  });

  it('throws an access-check error, never allows, when the server cannot be reached', async () => {
    useServer(`http://127.0.0.1:${await freePort()}`);
    const attempt = panelsGuard();
    await expect(attempt).rejects.toBeInstanceOf(AccessCheckError);
    await expect(attempt).rejects.toMatchObject({ reason: 'failed' });
  });

  it('throws an access-check error when the server answers with a fault', async () => {
    const server = await startBrokenServer('fail');
    try {
      useServer(server.url);
      await expect(panelsGuard()).rejects.toMatchObject({ name: 'AccessCheckError', reason: 'failed' });
      expect(server.received()).toBe(1);
    } finally {
      await server.stop();
    }
  });

  it('throws a time-out when the authority call never ends, and the next check asks again', async () => {
    const server = await startBrokenServer('hang');
    try {
      useServer(server.url);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const attempt = panelsGuard();
      const outcome = expect(attempt).rejects.toMatchObject({ name: 'AccessCheckError', reason: 'timeout' });
      await vi.advanceTimersByTimeAsync(accessCheckDeadlineMs());
      await outcome;
      vi.useRealTimers();
      // The hung call was cancelled, so the retry does not join it: it reaches the server that answers now.
      useServer(prism.url);
      await expect(panelsGuard()).resolves.toBeUndefined();
    } finally {
      await server.stop();
    }
  });

  it('does not need the plan where the decision is already known', async () => {
    // This server fails every call: a check that asked for the plan would fail.
    const server = await startBrokenServer('fail');
    try {
      useServer(server.url);
      const claims = decodeClaims(contractToken('user'));
      const check = (pathname: string, level: 0 | 2) => checkAccess({ path: pathname, level, claims, queryClient });
      await expect(check(paths.users, 2)).resolves.toMatchObject({ kind: 'redirect', reason: 'level' });
      await expect(check(paths.priceList, 0)).resolves.toEqual({ kind: 'allow' });
      expect(server.received()).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it('sends a role above its level to the forbidden view, and a signed-in user away from the sign-in page', async () => {
    const redirectOf = async (attempt: Promise<void>) => {
      const thrown: unknown = await attempt.catch((error: unknown) => error);
      expect(isRedirect(thrown)).toBe(true);
      return (thrown as { options: { href?: string } }).options.href;
    };
    const level2 = guard(2)({ location: { pathname: paths.dealerRequests }, context: { queryClient } });
    expect(await redirectOf(level2)).toBe(paths.forbidden);
    const signIn = guard('public')({ location: { pathname: paths.login }, context: { queryClient } });
    // The signed-in example is a user (type 0): their first page is the panel list.
    expect(await redirectOf(signIn)).toBe(paths.panels);
  });
});

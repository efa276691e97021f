/**
 * The gateway turns the contract's 429 (`TooManyRequests`: `Retry-After` and a `Lockout` body) into a LockoutError,
 * against the real Prism mock of the contract, and a query that meets it is not tried again.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { controlPanel } from '@generated/api/sdk.gen.ts';
import { startPrism, type RunningPrism } from '../../../mocks/prism.ts';
import { freePort } from '../../../mocks/ports.ts';
import { installMemoryStorage } from '../../../tests/support/memory-storage.ts';
import { storeAccessToken } from '../session/session.ts';
import { configureSignOut } from '../session/sign-out.ts';
import { retryRead } from './api-error.ts';
import { configureGateway } from './gateway.ts';
import { LockoutError } from './lockout-error.ts';

installMemoryStorage();

let prism: RunningPrism;

beforeAll(async () => {
  prism = await startPrism({ mode: 'mock', contract: path.resolve('generated/openapi.json'), port: await freePort() });
  configureSignOut(() => undefined);
  // Prism asks only that a bearer token is sent.
  storeAccessToken('a-token');
  configureGateway({ baseUrl: prism.url, language: () => 'tr', timeoutMs: 15_000 });
}, 90_000);
afterAll(async () => prism?.stop());

/** A command the contract's mock answers with its 429 example. */
const lockedCommand = () =>
  controlPanel({
    body: { dev_id: 864215040012345, command: 'ARM', password: '1111', partno: 0, ispart: false },
    headers: { prefer: 'code=429' },
    throwOnError: true,
  });

describe('a lockout through the gateway', () => {
  it('is a LockoutError with the lock’s end from the answer', async () => {
    const before = Date.now();
    const error: unknown = await lockedCommand().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(LockoutError);
    const lockout = (error as LockoutError).lockout;
    expect(lockout.policy).toBe('panel-password');
    // The contract's example: 900 s left.
    expect(lockout.until).toBeGreaterThanOrEqual(before + 900_000);
    expect(lockout.until).toBeLessThanOrEqual(Date.now() + 900_000);
  });

  it('is sent once by a query: no retry', async () => {
    let calls = 0;
    const client = new QueryClient({ defaultOptions: { queries: { retry: retryRead, retryDelay: 0 } } });
    await expect(
      client.fetchQuery({ queryKey: ['locked'], queryFn: () => (calls++, lockedCommand()) }),
    ).rejects.toBeInstanceOf(LockoutError);
    expect(calls).toBe(1);
  });
});

/**
 * The token's expiry: refreshed shortly before `exp` through the contract's changed-jwt call (the real Prism
 * mock), the session ended once with one message when that fails, an undecodable token removed.
 */
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { getChangedJwt } from '@generated/api/sdk.gen.ts';
import { startPrism, type RunningPrism } from '../../../mocks/prism.ts';
import { freePort } from '../../../mocks/ports.ts';
import en from '../../../locales/en.json';
import tr from '../../../locales/tr.json';
import { toastStore } from '../../shared/toast/toast-store.ts';
import { configureGateway } from '../api/gateway.ts';
import { refreshAccessToken } from './refresh-token.ts';
import { keepSession, REFRESH_LEAD_MS, refreshDelay } from './session-keeper.ts';
import { getAccessToken, storeAccessToken, tokenExpiry } from './session.ts';
import { configureTokenStore } from './token-store.ts';
import { configureSignOut, showSessionNotice } from './sign-out.ts';
import { installMemoryStorage } from '../../../tests/support/memory-storage.ts';

installMemoryStorage();

/** A token of the contract's shape whose `exp` is `expiresAt` (ms); the console never checks signatures. */
const tokenExpiringAt = (expiresAt: number) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { Username: 'admin', SubExpireDate: '2027-12-31T23:59:59Z', UserType: 2, user_id: 1, OldUserId: 0 };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, exp: Math.floor(expiresAt / 1000) })}.sig`;
};

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
/** How long a call to Prism may take on a busy machine. */
const PRISM_ANSWER = { timeout: 15_000 };
let prism: RunningPrism;
let signOuts = 0;
let stop: (() => void) | undefined;

beforeAll(async () => {
  await i18next.init({ lng: 'tr', resources: { en: { translation: en }, tr: { translation: tr } } });
  prism = await startPrism({ mode: 'mock', contract: path.resolve('generated/openapi.json'), port: await freePort() });
}, 90_000);
afterAll(async () => prism?.stop());
beforeEach(() => {
  localStorage.clear();
  configureTokenStore('cookie');
  sessionStorage.clear();
  toastStore.clear();
  signOuts = 0;
  configureSignOut(() => signOuts++);
  configureGateway({ baseUrl: prism.url, language: () => 'tr', timeoutMs: 15_000 });
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
});

describe('refreshDelay', () => {
  it('refreshes a minute before exp, halfway through a shorter life, never once expired', () => {
    expect(refreshDelay(NOW + 10 * 60_000, NOW)).toBe(10 * 60_000 - REFRESH_LEAD_MS);
    expect(refreshDelay(NOW + 90_000, NOW)).toBe(45_000);
    expect(refreshDelay(NOW, NOW)).toBeNull();
    expect(refreshDelay(NOW - 1, NOW)).toBeNull();
  });
});

describe('session keeper', () => {
  it('refreshes the token through changed-jwt shortly before it expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const expiring = tokenExpiringAt(NOW + 10 * 60_000);
    storeAccessToken(expiring);
    stop = keepSession({ refresh: refreshAccessToken, now: () => NOW });
    vi.advanceTimersByTime(10 * 60_000 - REFRESH_LEAD_MS - 1);
    expect(getAccessToken()).toBe(expiring);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    await vi.waitFor(() => expect(getAccessToken()).not.toBe(expiring), PRISM_ANSWER);
    // The contract's refreshed token, expiring later than the one it replaced.
    expect(tokenExpiry(getAccessToken())).toBeGreaterThan(NOW + 10 * 60_000);
    expect(signOuts).toBe(0);
  });

  it('signs out once, with one message, when the refresh is refused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    storeAccessToken(tokenExpiringAt(NOW + 90_000));
    let refreshes = 0;
    const refusedRefresh = () => {
      refreshes++;
      return getChangedJwt({ headers: { prefer: 'code=401' }, throwOnError: true });
    };
    stop = keepSession({ refresh: refusedRefresh, now: () => NOW });
    vi.advanceTimersByTime(45_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(signOuts).toBe(1), PRISM_ANSWER);
    expect(refreshes).toBe(1);
    expect(getAccessToken()).toBeNull();
    // The login page it reloads to says why, once.
    showSessionNotice();
    showSessionNotice();
    expect(toastStore.list()).toMatchObject([
      { message: 'Oturumunuz sona erdi. Lütfen tekrar giriş yapın.', count: 1 },
    ]);
  });

  it('ends a session whose token has already expired, without asking for a refresh', () => {
    storeAccessToken(tokenExpiringAt(NOW - 1_000));
    let refreshes = 0;
    stop = keepSession({ refresh: async () => void refreshes++, now: () => NOW });
    expect(signOuts).toBe(1);
    expect(refreshes).toBe(0);
    expect(getAccessToken()).toBeNull();
  });

  it('removes a token that cannot be decoded instead of keeping it', () => {
    storeAccessToken('not-a-token');
    stop = keepSession({ refresh: async () => undefined, now: () => NOW });
    expect(getAccessToken()).toBeNull();
    // Nothing to sign out of: no message, no redirect.
    expect(signOuts).toBe(0);
  });

  it('waits for a far expiry without a timer that overflows', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    storeAccessToken(tokenExpiringAt(NOW + 400 * 24 * 3_600_000));
    let refreshes = 0;
    stop = keepSession({ refresh: async () => void refreshes++, now: () => NOW });
    vi.advanceTimersByTime(2 ** 31);
    expect(refreshes).toBe(0);
  });
});

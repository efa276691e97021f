/**
 * One message per failure, against the real Prism mock of the contract: the query caches of the console report
 * through feedback.ts, the gateway only normalises.
 */
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { QueryClient } from '@tanstack/react-query';
import { login } from '@generated/api/sdk.gen.ts';
import { startPrism, type RunningPrism } from '../../../mocks/prism.ts';
import { freePort } from '../../../mocks/ports.ts';
import en from '../../../locales/en.json';
import tr from '../../../locales/tr.json';
import { toastStore } from '../../shared/toast/toast-store.ts';
import { configureSignOut } from '../session/sign-out.ts';
import { ApiError, retryRead, timeoutError } from './api-error.ts';
import { describeFailure, failedWith, feedbackCaches, reportFailure, shownAtField } from './feedback.ts';
import { configureGateway } from './gateway.ts';
import { StatusFailure } from './status-result.ts';
import { installMemoryStorage } from '../../../tests/support/memory-storage.ts';

installMemoryStorage();

let prism: RunningPrism;
let client: QueryClient;

const newClient = () =>
  new QueryClient({
    ...feedbackCaches(),
    defaultOptions: { queries: { retry: retryRead, retryDelay: 0, gcTime: Infinity }, mutations: { retry: false } },
  });

/** A sign-in attempt the mock refuses (401 without a session: the server's message, not a sign-out). */
const refusedSignIn = () =>
  login({ body: { username: 'x', password: 'y' }, headers: { prefer: 'code=401' }, throwOnError: true });
const acceptedSignIn = () => login({ body: { username: 'admin', password: 'y' }, throwOnError: true });

const errorToasts = () => toastStore.list().filter((toast) => toast.severity === 'error');

beforeAll(async () => {
  await i18next.init({ lng: 'tr', resources: { en: { translation: en }, tr: { translation: tr } } });
  prism = await startPrism({ mode: 'mock', contract: path.resolve('generated/openapi.json'), port: await freePort() });
}, 90_000);
afterAll(async () => prism?.stop());
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  toastStore.clear();
  configureSignOut(() => undefined);
  configureGateway({ baseUrl: prism.url, language: () => 'tr', timeoutMs: 15_000 });
  client = newClient();
});

describe('one message per failure', () => {
  it('raises no toast for a refusal its form shows at a field (shownAtField), and one for any other status', () => {
    const taken = new ApiError(409, 'Bu e-posta adresi ile kayıtlı bir kullanıcı zaten var');
    reportFailure(taken, { shownAtField: [409] });
    expect(errorToasts()).toEqual([]);
    expect(failedWith(taken, [409])).toBe(true);
    expect(shownAtField(409)).toEqual({ shownAtField: [409] });
    reportFailure(new ApiError(400, 'Geçersiz istek'), { shownAtField: [409] });
    expect(errorToasts()).toMatchObject([{ message: 'Geçersiz istek' }]);
    // A server that could not be reached is never a field's refusal.
    expect(failedWith(new ApiError(0, 'x'), [0])).toBe(false);
  });

  it('shows a failed load once, and the same failure again as one toast with a count of 2', async () => {
    const options = { queryKey: ['refused-sign-in'], queryFn: refusedSignIn };
    await expect(client.fetchQuery(options)).rejects.toBeInstanceOf(ApiError);
    expect(errorToasts()).toMatchObject([{ title: 'Hata!', message: 'Kullanıcı adı veya şifre hatalı', count: 1 }]);
    await expect(client.fetchQuery(options)).rejects.toBeInstanceOf(ApiError);
    expect(errorToasts()).toMatchObject([{ message: 'Kullanıcı adı veya şifre hatalı', count: 2 }]);
  });

  it('dismisses the failure when its query succeeds on a retry', async () => {
    let attempts = 0;
    const options = {
      queryKey: ['sign-in-retried'],
      queryFn: () => (++attempts === 1 ? refusedSignIn() : acceptedSignIn()),
    };
    await expect(client.fetchQuery(options)).rejects.toBeInstanceOf(ApiError);
    expect(errorToasts()).toHaveLength(1);
    await client.refetchQueries({ queryKey: options.queryKey });
    expect(client.getQueryState(options.queryKey)?.status).toBe('success');
    expect(errorToasts()).toEqual([]);
  });

  it('keeps the failure while other queries succeed; only the failed query succeeding closes it', async () => {
    let attempts = 0;
    const failed = {
      queryKey: ['page', 'plans'],
      queryFn: () => (++attempts === 1 ? refusedSignIn() : acceptedSignIn()),
    };
    await expect(client.fetchQuery(failed)).rejects.toBeInstanceOf(ApiError);
    // Other loads succeed: another page, and a query of the same page with another key.
    await client.fetchQuery({ queryKey: ['page', 'panels'], queryFn: acceptedSignIn });
    await client.fetchQuery({ queryKey: ['page', 'plans', 2], queryFn: acceptedSignIn });
    expect(errorToasts()).toMatchObject([{ message: 'Kullanıcı adı veya şifre hatalı', count: 1 }]);
    await client.refetchQueries({ queryKey: failed.queryKey, exact: true });
    expect(errorToasts()).toEqual([]);
  });

  it('keeps a failure that a mutation said too, even when the query succeeds: it stays until closed', async () => {
    let attempts = 0;
    const options = {
      queryKey: ['said-twice'],
      queryFn: () => (++attempts === 1 ? refusedSignIn() : acceptedSignIn()),
    };
    await expect(client.fetchQuery(options)).rejects.toBeInstanceOf(ApiError);
    const mutation = client.getMutationCache().build(client, { mutationFn: refusedSignIn });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(errorToasts()).toMatchObject([{ count: 2 }]);
    await client.refetchQueries({ queryKey: options.queryKey });
    expect(errorToasts()).toHaveLength(1);
  });

  it('keeps a toast that another failing query still holds', async () => {
    const first = { queryKey: ['first'], queryFn: refusedSignIn };
    let secondAttempts = 0;
    const second = {
      queryKey: ['second'],
      queryFn: () => (++secondAttempts === 1 ? refusedSignIn() : acceptedSignIn()),
    };
    await expect(client.fetchQuery(first)).rejects.toBeInstanceOf(ApiError);
    await expect(client.fetchQuery(second)).rejects.toBeInstanceOf(ApiError);
    expect(errorToasts()).toMatchObject([{ count: 2 }]);
    await client.refetchQueries({ queryKey: second.queryKey });
    expect(errorToasts()).toHaveLength(1);
  });

  it('tries an unreachable server once: one failure, one "Cannot to connect server"', async () => {
    configureGateway({ baseUrl: `http://127.0.0.1:${await freePort()}`, language: () => 'en', timeoutMs: 15_000 });
    let calls = 0;
    const options = {
      queryKey: ['unreachable'],
      queryFn: () => {
        calls++;
        return acceptedSignIn();
      },
    };
    await expect(client.fetchQuery(options)).rejects.toMatchObject({ httpStatus: 0 });
    expect(calls).toBe(1);
    expect(errorToasts()).toMatchObject([{ message: 'Sunucuya bağlanılamadı', count: 1 }]);
  });

  it('shows nothing for a call that was cancelled because its page was left', async () => {
    const options = {
      queryKey: ['left'],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        login({ body: { username: 'admin', password: 'y' }, signal, throwOnError: true }),
    };
    const pending = client.fetchQuery(options);
    await client.cancelQueries({ queryKey: options.queryKey });
    await expect(pending).rejects.toBeDefined();
    expect(toastStore.list()).toEqual([]);
    expect(describeFailure(new DOMException('The operation was aborted.', 'AbortError'))).toBeNull();
  });

  it('says a timed-out call with its own message', () => {
    reportFailure(timeoutError());
    expect(errorToasts()).toMatchObject([
      { title: 'Hata!', message: 'Sunucu zamanında yanıt vermedi. Lütfen tekrar deneyin.' },
    ]);
    expect(describeFailure(new DOMException('signal timed out', 'TimeoutError'))?.message).toBe(
      i18next.t('errors.timeout'),
    );
  });

  it('says nothing more for the failures of a session that ended (the sign-out says why)', () => {
    const refused = new ApiError(401, 'Unauthorized');
    refused.sessionEnded = true;
    reportFailure(refused);
    expect(toastStore.list()).toEqual([]);
  });

  it("reports a refused status once with the server's message, and a mutation's own failure text", async () => {
    const refusal = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new StatusFailure('Kayıt güncellenemedi')),
    });
    await expect(refusal.execute(undefined)).rejects.toBeInstanceOf(StatusFailure);
    const coupon = client.getMutationCache().build(client, {
      mutationFn: refusedSignIn,
      meta: { failureMessage: i18next.t('account.coupon.error') },
    });
    await expect(coupon.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(errorToasts().map((toast) => toast.message)).toEqual([
      'Kayıt güncellenemedi',
      i18next.t('account.coupon.error'),
    ]);
  });
});

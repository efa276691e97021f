/**
 * The lockout error: what a 429 with a `Lockout` body becomes (the lock's end on this browser's clock, from
 * `retry_after`, else `Retry-After`, else `locked_until`), its message in Turkish and English, the countdown's
 * arithmetic, that it is never retried, and that it is one toast, or none where the caller shows it itself.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../../locales/en.json';
import tr from '../../../locales/tr.json';
import { toastStore } from '../../shared/toast/toast-store.ts';
import { ApiError, retryRead } from './api-error.ts';
import { describeFailure, reportFailure } from './feedback.ts';
import { formatCountdown, secondsLeft } from './use-lockout-countdown.ts';
import { isPanelPasswordLockout } from '../panels/panel-lockouts.ts';
import { lockEndTime, lockoutError, lockoutMessage, LockoutError } from './lockout-error.ts';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const body = (changes: Record<string, unknown> = {}) => ({
  message: 'Çok fazla hatalı deneme. Lütfen daha sonra tekrar deneyin',
  status: 'Error',
  lockout: true,
  policy: 'panel-password',
  locked_until: '2026-11-21T10:15:00Z',
  retry_after: 900,
  ...changes,
});

beforeAll(async () => {
  await i18next.init({ lng: 'tr', resources: { en: { translation: en }, tr: { translation: tr } } });
});
beforeEach(() => toastStore.clear());

describe('a 429 with a Lockout body', () => {
  it('is a LockoutError whose lock ends retry_after seconds from now on this clock', () => {
    const error = lockoutError(429, body(), '900', NOW)!;
    expect(error).toBeInstanceOf(LockoutError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ httpStatus: 429, kind: 'lockout', message: body().message });
    expect(error.lockout).toEqual({ policy: 'panel-password', until: NOW + 900_000 });
    expect(isPanelPasswordLockout(error)).toBe(true);
  });

  it('trusts the seconds over locked_until (a browser clock that is off still counts the right time)', () => {
    // The browser's clock is 10 minutes ahead of the server's: locked_until has "passed", 900 s have not.
    const ahead = NOW + 10 * 60_000;
    expect(lockoutError(429, body(), null, ahead)?.lockout.until).toBe(ahead + 900_000);
  });

  it('takes the Retry-After header when the body has no retry_after, then locked_until, then 1 s', () => {
    const until = (changes: Record<string, unknown>, header: string | null) =>
      lockoutError(429, body(changes), header, NOW)?.lockout.until;
    expect(until({ retry_after: undefined }, '120')).toBe(NOW + 120_000);
    expect(until({ retry_after: undefined }, ' 42 ')).toBe(NOW + 42_000);
    expect(until({ retry_after: undefined }, null)).toBe(NOW + 900_000);
    expect(until({ retry_after: undefined }, '-3')).toBe(NOW + 900_000);
    expect(until({ retry_after: 0, locked_until: 'soon' }, 'soon')).toBe(NOW + 1000);
  });

  it('is no lockout without the Lockout body, or with another status', () => {
    expect(lockoutError(429, { message: 'Slow down', status: 'Error' }, '30', NOW)).toBeUndefined();
    expect(lockoutError(403, body(), '30', NOW)).toBeUndefined();
    expect(lockoutError(undefined, body(), null, NOW)).toBeUndefined();
    expect(isPanelPasswordLockout(lockoutError(429, body({ policy: 'sign-in' }), null, NOW))).toBe(false);
    expect(isPanelPasswordLockout(new ApiError(429, 'x'))).toBe(false);
  });
});

describe('the countdown', () => {
  it('counts whole seconds up, and shows minutes:seconds', () => {
    const until = NOW + 61_500;
    expect(secondsLeft(until, NOW)).toBe(62);
    expect(secondsLeft(until, until + 5)).toBe(0);
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(62)).toBe('1:02');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-4)).toBe('0:00');
    expect(formatCountdown(4500)).toBe('75:00');
  });

  it('names the end as hours:minutes of this browser', () => {
    const end = new Date(2026, 10, 21, 9, 5).getTime();
    expect(lockEndTime(end)).toBe('09:05');
  });
});

describe('what a lockout says', () => {
  const lock = { policy: 'panel-password', until: new Date(2026, 10, 21, 10, 15).getTime() };

  it('says it is a lockout for too many wrong attempts and until when, in Turkish', async () => {
    await i18next.changeLanguage('tr');
    expect(lockoutMessage(lock)).toEqual({
      title: 'Hata!',
      message: 'Kilitlendi: çok fazla hatalı deneme. 10:15 saatinde tekrar deneyin.',
    });
  });

  it('and in English', async () => {
    await i18next.changeLanguage('en');
    expect(lockoutMessage(lock)).toEqual({
      title: 'Error!',
      message: 'Locked: too many wrong attempts. Try again at 10:15.',
    });
    await i18next.changeLanguage('tr');
  });

  it('is the failure toast of every call (not the server text, not a feature’s own failure text)', () => {
    const error = lockoutError(429, body(), null)!;
    const feedback = describeFailure(error, 'The coupon could not be used');
    expect(feedback).toMatchObject({ severity: 'error', title: 'Hata!' });
    // The lock's end: 900 s from now, on this clock.
    expect(feedback?.message).toBe(
      `Kilitlendi: çok fazla hatalı deneme. ${lockEndTime(error.lockout.until)} saatinde tekrar deneyin.`,
    );
    expect(error.lockout.until - Date.now()).toBeGreaterThan(899_000);
  });

  it('is one toast per failure, and none where the caller shows the lock itself', () => {
    reportFailure(lockoutError(429, body(), null)!, { lockoutShown: true });
    expect(toastStore.list()).toEqual([]);
    reportFailure(lockoutError(429, body(), null)!);
    expect(toastStore.list()).toHaveLength(1);
    // Another failure is still told where the caller shows only the lock.
    reportFailure(new ApiError(403, 'Panel şifresi hatalı'), { lockoutShown: true });
    expect(toastStore.list()).toHaveLength(2);
  });

  it('is never tried again by itself', () => {
    expect(retryRead(0, lockoutError(429, body(), null))).toBe(false);
    expect(retryRead(0, new ApiError(503, 'down'))).toBe(true);
  });
});

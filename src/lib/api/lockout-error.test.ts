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
import { formatCountdown } from './use-lockout-countdown.ts';
import { isPanelPasswordLockout } from '../panels/panel-lockouts.ts';
import {
  lockEndTime,
  lockoutError,
  lockoutMessage,
  LockoutError,
  minutesLeft,
  parseLockout,
  retryAfterSeconds,
  secondsLeft,
} from './lockout-error.ts';

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
    expect(parseLockout(body(), null, ahead)?.until).toBe(ahead + 900_000);
  });

  it('takes the Retry-After header (seconds or a date) when the body has no retry_after, then locked_until', () => {
    expect(parseLockout(body({ retry_after: undefined }), '120', NOW)?.until).toBe(NOW + 120_000);
    const date = new Date(NOW + 60_000).toUTCString();
    expect(parseLockout(body({ retry_after: undefined }), date, NOW)?.until).toBe(NOW + 60_000);
    expect(parseLockout(body({ retry_after: undefined }), null, NOW)?.until).toBe(NOW + 900_000);
    expect(parseLockout(body({ retry_after: 0, locked_until: 'soon' }), 'soon', NOW)?.until).toBe(NOW + 1000);
    expect(retryAfterSeconds(' 42 ')).toBe(42);
    expect(retryAfterSeconds('')).toBeUndefined();
    expect(retryAfterSeconds('-3')).toBeUndefined();
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
  it('counts whole seconds and minutes up, and shows minutes:seconds', () => {
    const until = NOW + 61_500;
    expect(secondsLeft(until, NOW)).toBe(62);
    expect(minutesLeft(until, NOW)).toBe(2);
    expect(minutesLeft(NOW + 60_000, NOW)).toBe(1);
    expect(secondsLeft(until, until + 5)).toBe(0);
    expect(minutesLeft(until, until)).toBe(0);
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
  const now = new Date(2026, 10, 21, 10, 0, 30).getTime();

  it('says it is a lockout for too many wrong attempts, how many minutes are left and until when, in Turkish', async () => {
    await i18next.changeLanguage('tr');
    expect(lockoutMessage(lock, now)).toEqual({
      title: 'Kilitlendi: çok fazla hatalı deneme',
      message: 'Çok fazla hatalı deneme: 10:15 saatine kadar kilitli (15 dk kaldı). Lütfen o zaman tekrar deneyin.',
    });
  });

  it('and in English', async () => {
    await i18next.changeLanguage('en');
    expect(lockoutMessage(lock, now)).toEqual({
      title: 'Locked: too many wrong attempts',
      message: 'Too many wrong attempts: locked until 10:15 (15 min left). Please try again then.',
    });
    expect(lockoutMessage(lock, lock.until - 30_000).message).toContain('locked until 10:15 (1 min left)');
    await i18next.changeLanguage('tr');
  });

  it('is the failure toast of every call (not the server text, not a feature’s own failure text)', () => {
    const error = lockoutError(429, body(), null)!;
    const feedback = describeFailure(error, 'The coupon could not be used');
    expect(feedback).toMatchObject({ severity: 'error', title: 'Kilitlendi: çok fazla hatalı deneme' });
    expect(feedback?.message).toMatch(/^Çok fazla hatalı deneme: \d\d:\d\d saatine kadar kilitli \(15 dk kaldı\)/);
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

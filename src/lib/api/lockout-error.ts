/**
 * A call refused by an attempt limit (the contract's root `x-attempt-limits`): a 429 whose body is a `Lockout`. It is
 * an error of its own kind (`LockoutError`, kind `lockout`): it says it is a lockout for too many wrong attempts and
 * how long is left, it is never retried (`retryRead` retries only a 5xx answer, every mutation has `retry: false`),
 * and nothing sends the call again by itself.
 *
 * The end of the lock is taken on this browser's clock: now plus the seconds the server says are left (`retry_after`,
 * else the `Retry-After` header), so a browser whose clock is off still counts down the right time; `locked_until`
 * speaks only when neither gives seconds.
 */
import i18next from 'i18next';
import type { Lockout } from '@generated/api/types.gen.ts';
import { ApiError } from './api-error.ts';

export interface LockoutInfo {
  /** The policy that locked the call (`panel-password`, `sign-in`, ...), as the server named it. */
  policy: string;
  /** When the lock ends, on this browser's clock (epoch ms). */
  until: number;
}

export class LockoutError extends ApiError {
  override name = 'LockoutError';

  constructor(
    message: string,
    body: unknown,
    readonly lockout: LockoutInfo,
  ) {
    super(429, message, 'Error', body, 'lockout');
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const wholeSeconds = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.ceil(value) : undefined;

/** `Retry-After` as seconds: a whole number of seconds, or an HTTP date. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return wholeSeconds(Number(text));
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : wholeSeconds((date - now) / 1000);
}

/** Whether an answer's body is the contract's `Lockout` (its `lockout` flag is true). */
export const isLockoutBody = (body: unknown): body is Partial<Lockout> & { lockout: true } =>
  isObject(body) && body.lockout === true;

/**
 * The lock a 429 answer states, or undefined when its body is no `Lockout` (a 429 of something else stays a plain
 * refusal). Seconds from `retry_after`, else the `Retry-After` header, else `locked_until`; at least one second.
 */
export function parseLockout(body: unknown, retryAfter: string | null | undefined, now = Date.now()) {
  if (!isLockoutBody(body)) return undefined;
  const lockedUntil = typeof body.locked_until === 'string' ? Date.parse(body.locked_until) : Number.NaN;
  const seconds =
    wholeSeconds(body.retry_after) ??
    retryAfterSeconds(retryAfter, now) ??
    (Number.isNaN(lockedUntil) ? undefined : wholeSeconds((lockedUntil - now) / 1000)) ??
    1;
  const policy = typeof body.policy === 'string' && body.policy ? body.policy : 'unknown';
  return { policy, until: now + seconds * 1000 } satisfies LockoutInfo;
}

/** The LockoutError of a failed call's answer, or undefined when it is not a lockout. */
export function lockoutError(
  status: number | undefined,
  body: unknown,
  retryAfter: string | null | undefined,
  now = Date.now(),
): LockoutError | undefined {
  if (status !== 429) return undefined;
  const lockout = parseLockout(body, retryAfter, now);
  if (!lockout) return undefined;
  const message = isLockoutBody(body) && typeof body.message === 'string' ? body.message : `HTTP ${status}`;
  return new LockoutError(message, body, lockout);
}

/** Whole seconds left until `until` (0 once it has passed). */
export const secondsLeft = (until: number, now = Date.now()): number => Math.max(0, Math.ceil((until - now) / 1000));

/** Whole minutes left, rounded up (a lock of 61 s has 2 minutes left), at least 1 while any second is. */
export const minutesLeft = (until: number, now = Date.now()): number => Math.ceil(secondsLeft(until, now) / 60);

/** The hour and minute a lock ends, in this browser's time zone (`10:15`). */
export const lockEndTime = (until: number): string => {
  const date = new Date(until);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
};

/** What a lockout says, in the interface language: a lockout for too many wrong attempts, and until when. */
export function lockoutMessage(lockout: LockoutInfo, now = Date.now()): { title: string; message: string } {
  return {
    title: i18next.t('lockout.title'),
    message: i18next.t('lockout.message', {
      minutes: minutesLeft(lockout.until, now),
      time: lockEndTime(lockout.until),
    }),
  };
}

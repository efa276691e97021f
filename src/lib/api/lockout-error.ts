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

/** Whether an answer's body is the contract's `Lockout` (its `lockout` flag is true). */
export const isLockoutBody = (body: unknown): body is Partial<Lockout> & { lockout: true } =>
  typeof body === 'object' && body !== null && (body as { lockout?: unknown }).lockout === true;

/** Whole seconds, at least 1, of a number or a text of digits (`Retry-After`); undefined otherwise. */
const wholeSeconds = (value: unknown): number | undefined => {
  const seconds = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof seconds === 'number' && seconds >= 1 && seconds < Infinity ? Math.ceil(seconds) : undefined;
};

/**
 * The LockoutError of a failed call's answer: a 429 whose body is a `Lockout` (a 429 of something else stays a plain
 * refusal), or undefined. Seconds from `retry_after`, else the `Retry-After` header, else `locked_until`; at least 1.
 */
export function lockoutError(
  status: number | undefined,
  body: unknown,
  retryAfter: string | null | undefined,
  now = Date.now(),
): LockoutError | undefined {
  if (status !== 429 || !isLockoutBody(body)) return undefined;
  const seconds =
    wholeSeconds(body.retry_after) ??
    wholeSeconds(retryAfter) ??
    wholeSeconds((Date.parse(String(body.locked_until)) - now) / 1000) ??
    1;
  const message = typeof body.message === 'string' ? body.message : 'HTTP 429';
  return new LockoutError(message, body, { policy: String(body.policy ?? ''), until: now + seconds * 1000 });
}

/** Whole minutes until a lock ends, at least 1 while it holds; 0 once it has ended. */
export const lockoutMinutesLeft = (lockout: LockoutInfo, now = Date.now()): number =>
  lockout.until <= now ? 0 : Math.max(1, Math.ceil((lockout.until - now) / 60_000));

/** The lock a failed call was refused with (a LockoutError's), or undefined for any other failure. */
export const lockoutOf = (error: unknown): LockoutInfo | undefined =>
  error instanceof LockoutError ? error.lockout : undefined;

/** The hour and minute a lock ends, in this browser's time zone (`10:15`: `toTimeString` starts with `HH:MM:SS`). */
export const lockEndTime = (until: number): string => new Date(until).toTimeString().slice(0, 5);

/**
 * What a lockout says, in the interface language: a lockout for too many wrong attempts, and when it ends. Its toast
 * stays until closed, so it names the time the lock ends rather than minutes left, which would go stale; the panel
 * password prompts count the time left down (use-lockout-countdown.ts).
 */
export function lockoutMessage(lockout: LockoutInfo): { title: string; message: string } {
  return {
    title: i18next.t('errors.title'),
    message: i18next.t('lockout.message', { time: lockEndTime(lockout.until) }),
  };
}

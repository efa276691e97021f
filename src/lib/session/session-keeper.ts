/**
 * Keeps the stored token alive: it is refreshed shortly before its `exp`, and the session ends (one message, back
 * to the login page) when the refresh fails or the token has already expired. A stored token that cannot be
 * decoded is removed rather than kept, so that no page goes on sending it.
 */
import { isAbort } from '../api/api-error.ts';
import { clearSession, decodeClaims, getAccessToken, subscribeSession, tokenExpiry } from './session.ts';
import { endSession } from './sign-out.ts';

/** How long before `exp` the token is refreshed. */
export const REFRESH_LEAD_MS = 60_000;
/** Longer delays overflow a timer (it would fire at once): far expiries are looked at again later. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Milliseconds until the refresh of a token that expires at `expiresAt`: a minute before, or halfway through
 * a shorter remaining life; null when it has expired (an expired token cannot be refreshed).
 */
export function refreshDelay(expiresAt: number, now: number): number | null {
  const left = expiresAt - now;
  if (left <= 0) return null;
  return left > 2 * REFRESH_LEAD_MS ? left - REFRESH_LEAD_MS : Math.floor(left / 2);
}

export interface SessionKeeperOptions {
  /** Fetches and stores a new token (the changed-jwt call). */
  refresh: () => Promise<unknown>;
  now?: () => number;
}

/** Watches the stored token from now on; answers a function that stops watching. */
export function keepSession({ refresh, now = Date.now }: SessionKeeperOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const renew = async (expiring: string) => {
    try {
      await refresh();
    } catch (error) {
      if (!isAbort(error)) endSession();
      return;
    }
    // A server that gives back the same expiry will not extend the session: end it instead of asking in a loop.
    if (tokenExpiry(getAccessToken()) === tokenExpiry(expiring) && getAccessToken() !== null) endSession();
  };

  const plan = () => {
    clearTimeout(timer);
    const token = getAccessToken();
    if (token === null) return;
    if (decodeClaims(token) === null) {
      clearSession();
      return;
    }
    const expiresAt = tokenExpiry(token);
    if (expiresAt === null) return;
    const delay = refreshDelay(expiresAt, now());
    if (delay === null) {
      endSession();
      return;
    }
    timer = delay > LONGEST_TIMER_MS ? setTimeout(plan, LONGEST_TIMER_MS) : setTimeout(() => void renew(token), delay);
  };

  const stop = subscribeSession(plan);
  plan();
  return () => {
    clearTimeout(timer);
    stop();
  };
}

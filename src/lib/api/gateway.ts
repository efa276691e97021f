/**
 * The one gateway around the generated client. Every call gets the base URL, the bearer token and the
 * `language`, `agent` and `country` headers here, and ends: after the request time-out it fails as a timeout,
 * and when its page is left (TanStack Query aborts the query's signal) it is cancelled. Every failure becomes an
 * ApiError here (a lockout's 429 a LockoutError); a 401 of a signed-in call ends the session, and so does a 403 saying
 * the account must change a one-time password or turn on a required second factor first (a new sign-in leads there). The gateway shows nothing: the query caches report
 * each failure once through feedback.ts, after retries, so one failed load is one message.
 */
import { client } from '@generated/api/client.gen.ts';
import { getAccessToken } from '../session/session.ts';
import { endSession, isSessionEnding } from '../session/sign-out.ts';
import { isAbort, timeoutError, toApiError } from './api-error.ts';
import { lockoutError } from './lockout-error.ts';
import { isReauthFailure } from './reauth-required.ts';

export interface GatewayOptions {
  baseUrl: string;
  /** The interface language (`tr`, `en`, ...). */
  language: () => string;
  /** How long a call may take, answer included, before it fails as a timeout. */
  timeoutMs: number;
}

/** Headers every request carries. */
export function commonHeaders(language: string, token: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    language,
    agent: 'browser',
    country: language === 'tr' ? 'TRY' : 'USD',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * fetch with the time-out: the caller's signal (a query's, which aborts when its page is left) and the timer
 * end the call together. Only the timer makes it a failure; the caller's own abort stays an AbortError.
 */
export function fetchWithTimeout(timeoutMs: number): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    try {
      return await fetch(input, { ...init, signal });
    } catch (error) {
      if (timeout.aborted && !callerSignal?.aborted) throw timeoutError();
      throw error;
    }
  };
}

/**
 * A 403 saying the session must first do something a new sign-in leads to: change a one-time password (the
 * contract's `password-change-required`) or turn on the second factor an administrator now requires
 * (`second-factor-enrolment-required`; the new session holds the person to the enrolment).
 */
const mustSignInAgain = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  ((body as { password_change_required?: unknown }).password_change_required === true ||
    (body as { second_factor_enrolment_required?: unknown }).second_factor_enrolment_required === true);

let installed: { request: number; error: number } | undefined;

export function configureGateway(options: GatewayOptions): void {
  if (installed) {
    client.interceptors.request.eject(installed.request);
    client.interceptors.error.eject(installed.error);
  }
  client.setConfig({ baseUrl: options.baseUrl, throwOnError: true, fetch: fetchWithTimeout(options.timeoutMs) });
  const request = client.interceptors.request.use((req) => {
    for (const [name, value] of Object.entries(commonHeaders(options.language(), getAccessToken()))) {
      req.headers.set(name, value);
    }
    return req;
  });
  const error = client.interceptors.error.use((raw, response, req) => {
    // A call the console cancelled itself (its page was left) is not a failure.
    if (isAbort(raw)) return raw;
    // A 429 whose body is a `Lockout` is an attempt limit's lock: an error of its own kind (lockout-error.ts).
    const apiError =
      lockoutError(response?.status, raw, response?.headers.get('retry-after')) ?? toApiError(raw, response?.status);
    // A refused token ends the session once, however many calls were under way; their failures say nothing more.
    // A wrong password or code at the re-authentication is no refused token: the session goes on.
    const refusedToken = apiError.httpStatus === 401 && !isReauthFailure(apiError.httpStatus, apiError.body);
    if (refusedToken && req.headers.has('Authorization')) endSession();
    // The account must change a one-time password, or turn on a second factor, first (an administrator asked for it
    // during this session): sign in again.
    if (apiError.httpStatus === 403 && mustSignInAgain(apiError.body) && req.headers.has('Authorization')) endSession();
    if (isSessionEnding()) apiError.sessionEnded = true;
    return apiError;
  });
  installed = { request, error };
}

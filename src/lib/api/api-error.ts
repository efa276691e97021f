/**
 * The one error shape of every failed call: the HTTP status (0 when no answer came) and the server's text.
 * `kind` tells an answer that refused the call from a server that could not be reached, from one that did not
 * answer in time and from an attempt limit's lockout (a 429 with a `Lockout` body: `LockoutError` of lockout-error.ts),
 * because each is shown with its own message.
 */
export const NETWORK_FAILURE_MESSAGE = 'Cannot to connect server';
export const TIMEOUT_MESSAGE = 'The server did not answer in time';

export type ApiErrorKind = 'answer' | 'network' | 'timeout' | 'lockout';

export class ApiError extends Error {
  override name = 'ApiError';
  /** Set by the gateway when the call failed because the session ended (a 401 of a signed-in call). */
  sessionEnded = false;

  constructor(
    /** HTTP status, or 0 when the server could not be reached or did not answer in time. */
    readonly httpStatus: number,
    message: string,
    /** `Error` on failures, as the server's error body says. */
    readonly status: string = 'Error',
    readonly body: unknown = undefined,
    readonly kind: ApiErrorKind = httpStatus === 0 ? 'network' : 'answer',
  ) {
    super(message);
  }

  get isNetworkFailure(): boolean {
    return this.kind === 'network';
  }

  get isTimeout(): boolean {
    return this.kind === 'timeout';
  }
}

export const timeoutError = (): ApiError => new ApiError(0, TIMEOUT_MESSAGE, 'Error', undefined, 'timeout');

const errorName = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;

/** A call the console cancelled itself (its page was left, its query is no longer needed): not a failure. */
export const isAbort = (error: unknown): boolean => errorName(error) === 'AbortError';

/** Turns whatever a failed call produced into an ApiError (server body `message` first). */
export function toApiError(error: unknown, httpStatus: number | undefined): ApiError {
  if (error instanceof ApiError) return error;
  // A timeout that struck while the answer's body was still being read.
  if (errorName(error) === 'TimeoutError') return timeoutError();
  if (httpStatus === undefined) return new ApiError(0, NETWORK_FAILURE_MESSAGE);
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    const body = error as { message: string; status?: unknown };
    return new ApiError(httpStatus, body.message, typeof body.status === 'string' ? body.status : 'Error', error);
  }
  const text = typeof error === 'string' && error.trim() ? error.trim().slice(0, 300) : `HTTP ${httpStatus}`;
  return new ApiError(httpStatus, text, 'Error', error);
}

/**
 * Whether a failed read is tried once more: only a server fault (5xx) may pass on its own. A refusal (4xx, a
 * lockout's 429 above all: a lock is never tried again by itself) will be refused again, and a server that is down
 * or slow gets no second wait: one failure, one message.
 */
export const retryRead = (failureCount: number, error: unknown): boolean =>
  failureCount < 1 && error instanceof ApiError && error.kind === 'answer' && error.httpStatus >= 500;

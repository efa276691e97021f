/** The one error shape of every failed call: the HTTP status (0 on a network failure) and the server's text. */
export const NETWORK_FAILURE_MESSAGE = 'Cannot to connect server';

export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    /** HTTP status, or 0 when the server could not be reached. */
    readonly httpStatus: number,
    message: string,
    /** `Error` on failures, as the server's error body says. */
    readonly status: string = 'Error',
    readonly body: unknown = undefined,
  ) {
    super(message);
  }

  get isNetworkFailure(): boolean {
    return this.httpStatus === 0;
  }
}

/** Turns whatever a failed call produced into an ApiError (server body `message` first). */
export function toApiError(error: unknown, httpStatus: number | undefined): ApiError {
  if (error instanceof ApiError) return error;
  if (httpStatus === undefined) return new ApiError(0, NETWORK_FAILURE_MESSAGE);
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    const body = error as { message: string; status?: unknown };
    return new ApiError(httpStatus, body.message, typeof body.status === 'string' ? body.status : 'Error', error);
  }
  const text = typeof error === 'string' && error.trim() ? error.trim().slice(0, 300) : `HTTP ${httpStatus}`;
  return new ApiError(httpStatus, text, 'Error', error);
}

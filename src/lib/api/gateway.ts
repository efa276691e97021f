/**
 * The one gateway around the generated client. Every call gets the base URL, the bearer token and the
 * `language`, `agent` and `country` headers here; every failure becomes an ApiError and the spec's toast
 * here (`Hata!` with the server's message, not auto-hidden; `Cannot to connect server` on a network
 * failure); a 401 removes the stored tokens. Pages never call fetch and never re-type these messages.
 */
import { client } from '@generated/api/client.gen.ts';
import { clearTokens, getAccessToken } from '../session/session.ts';
import { toApiError, type ApiError } from './api-error.ts';

export interface GatewayOptions {
  baseUrl: string;
  /** The interface language (`tr`, `en`, ...). */
  language: () => string;
  /** Called for every failed call, after the error is normalised (shows the toast). */
  onError: (error: ApiError) => void;
  /** Called after a 401 removed the stored tokens. */
  onUnauthorized: () => void;
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

const isAbort = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

let installed: { request: number; error: number } | undefined;

export function configureGateway(options: GatewayOptions): void {
  if (installed) {
    client.interceptors.request.eject(installed.request);
    client.interceptors.error.eject(installed.error);
  }
  client.setConfig({ baseUrl: options.baseUrl, throwOnError: true });
  const request = client.interceptors.request.use((req) => {
    for (const [name, value] of Object.entries(commonHeaders(options.language(), getAccessToken()))) {
      req.headers.set(name, value);
    }
    return req;
  });
  const error = client.interceptors.error.use((raw, response) => {
    // A call the console cancelled itself (a query that is no longer needed) is not a failure.
    if (isAbort(raw)) return raw;
    const apiError = toApiError(raw, response?.status);
    if (apiError.httpStatus === 401 && getAccessToken()) {
      clearTokens();
      options.onUnauthorized();
    }
    options.onError(apiError);
    return apiError;
  });
  installed = { request, error };
}

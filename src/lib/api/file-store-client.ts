/**
 * The second client of the generated SDK: the cloud file store of the help and firmware documents (`getResources`,
 * `downloadResource`; their contract has `servers: /files`). It is set up like the gateway (the runtime
 * configuration's `fileStoreBaseUrl`, the same request time-out, every failure an ApiError, a refused token ends the
 * session) with these differences:
 *  - the bearer token goes only where it already goes or where the console itself is: when `fileStoreBaseUrl` is on
 *    the console's own origin (`/files`, the deployment the README describes: a reverse proxy that asks the API's
 *    `GET /file-access` before letting the call through) or on the API's origin (`apiBaseUrl`, which receives the
 *    token anyway). A store anywhere else gets no token, so it never sees one it could replay against the API (and
 *    a store that needs a session refuses it: keep the store behind the console's origin). No other header either.
 *    The spec's client compiled a credential of the store into its code; the console carries none.
 *  - the store's error body is `{ error, description, message }` (DocumentStoreError) and the spec shows its
 *    `description` in the danger toast, so the failure's message is the `description` (feedback.ts shows it once).
 * Pages pass `client: fileStoreClient()` to the generated `getResourcesOptions` / `downloadResourceOptions`. The client
 * is made on its first use (from the runtime configuration), so only the document pages carry it. Downloads are links
 * the server signed (`downloadResource`): a browser's download sends no bearer token, the link's signature is the
 * permission.
 */
import { createClient, createConfig } from '@generated/api/client/index.ts';
import { ApiError, isAbort, toApiError } from './api-error.ts';
import { fetchWithTimeout } from './gateway.ts';
import { requestTimeoutMs } from '../config/config.ts';
import { runtimeConfig } from '../config/runtime.ts';
import { getAccessToken } from '../session/session.ts';
import { endSession, isSessionEnding } from '../session/sign-out.ts';

let client: ReturnType<typeof createClient> | undefined;

/** The file store's client, set up from the runtime configuration on its first use. */
export function fileStoreClient(): ReturnType<typeof createClient> {
  if (!client) {
    const config = runtimeConfig();
    configureFileStore({
      baseUrl: config.fileStoreBaseUrl,
      timeoutMs: requestTimeoutMs(config),
      tokenOrigins: tokenOrigins(config.apiBaseUrl),
    });
  }
  return client!;
}

export interface FileStoreOptions {
  /** The runtime configuration's `fileStoreBaseUrl` (`/files` on the console's own origin). */
  baseUrl: string;
  /** How long a call may take, answer included, before it fails as a timeout (the API's setting). */
  timeoutMs: number;
  /** The origins the bearer token may be sent to (the console's own and the API's): see `tokenOrigins`. */
  tokenOrigins: ReadonlySet<string>;
}

/** The origin of a URL (relative to the console's own location), or undefined when it is not http(s). */
const originOf = (url: string, base: string): string | undefined => {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
};

/** Where the store may receive the bearer token: the console's own origin and the API's (`apiBaseUrl`). */
export function tokenOrigins(apiBaseUrl: string, location: string = globalThis.location.href): ReadonlySet<string> {
  return new Set([originOf(location, location), originOf(apiBaseUrl, location)].filter((o) => o !== undefined));
}

/** Whether a request to `url` may carry the bearer token. */
export const carriesToken = (url: string, origins: ReadonlySet<string>): boolean => {
  const origin = originOf(url, globalThis.location?.href ?? 'http://localhost/');
  return origin !== undefined && origins.has(origin);
};

/** A failure of the store as an ApiError whose message is the store's `description` when its body has one. */
export function toFileStoreError(error: unknown, httpStatus: number | undefined): ApiError {
  if (httpStatus !== undefined && typeof error === 'object' && error !== null && !(error instanceof Error)) {
    const description = (error as { description?: unknown }).description;
    if (typeof description === 'string' && description.trim()) {
      return new ApiError(httpStatus, description.trim(), 'Error', error);
    }
  }
  return toApiError(error, httpStatus);
}

let installed: { request: number; error: number } | undefined;

/** Sets the file store's client up (again) for `options`. */
export function configureFileStore(options: FileStoreOptions): void {
  client ??= createClient(createConfig({ throwOnError: true }));
  if (installed) {
    client.interceptors.request.eject(installed.request);
    client.interceptors.error.eject(installed.error);
  }
  client.setConfig({
    baseUrl: options.baseUrl,
    throwOnError: true,
    fetch: fetchWithTimeout(options.timeoutMs),
  });
  const request = client.interceptors.request.use((req) => {
    const token = getAccessToken();
    if (token && carriesToken(req.url, options.tokenOrigins)) req.headers.set('Authorization', `Bearer ${token}`);
    return req;
  });
  const error = client.interceptors.error.use((raw, response, req) => {
    // A call the console cancelled itself (its page was left) is not a failure.
    if (isAbort(raw)) return raw;
    const storeError = toFileStoreError(raw, response?.status);
    // A refused token ends the session (once, as the gateway does); the call's failure then says nothing more.
    if (storeError.httpStatus === 401 && req.headers.has('Authorization')) endSession();
    if (isSessionEnding()) storeError.sessionEnded = true;
    return storeError;
  });
  installed = { request, error };
}

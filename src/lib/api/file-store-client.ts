/**
 * The second client of the generated SDK: the cloud file store of the help and firmware documents (`getResources`,
 * `downloadResource`; their contract has `servers: /files` and `security: []`). It is set up like the gateway (the
 * runtime configuration's `fileStoreBaseUrl`, the same request time-out, every failure an ApiError) with two
 * differences:
 *  - no credential at all: no bearer token (the store is not the API) and none of the store's own. The spec's client
 *    compiled a store credential into its code; here the console calls the store through a path of its own origin
 *    (`/files`), and whatever serves that path (a reverse proxy in production, the mock stack locally) holds the
 *    store's credential and adds it on the server side. No custom header either, so a store on another origin gets
 *    simple CORS requests.
 *  - the store's error body is `{ error, description, message }` (DocumentStoreError) and the spec shows its
 *    `description` in the danger toast, so the failure's message is the `description` (feedback.ts shows it once).
 * Pages pass `client: fileStoreClient()` to the generated `getResourcesOptions` / `downloadResourceOptions`. The client
 * is made on its first use (from the runtime configuration), so only the document pages carry it.
 */
import { createClient, createConfig } from '@generated/api/client/index.ts';
import { ApiError, isAbort, toApiError } from './api-error.ts';
import { fetchWithTimeout } from './gateway.ts';
import { requestTimeoutMs } from '../config/config.ts';
import { runtimeConfig } from '../config/runtime.ts';

let client: ReturnType<typeof createClient> | undefined;

/** The file store's client, set up from the runtime configuration on its first use. */
export function fileStoreClient(): ReturnType<typeof createClient> {
  if (!client) {
    const config = runtimeConfig();
    configureFileStore({ baseUrl: config.fileStoreBaseUrl, timeoutMs: requestTimeoutMs(config) });
  }
  return client!;
}

export interface FileStoreOptions {
  /** The runtime configuration's `fileStoreBaseUrl` (`/files` on the console's own origin). */
  baseUrl: string;
  /** How long a call may take, answer included, before it fails as a timeout (the API's setting). */
  timeoutMs: number;
}

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

let installed: number | undefined;

/** Sets the file store's client up (again) for `options`. */
export function configureFileStore(options: FileStoreOptions): void {
  client ??= createClient(createConfig({ throwOnError: true }));
  if (installed !== undefined) client.interceptors.error.eject(installed);
  client.setConfig({
    baseUrl: options.baseUrl,
    throwOnError: true,
    fetch: fetchWithTimeout(options.timeoutMs),
  });
  // A call the console cancelled itself (its page was left) is not a failure.
  installed = client.interceptors.error.use((raw, response) =>
    isAbort(raw) ? raw : toFileStoreError(raw, response?.status),
  );
}

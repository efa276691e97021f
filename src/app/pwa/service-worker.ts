/**
 * The console's service worker, registered by the console itself (never an inline script: the CSP's script-src
 * 'self'), from the signed-in frame's lazily loaded notices, once the page is idle: the sign-in page never pays for
 * it and a first visit's first paint never waits for it. A new version is never taken silently: it waits until the
 * person chooses "Reload" (`updates.reload`), then takes over and the page reloads on it.
 */
import { Workbox } from 'workbox-window';
import { SERVICE_WORKER_FILE } from './web-app.ts';

/** What of workbox-window this module uses (the unit tests give a stand-in). */
export interface ServiceWorkerHost {
  addEventListener(type: 'waiting', listener: () => void): void;
  addEventListener(type: 'controlling', listener: (event: { isUpdate?: boolean }) => void): void;
  register(): Promise<ServiceWorkerRegistration | undefined>;
  update(): Promise<void>;
  messageSkipWaiting(): void;
}

/** 'none'; 'waiting' (a new version is installed and waits for the person); 'reloading' (they chose to reload). */
export type UpdateState = 'none' | 'waiting' | 'reloading';

/** A console left open for days still hears of a new version: the browser itself checks only on a page load. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function createUpdates(reload: () => void = () => window.location.reload()) {
  let state: UpdateState = 'none';
  let host: ServiceWorkerHost | undefined;
  let registration: ServiceWorkerRegistration | undefined;
  let chosen = false;
  const listeners = new Set<() => void>();
  const set = (next: UpdateState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    state: (): UpdateState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Registers the service worker (once); a failure leaves the console as it is, without one. */
    async start(
      create: () => ServiceWorkerHost = () => new Workbox(`/${SERVICE_WORKER_FILE}`, { scope: '/' }),
    ): Promise<void> {
      if (host) return;
      host = create();
      host.addEventListener('waiting', () => {
        if (state === 'none') set('waiting');
      });
      // A new version took over: reload on it if this tab's person chose to. When another tab chose it, this tab
      // keeps its prompt and reloads only when its own person says so (it may be in the middle of a task).
      host.addEventListener('controlling', (event) => {
        if (chosen && event.isUpdate) reload();
      });
      try {
        registration = await host.register();
      } catch {
        // No service worker (a private window, blocked by the browser): the console works as without one.
        return;
      }
      const watched = host;
      setInterval(() => void watched.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    /** The person chose "Reload": the waiting version takes over, and the page reloads once it controls it. */
    reload(): void {
      if (state === 'none' || chosen) return;
      chosen = true;
      set('reloading');
      // Taken over already (another tab chose it): nothing waits any more, the page only needs to load again.
      if (registration && !registration.waiting) reload();
      else host?.messageSkipWaiting();
    },
  };
}

/** The console's one instance. */
export const updates = createUpdates();

/** How long the page must have asked for nothing before the service worker installs (`whenNetworkQuiet`). */
export const QUIET_MS = 3_000;
/** Installing waits for a quiet network at most this long after the frame asks. */
export const QUIET_MAX_WAIT_MS = 60_000;

/**
 * Calls `run` once the page has loaded, then has fetched nothing for `QUIET_MS` (resource timing: scripts, calls,
 * images), then the browser is idle; at the latest `QUIET_MAX_WAIT_MS` after the call. The service worker's install
 * downloads the first screens again (about 0.3 MB compressed): on a phone's network, it must not compete with the
 * scripts and calls of the page the person has just opened (the panel list going live after sign-in).
 */
export function whenNetworkQuiet(run: () => void, quietMs = QUIET_MS, maxWaitMs = QUIET_MAX_WAIT_MS): void {
  let done = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  const finish = () => {
    if (done) return;
    done = true;
    if (quiet !== undefined) clearTimeout(quiet);
    clearTimeout(latest);
    observer?.disconnect();
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5_000 });
    else run();
  };
  const latest = setTimeout(finish, maxWaitMs);
  const restart = () => {
    if (quiet !== undefined) clearTimeout(quiet);
    quiet = setTimeout(finish, quietMs);
  };
  const watch = () => {
    if (done) return;
    if (typeof PerformanceObserver !== 'undefined') {
      observer = new PerformanceObserver(restart);
      observer.observe({ type: 'resource' });
    }
    restart();
  };
  if (document.readyState === 'complete') watch();
  else window.addEventListener('load', watch, { once: true });
}

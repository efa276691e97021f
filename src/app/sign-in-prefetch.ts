/**
 * While a person signs in, the code and texts of what sign-in leads to are fetched: the signed-in frame, the panel
 * list (where sign-in takes most people, and the page an installer opens at a customer's door), the routes' loader
 * helper, the signed-in pages' texts, the live-feed client and the frame's parts that load after its first paint. On a phone's network these are 60–80 kB and a
 * handful of round trips; fetched while the person types, sign-in → the live list waits for the sign-in call and
 * the list's own calls, not for code. It starts once the sign-in page is idle (its first paint and its scripts come
 * first), fetches static files only (no call to the API), and a failure changes nothing: the route loads them again.
 * A browser asking to save data (the phone's data saver: `navigator.connection.saveData`) gets nothing ahead.
 */
import type { AnyRoute } from '@tanstack/react-router';

/** A lazily loaded route component (TanStack's lazyRouteComponent): `preload` fetches its code without rendering. */
type Preloadable = { preload?: () => Promise<void> };

export function prefetchForSignIn(routes: (AnyRoute | undefined)[], modules: (() => Promise<unknown>)[]): void {
  if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const run = () => {
    for (const route of routes)
      void (route?.options.component as Preloadable | undefined)?.preload?.().catch(() => undefined);
    for (const load of modules) void load().catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 0);
}

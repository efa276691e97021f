import { createRootRouteWithContext, createRoute, createRouter, type AnyRoute } from '@tanstack/react-router';
import { guard, type RouterContext } from './guard.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError, routeErrorFor } from './route-error.tsx';
import { RoutePending } from './route-pending.tsx';
import { ShellPending } from './shell-pending.tsx';
import { queryClient } from './query-client.ts';
import { lazyPage } from './lazy-page.ts';
import { PAGE_ROUTES, type PageRoute } from './page-routes.ts';
import { loadAdminTexts, loadPageTexts } from '../lib/i18n/i18n.ts';
import { pageLevels, routes } from '../lib/routing/paths.ts';
import { requireSession } from './guard.ts';
import { prefetchForSignIn } from './sign-in-prefetch.ts';

// Whatever is still loading above a page (its guard, the layout's code) shows the header and the menu around the
// pending state: the shell is never lost, and the person can leave through the menu.
const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  pendingComponent: ShellPending,
  errorComponent: RouteError,
  notFoundComponent: lazyPage(() => import('./forbidden-page.tsx'), 'UnknownPathPage'),
});

// Signed-in pages: header and side menu around them. The signed-in shell (header, side menu, account menu) loads
// with the first signed-in page, not with /login; so do the routes' loaders (each imports its query with the page, in
// parallel with the page's own chunk).
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  // A signed-in page without a session goes to sign in before anything of the page is read; the signed-in pages'
  // texts arrive with the first of them (the sign-in page does without them).
  beforeLoad: async () => {
    requireSession();
    await loadPageTexts();
  },
  pendingComponent: ShellPending,
  component: lazyPage(() => import('./layout/app-layout.tsx'), 'AppLayout'),
});

// The administration (the dashboard, the lists of menu level 1 and above): its texts arrive with its first page, so
// the pages everybody uses never carry them.
const adminRoute = createRoute({
  getParentRoute: () => appRoute,
  id: 'admin',
  beforeLoad: () => loadAdminTexts(),
});

const parents = { root: rootRoute, app: appRoute, admin: adminRoute } satisfies Record<PageRoute['under'], AnyRoute>;

/** One page's route from its row: the guard of its level, then what it needs first, its loader and its page. */
function pageRoute(row: PageRoute): AnyRoute {
  const { load, search, params, before, loadError } = row;
  return createRoute({
    getParentRoute: () => parents[row.under] as AnyRoute,
    path: row.path ?? routes[row.page],
    ...(params ? { params } : {}),
    ...(search ? { validateSearch: search } : {}),
    beforeLoad: async (context) => {
      await guard(pageLevels[row.page])(context);
      await before?.();
    },
    ...(row.loadBySearch ? { loaderDeps: ({ search: deps }: { search: object }) => deps } : {}),
    ...(load
      ? {
          // The loader's helper comes with the first page that has a loader, not with the sign-in page.
          loader: async ({ context, params: parsed, deps, abortController }) =>
            load(
              (await import('./page-loader.ts')).pageLoad(
                context.queryClient,
                abortController.signal,
                parsed as object,
                deps as object,
              ),
            ),
        }
      : {}),
    ...(loadError ? { errorComponent: routeErrorFor(loadError) } : {}),
    component: row.component,
  });
}

const childrenOf = (under: PageRoute['under']) => PAGE_ROUTES.filter((row) => row.under === under).map(pageRoute);

const routeTree = rootRoute.addChildren([
  ...childrenOf('root'),
  appRoute.addChildren([adminRoute.addChildren(childrenOf('admin')), ...childrenOf('app')]),
]);

// A page's own pending state shows after a short wait (and stays long enough not to flash); a failed guard or
// loader shows the error with a retry. Preloads always ask the query cache, which decides freshness.
export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: RoutePending,
  defaultPendingMs: 300,
  defaultPendingMinMs: 300,
  defaultErrorComponent: RouteError,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// On the sign-in page, once: what signing in leads to is fetched while the person types (sign-in-prefetch.ts).
let prefetched = false;
router.subscribe('onResolved', ({ toLocation }) => {
  if (prefetched || toLocation.pathname !== routes.login) return;
  prefetched = true;
  prefetchForSignIn(
    [appRoute, (router.routesByPath as Record<string, AnyRoute>)[routes.panels]],
    [
      () => loadPageTexts(),
      () => import('./page-loader.ts'),
      () => import('../lib/panels/user-panels.ts'),
      () => import('../lib/live/live-connection.ts'),
      () => import('../lib/live/mqtt-transport.ts'),
      // The frame's parts that load after its first paint: the alarm bar (with the queue watch), its notices.
      () => import('./alarms/alarm-bar.tsx'),
      () => import('./pwa/pwa-notices.tsx'),
    ],
  );
});

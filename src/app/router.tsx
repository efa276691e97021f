import { createRootRouteWithContext, createRoute, createRouter } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { DealerCreatePage } from '../features/dealers/dealer-create-page.tsx';
import { PriceListPage } from '../features/payments/price-list-page.tsx';
import { ForbiddenPage } from './forbidden-page.tsx';
import { guard, type RouterContext } from './guard.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { queryClient } from './query-client.ts';
import { lazyPage } from './lazy-page.ts';
import { routes } from '../lib/routing/paths.ts';

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouteError,
  notFoundComponent: ForbiddenPage,
});

// Public pages: no menu, no header.
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: routes.login,
  beforeLoad: guard('public'),
  component: LoginPage,
});
const dealerCreateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: routes.dealerCreate,
  beforeLoad: guard('public'),
  component: DealerCreatePage,
});

// Signed-in pages: header and side menu around them; each route declares its menu level.
const appRoute = createRoute({ getParentRoute: () => rootRoute, id: 'app', component: AppLayout });

const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: routes.home,
  beforeLoad: guard(0),
  component: lazyPage(() => import('../features/home/home-page.tsx'), 'HomePage'),
});
const panelsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: routes.panels,
  beforeLoad: guard(0),
  component: lazyPage(() => import('../features/panels/panel-list-page.tsx'), 'PanelListPage'),
});
const priceListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: routes.priceList,
  beforeLoad: guard(0),
  validateSearch: (search: Record<string, unknown>): { type?: string } =>
    typeof search.type === 'string' ? { type: search.type } : {},
  component: function PriceListRoute() {
    const { type } = priceListRoute.useSearch();
    return <PriceListPage noSubscription={type === 'noSub'} />;
  },
});
const profileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: routes.profile,
  beforeLoad: guard(0),
  component: lazyPage(() => import('../features/account/profile-page.tsx'), 'ProfilePage'),
});
const changePasswordRoute = createRoute({
  getParentRoute: () => appRoute,
  path: routes.changePassword,
  beforeLoad: guard(0),
  component: lazyPage(() => import('../features/account/change-password-page.tsx'), 'ChangePasswordPage'),
});
const forbiddenRoute = createRoute({
  getParentRoute: () => appRoute,
  path: routes.forbidden,
  beforeLoad: guard(0),
  component: ForbiddenPage,
});
// Any other path shows the forbidden view.
const unknownRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '$',
  beforeLoad: guard(0),
  component: ForbiddenPage,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  dealerCreateRoute,
  appRoute.addChildren([
    homeRoute,
    panelsRoute,
    priceListRoute,
    profileRoute,
    changePasswordRoute,
    forbiddenRoute,
    unknownRoute,
  ]),
]);

export const router = createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

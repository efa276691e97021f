import { createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { getAccessToken } from '../lib/session/session.ts';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RootLayout } from './root-layout.tsx';

const rootRoute = createRootRoute({ component: RootLayout });

const requireSession = () => {
  if (!getAccessToken()) throw redirect({ to: '/login' });
};

const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: LoginPage });

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    requireSession();
    throw redirect({ to: '/Panels' });
  },
});

const panelsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/Panels',
  beforeLoad: requireSession,
  component: lazyRouteComponent(() => import('../features/panels/panel-list-page.tsx'), 'PanelListPage'),
});

const routeTree = rootRoute.addChildren([loginRoute, homeRoute, panelsRoute]);

export const router = createRouter({ routeTree, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

import { lazy, Suspense } from 'react';
import { createRootRouteWithContext, createRoute, createRouter, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { guard, type RouterContext } from './guard.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError, routeErrorFor } from './route-error.tsx';
import { RoutePending } from './route-pending.tsx';
import { queryClient } from './query-client.ts';
import { lazyPage } from './lazy-page.ts';
import { loadAdminTexts, loadDetailTexts, loadPageTexts, loadPublicTexts } from '../lib/i18n/i18n.ts';
import {
  noSubscriptionSearch,
  paths,
  routes,
  validatePanelDetailSearch,
  validateDocumentSearch,
  validatePaySearch,
  validateReportSearch,
} from '../lib/routing/paths.ts';
import { validateTableSearch } from '../shared/table/route-search.ts';
import { currentClaims } from '../lib/session/session.ts';

const PriceListPage = lazy(() =>
  import('../features/payments/price-list-page.tsx').then((module) => ({ default: module.PriceListPage })),
);

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouteError,
  notFoundComponent: lazyPage(() => import('./forbidden-page.tsx'), 'UnknownPathPage'),
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
  beforeLoad: async (context) => {
    await guard('public')(context);
    await loadPublicTexts();
  },
  component: lazyPage(() => import('../features/dealers/dealer-create-page.tsx'), 'DealerCreatePage'),
});

// Signed-in pages: header and side menu around them; each route declares its menu level.
// The signed-in shell (header, side menu, account menu) loads with the first signed-in page, not with /login; so do
// the routes' loaders (each imports its query with the page, in parallel with the page's own chunk).
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  // The signed-in pages' texts arrive with the first of them (the sign-in page does without them).
  beforeLoad: () => loadPageTexts(),
  component: lazyPage(() => import('./layout/app-layout.tsx'), 'AppLayout'),
});

// The administration (the dashboard, the lists of menu level 1 and above): its texts arrive with its first page, so
// the pages everybody uses never carry them.
const adminRoute = createRoute({
  getParentRoute: () => appRoute,
  id: 'admin',
  beforeLoad: () => loadAdminTexts(),
});

const homeRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.home,
  beforeLoad: guard(0),
  loader: async ({ context }) =>
    context.queryClient.ensureQueryData(
      (await import('../features/home/api/get-general-report.ts')).generalReportOptions(),
    ),
  errorComponent: routeErrorFor('home.loadError'),
  component: lazyPage(() => import('../features/home/home-page.tsx'), 'HomePage'),
});
const panelsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: routes.panels,
  beforeLoad: guard(0),
  loader: async ({ context }) => (await import('../features/panels/api/get-panels.ts')).loadPanels(context.queryClient),
  errorComponent: routeErrorFor('panels.loadError'),
  component: lazyPage(() => import('../features/panels/panel-list-page.tsx'), 'PanelListPage'),
});
const panelDetailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: routes.panelDetail,
  beforeLoad: async (context) => {
    await guard(0)(context);
    // The detail is for a named account (spec 1 §2): a token without a user name goes back to the panel list.
    if (!currentClaims()?.Username.trim()) throw redirect({ href: paths.panels, replace: true });
    await loadDetailTexts();
  },
  validateSearch: validatePanelDetailSearch,
  loader: async ({ context, params }) => {
    const { panelRecordOptions, routeDevId } = await import('../features/panels/detail/api/panel-detail-queries.ts');
    return context.queryClient.ensureQueryData(panelRecordOptions(routeDevId(params.id)));
  },
  errorComponent: routeErrorFor('panels.detailLoadError'),
  component: lazyPage(() => import('./panel-detail-route.tsx'), 'PanelDetailRoute'),
});
const priceListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: routes.priceList,
  beforeLoad: guard(0),
  loader: async ({ context }) =>
    context.queryClient.ensureQueryData(
      (await import('../features/payments/api/get-payment-plans.ts')).paymentPlansOptions(),
    ),
  errorComponent: routeErrorFor('payments.priceList.loadError'),
  validateSearch: (search: Record<string, unknown>): { type?: string } =>
    typeof search.type === 'string' ? { type: search.type } : {},
  component: function PriceListRoute() {
    const { type } = priceListRoute.useSearch();
    return (
      <Suspense fallback={null}>
        <PriceListPage noSubscription={type === noSubscriptionSearch.type} />
      </Suspense>
    );
  },
});
const profileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: routes.profile,
  beforeLoad: guard(0),
  loader: async ({ context }) =>
    context.queryClient.ensureQueryData(
      (await import('../features/account/api/get-user-detail.ts')).userDetailOptions(),
    ),
  errorComponent: routeErrorFor('account.profile.loadError'),
  component: lazyPage(() => import('../features/account/profile-page.tsx'), 'ProfilePage'),
});
const changePasswordRoute = createRoute({
  getParentRoute: () => appRoute,
  path: routes.changePassword,
  beforeLoad: guard(0),
  component: lazyPage(() => import('../features/account/change-password-page.tsx'), 'ChangePasswordPage'),
});
// The user list answers on two paths (spec 1 §2); the view (page, size, search) lives in the URL, and the loader starts
// reading that page while the page's code loads.
const usersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.users,
  beforeLoad: guard(1),
  validateSearch: validateTableSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) =>
    (await import('../features/users/api/user-list.ts')).prefetchUserList(context.queryClient, deps),
  component: lazyPage(() => import('../features/users/user-list-page.tsx'), 'UserListPage'),
});
const userListRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.userList,
  beforeLoad: guard(1),
  validateSearch: validateTableSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) =>
    (await import('../features/users/api/user-list.ts')).prefetchUserList(context.queryClient, deps),
  component: lazyPage(() => import('../features/users/user-list-page.tsx'), 'UserListPage'),
});
const userEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.userEdit,
  beforeLoad: guard(1),
  component: lazyPage(() => import('../features/users/user-edit-page.tsx'), 'UserEditPage'),
});
const userAddRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.userAdd,
  beforeLoad: guard(1),
  component: lazyPage(() => import('../features/users/user-add-page.tsx'), 'UserAddPage'),
});
// Panel management (spec 1 §2): every panel, and one panel's linked accounts; each view lives in the URL.
const panelManageRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.panelManage,
  beforeLoad: guard(1),
  validateSearch: validateTableSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) =>
    (await import('../features/panel-manage/api/panel-list.ts')).prefetchPanelList(context.queryClient, deps),
  component: lazyPage(() => import('../features/panel-manage/panel-manage-page.tsx'), 'PanelManagePage'),
});
const panelUsersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.panelUsers,
  beforeLoad: guard(1),
  validateSearch: validateTableSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, params }) =>
    (await import('../features/panel-manage/api/panel-accounts.ts')).prefetchPanelAccounts(
      context.queryClient,
      params.devId,
      deps,
    ),
  component: lazyPage(() => import('../features/panel-manage/panel-users-page.tsx'), 'PanelUsersPage'),
});
// Payments (spec 2 §2): the pay page, coupons, order history, billing and the billing report. Their texts and the
// table come with the administration's part; the price list stays with the pages everybody uses.
const payRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.pay,
  beforeLoad: guard(0),
  validateSearch: validatePaySearch,
  component: lazyPage(() => import('../features/payments/pay/pay-page.tsx'), 'PayPage'),
});
const couponsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.coupons,
  beforeLoad: guard(0),
  validateSearch: validateTableSearch,
  component: lazyPage(() => import('../features/payments/coupons/coupons-page.tsx'), 'CouponsPage'),
});
const orderHistoryRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.orderHistory,
  beforeLoad: guard(1),
  validateSearch: validateTableSearch,
  component: lazyPage(() => import('../features/payments/orders/order-history-page.tsx'), 'OrderHistoryPage'),
});
const billingRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.billing,
  beforeLoad: guard(2),
  validateSearch: validateTableSearch,
  component: lazyPage(() => import('../features/payments/orders/billing-page.tsx'), 'BillingPage'),
});
const paymentReportRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.paymentReport,
  beforeLoad: guard(2),
  validateSearch: validateReportSearch,
  component: lazyPage(() => import('../features/payments/report/billing-report-page.tsx'), 'BillingReportPage'),
});
// Dealer requests, the document browsers and the firmware tests (spec 2 §2).
const dealerRequestsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.dealerRequests,
  beforeLoad: guard(2),
  validateSearch: validateTableSearch,
  component: lazyPage(() => import('../features/dealers/dealer-requests-page.tsx'), 'DealerRequestsPage'),
});
const helpRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.help,
  beforeLoad: guard(0),
  validateSearch: validateDocumentSearch,
  component: lazyPage(() => import('../features/documents/help-documents-page.tsx'), 'HelpDocumentsPage'),
});
const firmwareRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.firmware,
  beforeLoad: guard(2),
  validateSearch: validateDocumentSearch,
  component: lazyPage(() => import('../features/documents/firmware-files-page.tsx'), 'FirmwareFilesPage'),
});
const panelTestsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.panelTests,
  beforeLoad: guard(2),
  validateSearch: validateTableSearch,
  component: lazyPage(() => import('../features/firmware-tests/test-list-page.tsx'), 'TestListPage'),
});
const panelTestAddRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.panelTestAdd,
  beforeLoad: guard(2),
  component: lazyPage(() => import('../features/firmware-tests/add-test-page.tsx'), 'AddTestPage'),
});
const panelTestModelsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.panelTestModels,
  beforeLoad: guard(2),
  validateSearch: validateTableSearch,
  component: lazyPage(() => import('../features/firmware-tests/models-page.tsx'), 'ModelsPage'),
});
const panelTestVersionsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.panelTestVersions,
  beforeLoad: guard(2),
  validateSearch: validateTableSearch,
  component: lazyPage(() => import('../features/firmware-tests/versions-page.tsx'), 'VersionsPage'),
});
const panelTestStagesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.panelTestStages,
  beforeLoad: guard(2),
  validateSearch: validateTableSearch,
  component: lazyPage(() => import('../features/firmware-tests/stages-page.tsx'), 'StagesPage'),
});
const panelTestRunRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: routes.panelTestRun,
  beforeLoad: guard(2),
  component: lazyPage(() => import('../features/firmware-tests/run-test-page.tsx'), 'RunTestPage'),
});
const forbiddenRoute = createRoute({
  getParentRoute: () => appRoute,
  path: routes.forbidden,
  beforeLoad: guard(0),
  component: lazyPage(() => import('./forbidden-page.tsx'), 'ForbiddenPage'),
});
// Any other path shows the forbidden view.
const unknownRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '$',
  beforeLoad: guard(0),
  component: lazyPage(() => import('./forbidden-page.tsx'), 'UnknownPathPage'),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  dealerCreateRoute,
  appRoute.addChildren([
    adminRoute.addChildren([
      homeRoute,
      usersRoute,
      userListRoute,
      userEditRoute,
      userAddRoute,
      panelManageRoute,
      panelUsersRoute,
      payRoute,
      couponsRoute,
      orderHistoryRoute,
      billingRoute,
      paymentReportRoute,
      dealerRequestsRoute,
      helpRoute,
      firmwareRoute,
      panelTestsRoute,
      panelTestAddRoute,
      panelTestModelsRoute,
      panelTestVersionsRoute,
      panelTestStagesRoute,
      panelTestRunRoute,
    ]),
    panelsRoute,
    panelDetailRoute,
    priceListRoute,
    profileRoute,
    changePasswordRoute,
    forbiddenRoute,
    unknownRoute,
  ]),
]);

// Guards and loaders show the loading state after a short wait (and keep it long enough not to flash); a failed
// guard or loader shows the error with a retry. Preloads always ask the query cache, which decides freshness.
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

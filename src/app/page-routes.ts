/**
 * The console's pages, one row each: which page of `src/lib/routing/paths.ts` (its path and its access level), where
 * it hangs in the tree, its lazily loaded component, how it reads its parameters and search, and what its loader
 * starts. `router.tsx` builds the route tree from this table.
 */
import type { RouteComponent } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { loadDetailTexts, loadPageTexts, loadPublicTexts } from '../lib/i18n/i18n.ts';
import {
  paths,
  validateDocumentSearch,
  validatePanelDetailSearch,
  validatePaySearch,
  validatePriceListSearch,
  validateReportSearch,
  type RouteName,
} from '../lib/routing/paths.ts';
import { devIdParams, idParams, panelIdParams, payParams, type ParamsSpec } from '../lib/routing/route-params.ts';
import { currentClaims } from '../lib/session/session.ts';
import { validateTableSearch } from '../shared/table/route-search.ts';
import { lazyPage } from './lazy-page.ts';
import type { PageLoad } from './page-loader.ts';
import type { LoadErrorKey } from './route-error.tsx';
import { redirect } from '@tanstack/react-router';

export interface PageRoute<Params = object, Search = object> {
  /** The page in `paths.ts`: its path pattern and its access level. */
  page: RouteName;
  /** A path other than the page's own (the catch-all that shows the page). */
  path?: string;
  /**
   * Where it hangs: at the root (the public pages, without header and menu), in the signed-in layout, or in its
   * administration part, whose texts load with its first page (the dashboard and the lists of level 1 and above).
   */
  under: 'root' | 'app' | 'admin';
  component: RouteComponent;
  params?: ParamsSpec<Params>;
  search?: (search: Record<string, unknown>) => Search;
  /** The view lives in the search (a table page): the loader runs again when it changes. */
  loadBySearch?: true;
  /** What else the page needs before it is drawn, once the guard has let the user through. */
  before?: () => Promise<void>;
  /** Starts the page's first query with the page's code (see `page-loader.ts`). */
  load?: (load: PageLoad<Params, Search>) => Promise<unknown>;
  /** What the page says when it could not be loaded, where it has its own text. */
  loadError?: LoadErrorKey;
}

/** A row, with its parameters and search typed for its loader. */
const page = <Params = object, Search = object>(row: PageRoute<Params, Search>) => row as unknown as PageRoute;

const tablePage = { search: validateTableSearch, loadBySearch: true } as const;

export const PAGE_ROUTES: readonly PageRoute[] = [
  // Public pages: no menu, no header.
  page({ page: 'login', under: 'root', component: LoginPage }),
  page({
    page: 'dealerCreate',
    under: 'root',
    before: loadPublicTexts,
    component: lazyPage(() => import('../features/dealers/dealer-create-page.tsx'), 'DealerCreatePage'),
  }),
  // The pages everybody uses.
  page({
    page: 'panels',
    under: 'app',
    load: async ({ waitPages }) => waitPages((await import('../lib/panels/user-panels.ts')).panelsOptions()),
    loadError: 'panels.loadError',
    component: lazyPage(() => import('../features/panels/panel-list-page.tsx'), 'PanelListPage'),
  }),
  page({
    page: 'panelDetail',
    under: 'app',
    params: panelIdParams,
    search: validatePanelDetailSearch,
    // The detail is for a named account (spec 1 §2): a token without a user name goes back to the panel list.
    before: async () => {
      if (!currentClaims()?.Username.trim()) throw redirect({ href: paths.panels, replace: true });
      await loadDetailTexts();
    },
    load: async ({ params, wait }) =>
      wait((await import('../features/panels/detail/api/panel-detail-queries.ts')).panelRecordOptions(params.id)),
    loadError: 'panels.detailLoadError',
    component: lazyPage(() => import('./panel-detail-route.tsx'), 'PanelDetailRoute'),
  }),
  page({
    page: 'priceList',
    under: 'app',
    search: validatePriceListSearch,
    load: async ({ wait }) =>
      wait((await import('../features/payments/api/get-payment-plans.ts')).paymentPlansOptions()),
    loadError: 'payments.priceList.loadError',
    component: lazyPage(() => import('../features/payments/price-list-page.tsx'), 'PriceListPage'),
  }),
  page({
    page: 'profile',
    under: 'app',
    load: async ({ wait }) => wait((await import('../features/account/api/get-user-detail.ts')).userDetailOptions()),
    loadError: 'account.profile.loadError',
    component: lazyPage(() => import('../features/account/profile-page.tsx'), 'ProfilePage'),
  }),
  page({
    page: 'changePassword',
    under: 'app',
    component: lazyPage(() => import('../features/account/change-password-page.tsx'), 'ChangePasswordPage'),
  }),
  // A sign-in with a one-time password: the password change alone, without the signed-in frame.
  page({
    page: 'firstPassword',
    under: 'root',
    before: () => loadPageTexts(),
    component: lazyPage(() => import('../features/account/first-password-page.tsx'), 'FirstPasswordPage'),
  }),
  // An administrator requires a second factor the account lacks: its enrolment alone, without the signed-in frame.
  page({
    page: 'twoStepRequired',
    under: 'root',
    before: () => loadPageTexts(),
    component: lazyPage(() => import('../features/account/two-step/required-page.tsx'), 'TwoStepRequiredPage'),
  }),
  page({ page: 'forbidden', under: 'app', component: lazyPage(() => import('./forbidden-page.tsx'), 'ForbiddenPage') }),
  // Any other path shows the forbidden view.
  page({
    page: 'forbidden',
    path: '$',
    under: 'app',
    component: lazyPage(() => import('./forbidden-page.tsx'), 'UnknownPathPage'),
  }),
  // The administration.
  page({
    page: 'home',
    under: 'admin',
    load: async ({ wait }) => wait((await import('../features/home/api/get-general-report.ts')).generalReportOptions()),
    loadError: 'home.loadError',
    component: lazyPage(() => import('../features/home/home-page.tsx'), 'HomePage'),
  }),
  // The user list answers on two paths (spec 1 §2); the view (page, size, search) lives in the URL, and the loader
  // starts reading that page while the page's code loads.
  ...(['users', 'userList'] as const).map((name) =>
    page({
      page: name,
      under: 'admin',
      ...tablePage,
      load: async ({ queryClient, deps }) =>
        (await import('../features/users/api/user-list.ts')).prefetchUserList(queryClient, deps),
      component: lazyPage(() => import('../features/users/users-pages.ts'), 'UserListPage'),
    }),
  ),
  page({
    page: 'userEdit',
    under: 'admin',
    params: idParams,
    component: lazyPage(() => import('../features/users/users-pages.ts'), 'UserEditPage'),
  }),
  page({
    page: 'userAdd',
    under: 'admin',
    component: lazyPage(() => import('../features/users/users-pages.ts'), 'UserAddPage'),
  }),
  // Panel management (spec 1 §2): every panel, and one panel's linked accounts; each view lives in the URL.
  page({
    page: 'panelManage',
    under: 'admin',
    ...tablePage,
    load: async ({ queryClient, deps }) =>
      (await import('../features/panel-manage/api/panel-list.ts')).prefetchPanelList(queryClient, deps),
    component: lazyPage(() => import('../features/panel-manage/panel-manage-page.tsx'), 'PanelManagePage'),
  }),
  page({
    page: 'panelUsers',
    under: 'admin',
    params: devIdParams,
    ...tablePage,
    load: async ({ queryClient, params, deps }) =>
      (await import('../features/panel-manage/api/panel-accounts.ts')).prefetchPanelAccounts(
        queryClient,
        params.devId,
        deps,
      ),
    component: lazyPage(() => import('../features/panel-manage/panel-users-page.tsx'), 'PanelUsersPage'),
  }),
  // Payments (spec 2 §2): the pay page, coupons, the subscription history, order history, billing and the billing
  // report. Their texts and the
  // table come with the administration's part; the price list stays with the pages everybody uses.
  page({
    page: 'pay',
    under: 'admin',
    params: payParams,
    search: validatePaySearch,
    component: lazyPage(() => import('../features/payments/pay/pay-page.tsx'), 'PayPage'),
  }),
  page({
    page: 'coupons',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../features/payments/coupons/coupons-page.tsx'), 'CouponsPage'),
  }),
  page({
    page: 'subscriptionHistory',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(
      () => import('../features/payments/subscriptions/subscription-history-page.tsx'),
      'SubscriptionHistoryPage',
    ),
  }),
  page({
    page: 'orderHistory',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../features/payments/orders/order-history-page.tsx'), 'OrderHistoryPage'),
  }),
  page({
    page: 'billing',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../features/payments/orders/billing-page.tsx'), 'BillingPage'),
  }),
  page({
    page: 'paymentReport',
    under: 'admin',
    search: validateReportSearch,
    component: lazyPage(() => import('../features/payments/report/billing-report-page.tsx'), 'BillingReportPage'),
  }),
  // The audit log (who did what): a settings write's changes come from the programming, which its route
  // hands it.
  page({
    page: 'audit',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('./audit-route.tsx'), 'AuditRoute'),
  }),
  // Dealer requests, the document browsers and the firmware tests (spec 2 §2).
  page({
    page: 'dealerRequests',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../features/dealers/dealer-requests-page.tsx'), 'DealerRequestsPage'),
  }),
  page({
    page: 'help',
    under: 'admin',
    search: validateDocumentSearch,
    component: lazyPage(() => import('../features/documents/help-documents-page.tsx'), 'HelpDocumentsPage'),
  }),
  page({
    page: 'firmware',
    under: 'admin',
    search: validateDocumentSearch,
    component: lazyPage(() => import('../features/documents/firmware-files-page.tsx'), 'FirmwareFilesPage'),
  }),
  page({
    page: 'panelTests',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../features/firmware-tests/firmware-pages.ts'), 'TestListPage'),
  }),
  page({
    page: 'panelTestAdd',
    under: 'admin',
    component: lazyPage(() => import('../features/firmware-tests/firmware-pages.ts'), 'AddTestPage'),
  }),
  page({
    page: 'panelTestModels',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../features/firmware-tests/firmware-pages.ts'), 'ModelsPage'),
  }),
  page({
    page: 'panelTestVersions',
    under: 'admin',
    params: idParams,
    search: validateTableSearch,
    component: lazyPage(() => import('../features/firmware-tests/firmware-pages.ts'), 'VersionsPage'),
  }),
  page({
    page: 'panelTestStages',
    under: 'admin',
    params: idParams,
    search: validateTableSearch,
    component: lazyPage(() => import('../features/firmware-tests/firmware-pages.ts'), 'StagesPage'),
  }),
  page({
    page: 'panelTestRun',
    under: 'admin',
    params: idParams,
    component: lazyPage(() => import('../features/firmware-tests/firmware-pages.ts'), 'RunTestPage'),
  }),
  // Firmware roll-outs (proposed).
  page({
    page: 'panelTestRollouts',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../features/firmware-tests/firmware-pages.ts'), 'RolloutsPage'),
  }),
  page({
    page: 'panelTestRolloutNew',
    under: 'admin',
    params: idParams,
    component: lazyPage(() => import('../features/firmware-tests/firmware-pages.ts'), 'StartRolloutPage'),
  }),
  page({
    page: 'panelTestRollout',
    under: 'admin',
    params: idParams,
    search: validateTableSearch,
    component: lazyPage(() => import('../features/firmware-tests/firmware-pages.ts'), 'RolloutPage'),
  }),
];

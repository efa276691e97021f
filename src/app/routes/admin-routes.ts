/**
 * The administration's pages, one row each (see `page-route.ts`): the dashboard, the users and the panel management;
 * and the audit log, the dealer requests and the document browsers.
 */
import { validateDocumentSearch } from '../../lib/routing/paths.ts';
import { devIdParams, idParams } from '../../lib/routing/route-params.ts';
import { validateTableSearch } from '../../shared/table/route-search.ts';
import { lazyPage } from '../lazy-page.ts';
import { type PageRoute, page, tablePage } from './page-route.ts';

export const ADMIN_ROUTES: readonly PageRoute[] = [
  // The administration.
  page({
    page: 'home',
    under: 'admin',
    load: async ({ wait }) =>
      wait((await import('../../features/home/api/get-general-report.ts')).generalReportOptions()),
    loadError: 'home.loadError',
    component: lazyPage(() => import('../../features/home/home-page.tsx'), 'HomePage'),
  }),
  // The user list answers on two paths (spec 1 §2); the view (page, size, search) lives in the URL, and the loader
  // starts reading that page while the page's code loads.
  ...(['users', 'userList'] as const).map((name) =>
    page({
      page: name,
      under: 'admin',
      ...tablePage,
      load: async ({ queryClient, deps }) =>
        (await import('../../features/users/api/user-list.ts')).prefetchUserList(queryClient, deps),
      component: lazyPage(() => import('../../features/users/users-pages.ts'), 'UserListPage'),
    }),
  ),
  page({
    page: 'userEdit',
    under: 'admin',
    params: idParams,
    component: lazyPage(() => import('../../features/users/users-pages.ts'), 'UserEditPage'),
  }),
  page({
    page: 'userAdd',
    under: 'admin',
    component: lazyPage(() => import('../../features/users/users-pages.ts'), 'UserAddPage'),
  }),
  // Panel management (spec 1 §2): every panel, and one panel's linked accounts; each view lives in the URL.
  page({
    page: 'panelManage',
    under: 'admin',
    ...tablePage,
    load: async ({ queryClient, deps }) =>
      (await import('../../features/panel-manage/api/panel-list.ts')).prefetchPanelList(queryClient, deps),
    component: lazyPage(() => import('../../features/panel-manage/panel-manage-page.tsx'), 'PanelManagePage'),
  }),
  page({
    page: 'panelUsers',
    under: 'admin',
    params: devIdParams,
    ...tablePage,
    load: async ({ queryClient, params, deps }) =>
      (await import('../../features/panel-manage/api/panel-accounts.ts')).prefetchPanelAccounts(
        queryClient,
        params.devId,
        deps,
      ),
    component: lazyPage(() => import('../../features/panel-manage/panel-users-page.tsx'), 'PanelUsersPage'),
  }),
];

export const ADMIN_RECORD_ROUTES: readonly PageRoute[] = [
  // The audit log (who did what): a settings write's changes come from the programming, which its route
  // hands it.
  page({
    page: 'audit',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../audit-route.tsx'), 'AuditRoute'),
  }),
  // Dealer requests, the document browsers and the firmware tests (spec 2 §2).
  page({
    page: 'dealerRequests',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../../features/dealers/dealer-requests-page.tsx'), 'DealerRequestsPage'),
  }),
  page({
    page: 'help',
    under: 'admin',
    search: validateDocumentSearch,
    component: lazyPage(() => import('../../features/documents/help-documents-page.tsx'), 'HelpDocumentsPage'),
  }),
  page({
    page: 'firmware',
    under: 'admin',
    search: validateDocumentSearch,
    component: lazyPage(() => import('../../features/documents/firmware-files-page.tsx'), 'FirmwareFilesPage'),
  }),
];

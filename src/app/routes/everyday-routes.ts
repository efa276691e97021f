/** The public pages (no menu, no header) and the pages every signed-in user has, one row each (see `page-route.ts`). */
import { LoginPage } from '../../features/auth/login-page.tsx';
import { loadDetailTexts, loadPageTexts, loadPublicTexts } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/routing/paths.ts';
import { validatePanelDetailSearch } from '../../lib/routing/panel-detail-search.ts';
import { validatePriceListSearch } from '../../lib/routing/payment-search.ts';
import { panelIdParams } from '../../lib/routing/route-params.ts';
import { currentClaims } from '../../lib/session/session.ts';
import { lazyPage } from '../lazy-page.ts';
import { redirect } from '@tanstack/react-router';
import { type PageRoute, page } from './page-route.ts';

export const EVERYDAY_ROUTES: readonly PageRoute[] = [
  // Public pages: no menu, no header.
  // No loader: the sign-in form reads nothing, and its code is in the first chunk.
  page({ page: 'login', under: 'root', component: LoginPage }),
  // No loader: a form that reads nothing before it is sent.
  page({
    page: 'dealerCreate',
    under: 'root',
    before: loadPublicTexts,
    component: lazyPage(() => import('../../features/dealers/dealer-create-page.tsx'), 'DealerCreatePage'),
  }),
  // The pages everybody uses.
  page({
    page: 'panels',
    under: 'app',
    load: async ({ waitPages }) => waitPages((await import('../../lib/panels/user-panels.ts')).panelsOptions()),
    loadError: 'panels.loadError',
    component: lazyPage(() => import('../../features/panels/panel-list-page.tsx'), 'PanelListPage'),
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
      wait((await import('../../features/panels/detail/api/panel-detail-queries.ts')).panelRecordOptions(params.id)),
    loadError: 'panels.detailLoadError',
    component: lazyPage(() => import('../panel-detail-route.tsx'), 'PanelDetailRoute'),
  }),
  page({
    page: 'priceList',
    under: 'app',
    search: validatePriceListSearch,
    load: async ({ wait }) =>
      wait((await import('../../features/payments/api/get-payment-plans.ts')).paymentPlansOptions()),
    loadError: 'payments.priceList.loadError',
    component: lazyPage(() => import('../../features/payments/price-list-page.tsx'), 'PriceListPage'),
  }),
  page({
    page: 'profile',
    under: 'app',
    load: async ({ wait }) => wait((await import('../../features/account/api/get-user-detail.ts')).userDetailOptions()),
    loadError: 'account.profile.loadError',
    component: lazyPage(() => import('../../features/account/profile-page.tsx'), 'ProfilePage'),
  }),
  // No loader: a form that reads nothing before it is sent.
  page({
    page: 'changePassword',
    under: 'app',
    component: lazyPage(() => import('../../features/account/change-password-page.tsx'), 'ChangePasswordPage'),
  }),
  // A sign-in with a one-time password: the password change alone, without the signed-in frame.
  // No loader: a form that reads nothing before it is sent.
  page({
    page: 'firstPassword',
    under: 'root',
    before: () => loadPageTexts(),
    component: lazyPage(() => import('../../features/account/first-password-page.tsx'), 'FirstPasswordPage'),
  }),
  // An administrator requires a second factor the account lacks: its enrolment alone, without the signed-in frame.
  // No loader: the enrolment reads nothing until the person starts it.
  page({
    page: 'twoStepRequired',
    under: 'root',
    before: () => loadPageTexts(),
    component: lazyPage(() => import('../../features/account/two-step/required-page.tsx'), 'TwoStepRequiredPage'),
  }),
  // No loader (here and in the next row): a text that reads nothing.
  page({
    page: 'forbidden',
    under: 'app',
    component: lazyPage(() => import('../forbidden-page.tsx'), 'ForbiddenPage'),
  }),
  // Any other path shows the forbidden view.
  page({
    page: 'forbidden',
    path: '$',
    under: 'app',
    component: lazyPage(() => import('../forbidden-page.tsx'), 'UnknownPathPage'),
  }),
];

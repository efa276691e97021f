/** The administration's payment pages, one row each (see `page-route.ts`). */
import { validatePaySearch, validateReportSearch } from '../../lib/routing/payment-search.ts';
import { payParams } from '../../lib/routing/route-params.ts';
import { validateTableSearch } from '../../shared/table/route-search.ts';
import { lazyPage } from '../lazy-page.ts';
import { type PageRoute, page } from './page-route.ts';

export const PAYMENT_ROUTES: readonly PageRoute[] = [
  // Payments (spec 2 §2): the pay page, coupons, the subscription history, order history, billing and the billing
  // report. Their texts and the
  // table come with the administration's part; the price list stays with the pages everybody uses.
  page({
    page: 'pay',
    under: 'admin',
    params: payParams,
    search: validatePaySearch,
    load: async (load) => (await import('./first-queries.ts')).startPay(load),
    component: lazyPage(() => import('../../features/payments/pay/pay-page.tsx'), 'PayPage'),
  }),
  page({
    page: 'coupons',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../../features/payments/coupons/coupons-page.tsx'), 'CouponsPage'),
  }),
  page({
    page: 'subscriptionHistory',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(
      () => import('../../features/payments/subscriptions/subscription-history-page.tsx'),
      'SubscriptionHistoryPage',
    ),
  }),
  page({
    page: 'orderHistory',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../../features/payments/orders/order-history-page.tsx'), 'OrderHistoryPage'),
  }),
  page({
    page: 'billing',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../../features/payments/orders/billing-page.tsx'), 'BillingPage'),
  }),
  page({
    page: 'paymentReport',
    under: 'admin',
    search: validateReportSearch,
    component: lazyPage(() => import('../../features/payments/report/billing-report-page.tsx'), 'BillingReportPage'),
  }),
];

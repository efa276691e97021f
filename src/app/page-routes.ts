/**
 * The console's pages, one row each (`routes/page-route.ts` says what a row holds), grouped by who uses them.
 * `router.tsx` builds the route tree from this table.
 */
import { ADMIN_RECORD_ROUTES, ADMIN_ROUTES } from './routes/admin-routes.ts';
import { EVERYDAY_ROUTES } from './routes/everyday-routes.ts';
import { FIRMWARE_TEST_ROUTES } from './routes/firmware-test-routes.ts';
import type { PageRoute } from './routes/page-route.ts';
import { PAYMENT_ROUTES } from './routes/payment-routes.ts';

export type { PageRoute };

export const PAGE_ROUTES: readonly PageRoute[] = [
  ...EVERYDAY_ROUTES,
  ...ADMIN_ROUTES,
  ...PAYMENT_ROUTES,
  ...ADMIN_RECORD_ROUTES,
  ...FIRMWARE_TEST_ROUTES,
];

/**
 * The subscription history (/Payment/Subscriptions, level 0, spec 1 §2) against the mock stack, which answers the
 * proposed `GET /user/subscriptions` with the signed-in user's own periods: everyone reaches it from one menu entry,
 * and administrators reach the coupon requests from an entry of their own.
 */
import { expect, test, type Page } from '@playwright/test';
import { paths } from '../../src/lib/routing/paths.ts';
import { expectAccessible, menuLinks, openSignedIn, withoutNewOrderModal } from './support.ts';

test.beforeEach(({ page }) => withoutNewOrderModal(page));

const grid = (page: Page, name = 'Your subscriptions') => page.getByRole('grid', { name, exact: true });
const isHistory = (url: string) => /\/api\/user\/subscriptions$/.test(url);

test('a plain user opens their own subscription history from the one menu entry', async ({ page }) => {
  await openSignedIn(page, 'user', paths.panels);
  await expect(menuLinks(page).filter({ hasText: 'Subscription history' })).toHaveCount(1);
  await expect(menuLinks(page).filter({ hasText: 'Coupons' })).toHaveCount(0);
  const answered = page.waitForResponse((response) => isHistory(response.url()));
  await menuLinks(page).filter({ hasText: 'Subscription history' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page).toHaveURL(paths.subscriptionHistory);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription history');
  await expect(grid(page).getByRole('columnheader')).toHaveText([
    'Subscription type',
    'Start',
    'End',
    'How it was obtained',
  ]);
  // Zeynep Kaya's two card payments, newest first.
  const rows = grid(page).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole('gridcell')).toHaveText([
    'Standart',
    '28.02.2027',
    '31.03.2027',
    'Card payment (order 5002)',
  ]);
  await expect(rows.nth(2).getByRole('gridcell')).toHaveText([
    'Premium',
    '15.01.2026',
    '28.02.2027',
    'Card payment (order 5001)',
  ]);
  await expect(page.getByRole('main').getByRole('link', { name: 'Buy or extend a subscription' })).toHaveAttribute(
    'href',
    paths.priceList,
  );
  await expectAccessible(page);
});

test('in Turkish, a redeemed coupon code says where the period came from', async ({ page }) => {
  await openSignedIn(page, 'olduser', paths.subscriptionHistory, 'tr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abonelik geçmişi');
  await expect(menuLinks(page, 'Ana gezinme').filter({ hasText: 'Abonelik geçmişi' })).toHaveCount(1);
  await expect(grid(page, 'Abonelikleriniz').getByRole('row').nth(1).getByRole('gridcell')).toHaveText([
    'Premium',
    '31.03.2026',
    '31.03.2027',
    'Kupon kodu PRM-7Q2K-91XA',
  ]);
});

test('says when there is no subscription yet, and offers a retry when the list cannot be read', async ({ page }) => {
  let fail = true;
  await page.route(
    (url) => isHistory(url.toString()),
    (route) =>
      fail
        ? route.abort('connectionrefused')
        : route.continue({ headers: { ...route.request().headers(), prefer: 'example=nosub' } }),
  );
  await openSignedIn(page, 'user', paths.subscriptionHistory);
  const failure = page.getByRole('main').getByRole('alert').filter({ hasText: 'The list could not be loaded.' });
  await expect(failure).toBeVisible();
  fail = false;
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(grid(page).getByText('You have had no subscription yet.')).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('an administrator has one entry for the subscription history and one for the coupon requests', async ({
  page,
}) => {
  await openSignedIn(page, 'admin', paths.home);
  const history = menuLinks(page).filter({ hasText: 'Subscription history' });
  const coupons = menuLinks(page).filter({ hasText: 'Coupons' });
  await expect(history).toHaveCount(1);
  await expect(coupons).toHaveCount(1);
  await expect(history).toHaveAttribute('href', paths.subscriptionHistory);
  await expect(coupons).toHaveAttribute('href', paths.coupons);
  await coupons.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coupon requests');
  // The coupon page links to the subscription history (spec 2: "Coupon requests (and subscription history link)").
  await page.getByRole('main').getByRole('link', { name: 'Subscription history' }).click();
  await expect(page).toHaveURL(paths.subscriptionHistory);
  await expect(grid(page).getByRole('row').nth(1)).toContainText('Moved from another account');
});

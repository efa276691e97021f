import { expect, test, type Page } from '@playwright/test';
import { heldToken, expectAccessible, localeText, MOCK_API, openSignedIn } from './support.ts';

// Order history and billing (spec 2 §2, §4) against the mock stack, which remembers billed and cancelled orders
// (mocks/db/order-store.ts) until `orders/reset`.

// Wide enough for every column of an order (the grid draws only the columns in view).
test.use({ timezoneId: 'Europe/Istanbul', viewport: { width: 2200, height: 900 } });

test.beforeEach(async ({ request }) => {
  expect((await request.post(`${MOCK_API}/__mock/orders/reset`)).status()).toBe(200);
});

const isOrders = (url: string) => /\/api\/orders(\?|$)/.test(url);
const grid = (page: Page, name: string) => page.getByRole('grid', { name, exact: true });
const row = (page: Page, id: number) =>
  grid(page, 'Orders to bill')
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name: String(id), exact: true }) });
const actionsOf = (page: Page, id: number) => page.getByRole('button', { name: `Actions of order ${id}`, exact: true });

async function openBilling(page: Page, path = '/Payment/Billing', language: 'en' | 'tr' = 'en') {
  const first = page.waitForResponse((response) => isOrders(response.url()));
  await openSignedIn(page, 'admin', path, language);
  await first;
}

test('billing lists every order with its states and filters by billed and cancelled', async ({ page }) => {
  await openBilling(page);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  const table = grid(page, 'Orders to bill');
  await expect(table.getByRole('row')).toHaveCount(5);
  // The order's `amount` is how many were bought (CONTRIBUTING.md, glossary): a quantity, never "Amount".
  await expect(table.getByRole('columnheader', { name: 'Quantity' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Amount' })).toHaveCount(0);
  await expect(row(page, 5001)).toContainText('15 January 2026');
  await expect(row(page, 5001)).toContainText('Billed');
  await expect(row(page, 5003)).toContainText('Not completed');
  await expect(row(page, 5004)).toContainText('Mehmet Demir (dealer@example.com)');
  await expect(row(page, 5004)).toContainText('TL 1,266.50');

  const filtered = page.waitForRequest(
    (request) => isOrders(request.url()) && request.url().includes('is_billing=false'),
  );
  await page.goto('/Payment/Billing?is_billing=false');
  await filtered;
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(row(page, 5001)).toHaveCount(0);
});

test('an administrator bills an order: warned, sent once, and the list reloads', async ({ page }) => {
  await openBilling(page);
  await actionsOf(page, 5001).click();
  // A billed order cannot be billed or cancelled again; the menu says why.
  await expect(page.getByRole('menuitem', { name: /Bill the order/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('menuitem', { name: /Bill the order/ })).toContainText('The order is already billed.');
  await page.keyboard.press('Escape');

  await actionsOf(page, 5004).click();
  await page.getByRole('menuitem', { name: 'Bill the order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bill order 5004' });
  await expect(dialog).toContainText(localeText('en', 'orders.bill.warning'));
  await expectAccessible(page);
  const billed = page.waitForResponse((response) => response.url().endsWith('/api/orders/5004/billing'));
  const reread = page.waitForResponse((response) => isOrders(response.url()));
  await dialog.getByRole('button', { name: 'Bill', exact: true }).click();
  expect((await billed).status()).toBe(200);
  await reread;
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Order 5004 was billed.')).toBeVisible();
  await expect(row(page, 5004)).toContainText('Billed');
});

test('cancelling needs the refund confirmed and a reason; the list reloads', async ({ page }) => {
  await openBilling(page);
  await actionsOf(page, 5002).click();
  await page.getByRole('menuitem', { name: 'Cancel the order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel order 5002' });
  await expect(dialog).toContainText(localeText('en', 'orders.cancel.refundFirst'));
  const submit = dialog.getByRole('button', { name: 'Cancel the order' });
  await expect(submit).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Reason for cancelling' }).fill('   ');
  await dialog.getByRole('checkbox', { name: localeText('en', 'orders.cancel.refunded') }).check();
  await dialog.getByRole('textbox', { name: 'Reason for cancelling' }).blur();
  await expect(dialog).toContainText('Enter the reason for cancelling.');
  await expect(submit).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Reason for cancelling' }).fill('Refunded at the customer’s request');
  const cancelled = page.waitForResponse((response) => response.url().endsWith('/api/orders/5002/cancel'));
  const reread = page.waitForResponse((response) => isOrders(response.url()));
  await submit.click();
  const answer = await cancelled;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toEqual({ id: 5002, desc: 'Refunded at the customer’s request' });
  await reread;
  await expect(page.getByText('Order 5002 was cancelled.')).toBeVisible();
  await expect(row(page, 5002)).toContainText('Cancelled');
});

test('a refused billing keeps the dialog open beside one error toast', async ({ page }) => {
  await openBilling(page);
  // Another administrator billed order 5004 meanwhile.
  await page.request.put(`${MOCK_API}/orders/5004/billing`, {
    headers: { authorization: `Bearer ${await heldToken(page)}` },
  });
  await actionsOf(page, 5004).click();
  await page.getByRole('menuitem', { name: 'Bill the order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bill order 5004' });
  await dialog.getByRole('button', { name: 'Bill', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This order has already been billed' })).toHaveCount(1);
  await expect(dialog).toBeVisible();
});

test('an order’s details open on double click and list its lines', async ({ page }) => {
  await openBilling(page);
  await row(page, 5004).getByRole('gridcell').nth(1).dblclick();
  const dialog = page.getByRole('dialog', { name: 'Order 5004' });
  await expect(dialog.getByRole('list', { name: 'Order lines' }).getByRole('listitem')).toHaveText([
    'Premium - 12 Ay abonelik',
    'Web konsolu',
    'Reklamsız kullanım',
    'SMS bildirimleri',
  ]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('billing in Turkish is accessible and leads to the report', async ({ page }) => {
  await openBilling(page, '/Payment/Billing', 'tr');
  await expect(page.getByRole('heading', { name: 'Faturalandırma', level: 1 })).toBeVisible();
  await expect(grid(page, 'Faturalanacak siparişler').getByRole('row').nth(1)).toContainText('20 Kasım 2026');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Fatura raporu' }).click();
  await expect(page).toHaveURL(/\/Payment\/Report/);
});

test('order history shows a dealer the orders under its code, with their details', async ({ page }) => {
  const first = page.waitForResponse((response) => /\/api\/orders\/history(\?|$)/.test(response.url()));
  await openSignedIn(page, 'dealer', '/Payment/History');
  await first;
  const table = grid(page, 'Orders');
  await expect(table.getByRole('row')).toHaveCount(5);
  // The dealer does not reach the billing report, so there is no button to it.
  await expect(page.getByRole('link', { name: 'Billing report' })).toHaveCount(0);
  await table.getByRole('row').nth(1).getByRole('gridcell').nth(1).dblclick();
  await expect(page.getByRole('dialog', { name: 'Order 5004' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expectAccessible(page);
});

test('the level rules: history from dealer up, billing and report for administrators only', async ({ page }) => {
  await openSignedIn(page, 'user', '/Payment/History');
  await expect(page).toHaveURL(/\/Error\/Forbidden$/);
  await page.goto('/Payment/Billing');
  await expect(page).toHaveURL(/\/Error\/Forbidden$/);
  // A dealer on this browser once the user's tab is closed (the open tabs of a browser share one session).
  const dealer = await page.context().newPage();
  await page.close();
  await openSignedIn(dealer, 'dealer', '/Payment/Billing');
  await expect(dealer).toHaveURL(/\/Error\/Forbidden$/);
  await dealer.goto('/Payment/Report');
  await expect(dealer).toHaveURL(/\/Error\/Forbidden$/);
  await dealer.goto('/Payment/History');
  await expect(dealer.getByRole('heading', { name: 'Order history', level: 1 })).toBeVisible();
});

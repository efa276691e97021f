/**
 * One error path: one toast per failure (counted, gone when a retry succeeds, never over the header), and a
 * session that ends once: an expired token, a refused refresh, a 401 of many calls under way; the mock's slow and
 * failing API (its api-faults control) seen as the console's loading and error states.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import {
  expectAccessible,
  heldToken,
  letTimePass,
  MOCK_API,
  openSignedIn,
  tokenClaims,
  tokenWith,
  withoutNewOrderModal,
} from './support.ts';

test.beforeEach(({ page }) => withoutNewOrderModal(page));

const toasts = (page: Page) => page.locator('[data-toasts]');
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
/** The mock API's calls (not the console's own modules, some of which live under src/lib/api/). */
const API = (url: URL) => url.pathname.startsWith('/api/');

/** A token of the contract's admin with its `exp` moved to `expiresAt` (ms), signed as the mock signs. */
const adminTokenExpiringAt = (expiresAt: number): string => tokenWith('admin', { exp: Math.floor(expiresAt / 1000) });

/** Counts the documents loaded at the login page (each sign-out reloads the console there). */
function loginLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && new URL(request.url()).pathname === '/login') loads++;
  });
  return () => loads;
}

/**
 * The page's start renewing its session from the refresh cookie (no bearer token): the API went down just after, so
 * the page opens signed in and its own calls fail.
 */
const isSessionStart = (request: Request): boolean =>
  request.url().endsWith('/api/changed-jwt') && !request.headers().authorization;

test('with the API down a failed page load shows one toast, and a successful retry dismisses it', async ({ page }) => {
  await page.clock.install();
  // Each call by its path: the page's own, and the shell's (the alarm watch reads the user's panels).
  const calls = new Map<string, number>();
  await page.route(API, (route) => {
    if (isSessionStart(route.request())) return route.continue();
    const path = new URL(route.request().url()).pathname;
    calls.set(path, (calls.get(path) ?? 0) + 1);
    return route.abort('connectionrefused');
  });
  await openSignedIn(page, 'admin', '/');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(toasts(page).getByRole('alert')).toHaveText(['Cannot to connect server']);
  // Nothing else arrives later: no retry of a call while the server is down, no second toast (the alarm watch tries
  // its read of the panels again only after 10 s: alarms depend on it).
  await letTimePass(page, 5_000);
  await expect(toasts(page).getByRole('alert')).toHaveCount(1);
  expect(calls.size).toBeGreaterThan(0);
  expect([...calls].filter(([, count]) => count !== 1)).toEqual([]);
  await expectAccessible(page);

  await page.unroute(API);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('System summary');
  await expect(toasts(page).getByRole('alert')).toHaveCount(0);
});

test('a failed page load keeps its toast while other pages load fine; only its own load succeeding closes it', async ({
  page,
}) => {
  const PLANS = '**/api/payment-plans**';
  await page.route(PLANS, (route) => route.abort('connectionrefused'));
  await openSignedIn(page, 'admin', '/Payment/List');
  const failure = toasts(page).getByRole('alert');
  await expect(failure).toHaveText(['Cannot to connect server']);

  // Another page loads fine: the failure it does not tell of stays.
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  const panelsLoaded = page.waitForResponse(
    (response) => /\/api\/command\/devices\//.test(response.url()) && response.ok(),
  );
  await menu.getByRole('link', { name: 'Panels', exact: true }).click();
  await panelsLoaded;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panels');
  await expect(failure).toHaveText(['Cannot to connect server']);

  // The failed load itself succeeds when its page is opened again: its toast goes.
  await page.unroute(PLANS);
  await menu.getByRole('link', { name: 'Subscriptions', exact: true }).click();
  await expect(page).toHaveURL(/\/Payment\/List/);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(failure).toHaveCount(0);
});

test("the mock's slow and failing API (its api-faults control): the page's loading state, its error, its recovery", async ({
  page,
  request,
}) => {
  const faults = (data: object) => request.post(`${MOCK_API}/__mock/api-faults`, { data });
  try {
    // Slow: the subscriptions page waits for its plans, saying it is loading, then shows them.
    expect((await faults({ delay_ms: 2500, path: '/api/payment-plans' })).status()).toBe(200);
    await openSignedIn(page, 'admin', '/Payment/List');
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscriptions', { timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);

    // Failing: the page's error with its retry, and the server's word in one toast.
    expect((await faults({ fail_status: 503, path: '/api/payment-plans' })).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(toasts(page).getByRole('alert')).toHaveCount(1);
    await expect(toasts(page).getByRole('alert')).toContainText('Service Unavailable (mock API fault)');

    // The API answers again: the retry loads the page.
    await faults({});
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscriptions');
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  } finally {
    await faults({});
  }
});

test('the same failure again is one toast with a count', async ({ page }) => {
  await page.route(API, (route) =>
    isSessionStart(route.request()) ? route.continue() : route.abort('connectionrefused'),
  );
  await openSignedIn(page, 'admin', '/');
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(toasts(page).getByRole('alert')).toHaveCount(1);
  await retry.click();
  await expect(toasts(page).getByRole('alert')).toContainText('×2');
  await retry.click();
  await expect(toasts(page).getByRole('alert')).toContainText('×3');
  await expect(toasts(page).getByRole('alert')).toHaveCount(1);
});

test('toasts sit at the bottom right, clear of the header controls, and bottom centre on a phone', async ({ page }) => {
  await page.route('**/api/payment-plans**', (route) => route.abort('connectionrefused'));
  await openSignedIn(page, 'admin', '/Payment/List');
  const toast = toasts(page).getByRole('alert');
  await expect(toast).toBeVisible();
  const viewport = page.viewportSize()!;
  const box = (await toast.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
  for (const control of [
    page.getByLabel('Language'),
    page.getByRole('button', { name: /Colour theme/ }),
    page.getByRole('button', { name: /Account menu/ }),
  ]) {
    const other = (await control.boundingBox())!;
    const overlaps =
      box.x < other.x + other.width &&
      other.x < box.x + box.width &&
      box.y < other.y + other.height &&
      other.y < box.y + box.height;
    expect(overlaps).toBe(false);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  const phone = (await toast.boundingBox())!;
  expect(phone.x).toBeCloseTo(16, 0);
  expect(phone.width).toBeCloseTo(390 - 32, 0);
  expect(phone.y + phone.height).toBeGreaterThan(844 - 40);
});

test('an expired token signs out once: one message, the login page, no refresh asked', async ({ page }) => {
  // Renewals of a token (with it as bearer); the page's start renews from the refresh cookie alone.
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/changed-jwt') && request.headers().authorization) refreshes.push(request.url());
  });
  const loads = loginLoads(page);
  // The page's clock is ten minutes ahead (a machine that slept past the token's expiry): the token the page starts
  // with, still valid for the server, has expired for the console.
  await page.clock.install({ time: Date.now() + 10 * 60_000 });
  await openSignedIn(page, 'admin', '/', 'en', adminTokenExpiringAt(Date.now() + 60_000));
  await expect(page).toHaveURL(/\/login$/);
  await expect(toasts(page).getByText(SESSION_ENDED)).toHaveCount(1);
  await letTimePass(page, 5_000);
  await expect(toasts(page).getByText(SESSION_ENDED)).toHaveCount(1);
  expect(loads()).toBe(1);
  expect(refreshes).toEqual([]);
  await expectAccessible(page);
});

test('a token near its expiry is refreshed through changed-jwt and the user stays', async ({ page }) => {
  const expiring = adminTokenExpiringAt(Date.now() + 6_000);
  await openSignedIn(page, 'admin', '/', 'en', expiring);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('System summary');
  const refreshed = await page.waitForResponse((res) => res.url().endsWith('/api/changed-jwt'), { timeout: 10_000 });
  expect(refreshed.status()).toBe(200);
  // A new token of the same user, for the contract's 15 minutes (x-session) from now.
  await expect.poll(() => heldToken(page)).not.toBe(expiring);
  const renewed = tokenClaims((await heldToken(page))!);
  expect(renewed).toMatchObject({ Username: 'admin' });
  expect(renewed.exp).toBeGreaterThan(Math.floor(Date.now() / 1000) + 14 * 60);
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page).getByText(SESSION_ENDED)).toHaveCount(0);
});

test('a refused refresh signs out once with one message', async ({ page }) => {
  let refreshes = 0;
  // The renewal of the token (not the page's start, which renews from the cookie alone) is refused.
  await page.route('**/api/changed-jwt', (route) => {
    if (!route.request().headers().authorization) return route.continue();
    refreshes++;
    return route.continue({ headers: { ...route.request().headers(), prefer: 'code=401' } });
  });
  const loads = loginLoads(page);
  await openSignedIn(page, 'admin', '/', 'en', adminTokenExpiringAt(Date.now() + 6_000));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('System summary');
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(toasts(page).getByText(SESSION_ENDED)).toHaveCount(1);
  await expect(toasts(page).getByRole('alert')).toHaveCount(0);
  expect(refreshes).toBe(1);
  expect(loads()).toBe(1);
});

test('refused calls sign out once: one message, one redirect', async ({ page }) => {
  // Every call is refused as an expired token would be: the first refusal ends the session, later ones add nothing.
  let refused = 0;
  await page.route(API, (route) => {
    refused++;
    return route.continue({ headers: { ...route.request().headers(), prefer: 'code=401' } });
  });
  const loads = loginLoads(page);
  await page.clock.install();
  await openSignedIn(page, 'admin', '/Panels');
  await expect(page).toHaveURL(/\/login$/);
  await expect(toasts(page).getByText(SESSION_ENDED)).toHaveCount(1);
  await letTimePass(page, 5_000);
  expect(refused).toBeGreaterThanOrEqual(1);
  expect(loads()).toBe(1);
  await expect(toasts(page).getByText(SESSION_ENDED)).toHaveCount(1);
  await expect(toasts(page).getByRole('alert')).toHaveCount(0);
});

/**
 * Guards, loaders and their states in Chromium against the real stack: a page draws with its data or with its
 * error (and a retry that works), an access check that fails or hangs never lets the user through, a signed-in
 * user is sent away from the sign-in page, and the forbidden view says which case it is.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { paths } from '../../src/lib/routing/paths.ts';
import { expectAccessible, openSignedIn, withoutNewOrderModal } from './support.ts';

/** The request time-out of the tests of calls that hang (ms), set through the console's own config.json. */
const REQUEST_TIMEOUT_MS = 2_000;

const at = (path: string) => new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`);

/** The console's config.json as the stack serves it, with a short request time-out. */
async function shortenRequestTimeout(page: Page): Promise<void> {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, requestTimeoutMs: REQUEST_TIMEOUT_MS } });
  });
}

/** Holds every matching call without an answer until `release()`; afterwards they reach the mock. */
async function holdCalls(page: Page, pattern: string): Promise<{ release: () => void; held: () => number }> {
  let holding = true;
  let held = 0;
  await page.route(pattern, async (route: Route) => {
    if (!holding) return route.continue();
    held++;
    // Never answered: the console's time-out has to end the call.
  });
  return { release: () => void (holding = false), held: () => held };
}

const loading = (page: Page) => page.getByRole('status').filter({ hasText: 'Loading' });
const retryButton = (page: Page) => page.getByRole('button', { name: 'Retry' });

test.beforeEach(async ({ page }) => {
  await withoutNewOrderModal(page);
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
  });
});

test('a page whose data call hangs shows loading, then its error, and the retry draws it', async ({ page }) => {
  await shortenRequestTimeout(page);
  const panelsCall = await holdCalls(page, '**/api/command/devices/userdevices/**');
  await openSignedIn(page, 'user', paths.panels);
  await expect(loading(page)).toBeVisible();
  await expect(page.getByText('The panels could not be loaded.')).toBeVisible();
  // The page is not drawn half: no title, no list.
  await expect(page.getByRole('heading', { level: 1, name: 'Panels' })).toHaveCount(0);
  await expect(loading(page)).toHaveCount(0);
  expect(panelsCall.held()).toBeGreaterThan(0);
  await expectAccessible(page);

  panelsCall.release();
  await retryButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Panels' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Merkez Ofis' })).toBeVisible();
  await expect(page.getByText('The panels could not be loaded.')).toHaveCount(0);
});

test('an access check that fails shows an error, not the page, until a retry succeeds', async ({ page }) => {
  let failing = true;
  // The contract gives this call no server-fault answer, so the mock cannot make one: while `failing`, the call is
  // answered here the way a failing server answers; afterwards it reaches the mock again.
  await page.route('**/api/user-authority', (route) =>
    failing
      ? route.fulfill({ status: 500, json: { status: 'Error', message: 'Internal Server Error' } })
      : route.continue(),
  );
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/user-authority'));
  await openSignedIn(page, 'user', paths.panels);
  expect((await answered).status()).toBe(500);
  await expect(
    page.getByText('Your access to this page could not be checked, so the page is not shown.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Panels' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Panels' })).toHaveCount(0);
  await expect(page).toHaveURL(at(paths.panels));
  await expectAccessible(page);

  failing = false;
  await retryButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Panels' })).toBeVisible();
});

test('an access check that hangs shows loading, then an error, never the page', async ({ page }) => {
  await shortenRequestTimeout(page);
  const authorityCall = await holdCalls(page, '**/api/user-authority');
  await openSignedIn(page, 'user', paths.profile);
  await expect(loading(page)).toBeVisible();
  await expect(
    page.getByText('Your access to this page could not be checked, so the page is not shown.'),
  ).toBeVisible();
  await expect(loading(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  expect(authorityCall.held()).toBeGreaterThan(0);
  await expectAccessible(page);

  authorityCall.release();
  await retryButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});

test('a signed-in user who opens the sign-in page goes to the home page of their role', async ({ page }) => {
  await openSignedIn(page, 'admin', paths.login);
  await expect(page).toHaveURL(at(paths.home));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('System summary');
});

test('a signed-in user (not an administrator) is sent from the sign-in page on to Panels', async ({ page }) => {
  await openSignedIn(page, 'dealer', paths.login);
  await expect(page).toHaveURL(at(paths.panels));
  await expect(page.getByRole('heading', { level: 1, name: 'Panels' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveCount(0);
});

test('an unknown path shows the forbidden view saying the page does not exist, with a way home', async ({ page }) => {
  await openSignedIn(page, 'admin', '/Something/Unknown');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unauthorized User');
  await expect(
    page.getByText('You are not authorised to view this page. Please contact the administrator.'),
  ).toBeVisible();
  await expect(page.getByText('There is no page at this address.')).toBeVisible();
  await expect(page.getByText('Your role or subscription plan does not give access to this page.')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(at(paths.home));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('System summary');
});

test('the forbidden view of a role without access says so, and its home link leads to Panels', async ({ page }) => {
  await openSignedIn(page, 'user', paths.forbidden);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unauthorized User');
  await expect(page.getByText('Your role or subscription plan does not give access to this page.')).toBeVisible();
  await expect(page.getByText('There is no page at this address.')).toHaveCount(0);
  await expectAccessible(page);
  const home = page.getByRole('link', { name: 'Go to the home page' });
  await home.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(at(paths.panels));
});

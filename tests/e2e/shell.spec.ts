/** The console shell in Chromium against the mock: sessions, guards, layout, languages, errors. */
import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  menuLinks,
  MOCK_API,
  openSignedIn,
  ownSessionToken,
  signInWithForm,
  withoutNewOrderModal,
} from './support.ts';

test.beforeEach(async ({ page }) => {
  await withoutNewOrderModal(page);
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
  });
});

test('an administrator signs in to the home summary, with header and the full menu', async ({ page }) => {
  await signInWithForm(page, 'admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('System summary');
  await expect(page.getByTestId('subscription-end')).toHaveText('Subscription until 31.12.2027');
  await expect(page.getByRole('button', { name: /Account menu: admin/ })).toBeVisible();
  await expect(menuLinks(page)).toHaveText([
    'Home',
    'Panels',
    'Subscriptions',
    'Subscription history',
    'Help',
    'Users',
    'Panel management',
    'Order history',
    'Audit log',
    'Dealer requests',
    'Panel tests',
    'Firmware roll-outs',
    'Billing',
    'Coupons',
    'Firmware files',
  ]);
  await expectAccessible(page);
});

test('a dealer is sent from home to Panels and sees the dealer menu', async ({ page }) => {
  await openSignedIn(page, 'dealer', '/');
  await expect(page).toHaveURL(/\/Panels$/);
  await expect(menuLinks(page)).toHaveText([
    'Home',
    'Panels',
    'Subscriptions',
    'Subscription history',
    'Help',
    'Users',
    'Panel management',
    'Order history',
    'Audit log',
  ]);
  await expectAccessible(page);
});

test('a user is sent from home to Panels and sees the user menu', async ({ page }) => {
  await openSignedIn(page, 'user', '/');
  await expect(page).toHaveURL(/\/Panels$/);
  await expect(menuLinks(page)).toHaveText(['Home', 'Panels', 'Subscriptions', 'Subscription history', 'Help']);
});

test('without a stored token every page but the public ones leads to the login page', async ({ page }) => {
  for (const path of ['/', '/Panels', '/User/Edit', '/Payment/List', '/no/such/page']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  await page.goto('/Dealer/Create');
  await expect(page).toHaveURL(/\/Dealer\/Create$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dealership application');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await expectAccessible(page);
});

test('an unknown path shows the forbidden view', async ({ page }) => {
  await openSignedIn(page, 'admin', '/Something/Unknown');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unauthorized User');
  await expect(
    page.getByText('You are not authorised to view this page. Please contact the administrator.'),
  ).toBeVisible();
  await expectAccessible(page);
});

test('a user without a subscription is sent to the price list with the warning', async ({ page }) => {
  await openSignedIn(page, 'nosub', '/Panels');
  await expect(page).toHaveURL(/\/Payment\/List\?type=noSub$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscriptions');
  await expect(page.getByText(/Your subscription is not sufficient for the web application/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Premium' })).toBeVisible();
  // The price list itself stays reachable; other pages keep sending back to it.
  await page.goto('/User/Edit');
  await expect(page).toHaveURL(/\/Payment\/List\?type=noSub$/);
  await expect(page.getByText('No subscription')).toBeVisible();
  await expectAccessible(page);
});

test('signing out revokes the session on the server, removes the token and returns to the login page', async ({
  page,
  request,
}) => {
  const token = ownSessionToken('user');
  await openSignedIn(page, 'user', '/Panels', 'en', token);
  // A refresh token an older console stored is gone too (removed when the console starts again, at the login page).
  await page.evaluate(() => localStorage.setItem('refresh_token', 'refresh'));
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expectAccessible(page);
  const revoked = page.waitForResponse((response) => response.url().endsWith('/api/logout'));
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  // The server was asked first, with the session's token, and revoked it: a copy of the token is refused from now on.
  const logout = await revoked;
  expect(logout.status()).toBe(204);
  expect(await logout.request().headerValue('authorization')).toBe(`Bearer ${token}`);
  const copy = await request.get(`${MOCK_API}/user/getuserdetail`, { headers: { authorization: `Bearer ${token}` } });
  expect(copy.status()).toBe(401);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
  // The server cleared the refresh cookie with the revocation: no page of this browser renews the session.
  expect(await page.context().cookies()).toEqual([]);
});

test('the language dropdown lists every locale with its flag and switches the whole console', async ({ page }) => {
  await openSignedIn(page, 'admin', '/');
  await page.getByLabel('Language').click();
  const options = page.getByRole('option');
  await expect(options).toHaveText(['English', 'Türkçe']);
  await expect(options.locator('img')).toHaveCount(2);
  // The console switches in place, without a reload: a mark left on the page survives the switch, and the data on
  // screen (the home summary) is fetched again in the new language.
  await page.evaluate(() => Object.assign(window, { beforeTheSwitch: true }));
  const refetched = page.waitForRequest(
    (req) => req.url().includes('/api/reports/general') && req.headers().language === 'tr',
  );
  await options.filter({ hasText: 'Türkçe' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sistem özeti');
  await refetched;
  expect(await page.evaluate(() => 'beforeTheSwitch' in window)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('tr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page).toHaveTitle('Alarm Paneli Konsolu');
  await expect(page.getByRole('combobox', { name: 'Dil' })).toBeVisible();
  await expect(menuLinks(page, 'Ana gezinme').first()).toHaveText('Ana sayfa');
  // The next request speaks Turkish too.
  const request = page.waitForRequest((req) => req.url().includes('/api/command/devices/userdevices/0'));
  await menuLinks(page, 'Ana gezinme').filter({ hasText: 'Paneller' }).click();
  const headers = (await request).headers();
  expect([headers.language, headers.country]).toEqual(['tr', 'TRY']);
});

test('a 401 removes the tokens and sends the user to sign in again', async ({ page }) => {
  // The real mock answers 401 when asked to (Prism's Prefer header): the token has expired.
  await page.route('**/api/command/devices/userdevices/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), prefer: 'code=401' } }),
  );
  await openSignedIn(page, 'user', '/Panels');
  await expect(page).toHaveURL(/\/login$/);
  // The refused session stays ended: the next page does not renew it from the refresh cookie by itself.
  await page.goto('/Panels');
  await expect(page).toHaveURL(/\/login$/);
});

test('a server that cannot be reached gives "Cannot to connect server"', async ({ page }) => {
  await page.route('**/api/command/devices/userdevices/**', (route) => route.abort('connectionrefused'));
  await openSignedIn(page, 'user', '/Panels');
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot to connect server' })).toBeVisible();
  await expect(page.getByText('The panels could not be loaded.')).toBeVisible();
});

test('the theme follows the system and the toggle switches it', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openSignedIn(page, 'admin', '/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: /Colour theme/ }).click();
  await expect(page.locator('html')).toHaveClass(/light/);
  await page.mouse.move(600, 600);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expectAccessible(page);
});

// The suite runs with `reducedMotion: 'reduce'` (playwright.config.ts): this test checks both settings, and that the
// console follows a change of the setting while it is open.
test('with less motion asked for, menus and dialogs show at once and a click draws no ripple; otherwise they move', async ({
  page,
}) => {
  await openSignedIn(page, 'admin', '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('System summary');
  const accountButton = page.getByRole('button', { name: /Account menu/ });
  // A click's ripple (the still ring of keyboard focus, `ripplePulsate`, is a state and stays).
  const ripples = accountButton.locator('.MuiTouchRipple-ripple:not(.MuiTouchRipple-ripplePulsate)');
  const transitionOf = (selector: string) =>
    page.locator(selector).evaluate((element) => getComputedStyle(element).transitionDuration);
  const openDialog = async () => {
    await accountButton.hover();
    await page.mouse.down();
    const rippleCount = await ripples.count();
    await page.mouse.up();
    await page.getByRole('menuitem', { name: 'Change password' }).waitFor();
    const menu = await transitionOf('.MuiMenu-paper');
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await expect(page.getByRole('dialog', { name: 'Change password' })).toBeVisible();
    const dialog = await transitionOf('.MuiDialog-container');
    const backdrop = await transitionOf('.MuiDialog-root .MuiBackdrop-root');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    return { rippleCount, menu, dialog, backdrop };
  };

  expect(await openDialog()).toEqual({ rippleCount: 0, menu: '0s', dialog: '0s', backdrop: '0s' });

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const moving = await openDialog();
  expect(moving.rippleCount).toBe(1);
  for (const duration of [moving.menu, moving.dialog, moving.backdrop]) expect(duration).not.toMatch(/^0s(, 0s)*$/);
  expect(moving.dialog).toBe('0.225s');
});

// A page whose first call hangs keeps the header and the menu: its own area shows the pending state, and leaving
// through the menu aborts the call and opens the other page.
for (const { username, path, call, pattern } of [
  { username: 'user', path: '/Panels', call: '**/api/command/devices/userdevices/**', pattern: /\/userdevices\// },
  { username: 'admin', path: '/', call: '**/api/reports/general', pattern: /\/reports\/general/ },
]) {
  test(`while ${path} waits for its call, the shell stays and leaving aborts the call`, async ({ page }) => {
    let held = false;
    // Never answered: the call hangs until the console aborts it.
    await page.route(call, () => {
      held = true;
    });
    const aborted = page.waitForEvent('requestfailed', (request) => pattern.test(request.url()));
    await openSignedIn(page, username, path);
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await expect(menuLinks(page).filter({ hasText: 'Help' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading');
    // The page may show its pending state before the held request reaches the test's route handler (the shell's
    // alarm watch and live feed start at the same time): wait for it rather than read the flag once.
    await expect.poll(() => held).toBe(true);
    await expectAccessible(page);
    await menuLinks(page).filter({ hasText: 'Help' }).click();
    await expect(page).toHaveURL(/\/Help\/List$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help documents');
    expect((await aborted).failure()?.errorText).toBe('net::ERR_ABORTED');
  });
}

test('the account menu opened while a page loads stays open when the page arrives', async ({ page }) => {
  // The panel list's call is held, so the frame is the pending state's; the menu is opened there.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/command/devices/userdevices/**', async (route) => {
    await answered;
    await route.continue();
  });
  await openSignedIn(page, 'user', '/Panels');
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
  // The page arrives and its own frame is drawn: the menu is still open, and it works.
  answer();
  // (The open menu hides the page from the accessibility tree.)
  await expect(page.getByRole('heading', { level: 1, name: 'Panels', includeHidden: true })).toBeVisible();
  await expect(page.getByTestId('panel-list')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await expect(page.getByRole('dialog', { name: 'Change password' })).toBeVisible();
});

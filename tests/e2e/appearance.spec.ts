/**
 * What a person sees, in Chromium against the real stack: no serious axe-core issue (colour contrast included)
 * in the light and the dark theme, a 390-pixel phone without sideways scrolling and with the menu as a drawer,
 * prices in TL for the language, the translated product name and the favicon.
 */
import { expect, test, type APIRequestContext, type Page, type WebSocketRoute } from '@playwright/test';
import { paths } from '../../src/lib/routing/paths.ts';
import { watchPolicy } from './policy-watch.ts';
import { describeIconContrast, iconContrastOffenders } from './non-text-contrast.ts';
import { sidewaysScroll } from './page-width.ts';
import { ROUTE_URLS } from './route-urls.ts';
import { routeTo, watchNetwork } from './route-walk.ts';
import {
  heldToken,
  accessibilityViolations,
  expectAccessible,
  menuLinks,
  MOCK_API,
  openSignedIn,
  withoutNewOrderModal,
} from './support.ts';

test.beforeEach(({ page }) => withoutNewOrderModal(page));
// The tests share nothing but their worker's stack, and the two every-route walks are long: they spread over the
// workers instead of running one after the other in one.
test.describe.configure({ mode: 'parallel' });

interface Screen {
  name: string;
  /** Contract user to sign in as; none for the public sign-in page. */
  user?: string;
  path: string;
  heading: string;
  /** What shows once the page has its data. */
  ready?: (page: Page) => Promise<void>;
  /**
   * The every-route walk below opens this page (as the administrator: the same page, other data) in both themes and
   * checks it for accessibility: the page's own accessibility test would repeat that.
   */
  walked?: true;
}

const PANEL_MERKEZ = 864215040012345;
const PANEL_DEPO = 864215040023456;

const SCREENS: Screen[] = [
  { name: 'sign-in', path: paths.login, heading: 'Sign in' },
  {
    name: 'home',
    walked: true,
    user: 'admin',
    path: paths.home,
    heading: 'System summary',
    ready: (page) => expect(page.getByText('All-time payments')).toBeVisible(),
  },
  {
    name: 'panels',
    user: 'user',
    path: paths.panels,
    heading: 'Panels',
    ready: (page) => expect(page.getByTestId('live-status')).toHaveText('Live'),
  },
  {
    name: 'price list',
    walked: true,
    user: 'user',
    path: paths.priceList,
    heading: 'Subscriptions',
    ready: (page) => expect(page.getByRole('heading', { level: 2, name: 'Premium' })).toBeVisible(),
  },
  {
    name: 'profile',
    walked: true,
    user: 'user',
    path: paths.profile,
    heading: 'Profile',
    ready: (page) => expect(page.getByRole('button', { name: 'Save profile' })).toBeVisible(),
  },
  { name: 'change password', user: 'user', path: paths.changePassword, heading: 'Change password', walked: true },
  // No route has this path: the console shows its forbidden view.
  { name: 'forbidden view', user: 'admin', path: '/Something/Unknown', heading: 'Unauthorized User', walked: true },
];

async function open(page: Page, screen: Screen): Promise<void> {
  if (screen.user) {
    await openSignedIn(page, screen.user, screen.path);
  } else {
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    await page.goto(screen.path);
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
  await screen.ready?.(page);
}

/** Sends a command to a simulated panel through the mock API, as the signed-in user. */
async function command(page: Page, request: APIRequestContext, devId: number, name: string): Promise<void> {
  const token = await heldToken(page);
  const response = await request.post(`${MOCK_API}/command/devices/controlpanel`, {
    headers: { authorization: `Bearer ${token}` },
    data: { dev_id: devId, command: name, password: '1234', partno: 0, ispart: false },
  });
  expect(await response.json()).toMatchObject({ Err: 0 });
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
    });

    for (const screen of SCREENS.filter((candidate) => !candidate.walked)) {
      test(`the ${screen.name} page has no serious accessibility issue`, async ({ page }) => {
        await open(page, screen);
        await expect(page.locator('html')).toHaveClass(new RegExp(scheme));
        await expectAccessible(page);
      });
    }

    test('every route opens under the policy without a violation, has no serious accessibility issue and names each control by its visible text', async ({
      page,
    }) => {
      // Every route of the paths module, both themes, axe, icon contrast, width and policy on each: the longest test.
      test.setTimeout(180_000);
      // A laptop's width, the one the side menu stays open at.
      await page.setViewportSize({ width: 1366, height: 768 });
      const policy = await watchPolicy(page);
      const network = watchNetwork(page);
      // The light theme in Turkish, the dark one in English: every page's texts of both languages are checked too.
      await openSignedIn(page, 'admin', paths.home, scheme === 'light' ? 'tr' : 'en');
      await expect(page.getByRole('main')).toBeVisible();
      const found: string[] = [];
      const headings = new Set<string>();
      // One cold load (the sign-in's), then each route through the console's own router, as a person moves: a page's
      // lazy parts load under the same document policy, whose violations the listener keeps reporting.
      for (const [route, url] of Object.entries(ROUTE_URLS)) {
        await routeTo(page, url);
        // The page's main area is drawn (by its element: the panel detail's password dialog hides it from the
        // accessibility tree), with its data.
        await expect(page.locator('main'), route).toBeVisible();
        await network.quiet();
        headings.add((await page.locator('h1').allTextContents()).join(' '));
        await expect(page.locator('html')).toHaveClass(new RegExp(scheme));
        found.push(...(await accessibilityViolations(page)).map((violation) => `${route} (${url}): ${violation}`));
        found.push(
          ...describeIconContrast(await iconContrastOffenders(page)).map(
            (violation) => `${route} (${url}): ${violation}`,
          ),
        );
        found.push(...(await sidewaysScroll(page)).map((violation) => `${route} (${url}): ${violation}`));
        found.push(...(await policy.seen()).map((violation) => `${route} (${url}): policy ${violation}`));
        await policy.clear();
      }
      expect(found).toEqual([]);
      // Each page was drawn (routeTo waits for its own heading); a few routes share a heading or send a signed-in
      // administrator home.
      expect(headings.size).toBeGreaterThan(Object.keys(ROUTE_URLS).length - 6);
    });

    test('every panel state and live-feed state keeps readable chips', async ({ page, request }) => {
      // The live feed goes through a route the test can cut, to show the offline state.
      const sockets: WebSocketRoute[] = [];
      let cut = false;
      await page.routeWebSocket(/\/mqtt/, (socket) => {
        if (cut) {
          void socket.close();
          return;
        }
        socket.connectToServer();
        sockets.push(socket);
      });
      await open(
        page,
        SCREENS.find((screen) => screen.name === 'panels')!,
      );
      const state = (devId: number) => page.getByTestId(`panel-${devId}`).getByTestId('panel-state');
      try {
        await command(page, request, PANEL_MERKEZ, 'ARM');
        await command(page, request, PANEL_DEPO, 'STAYARM');
        await expect(state(PANEL_MERKEZ)).toHaveText('Armed');
        await expect(state(PANEL_DEPO)).toHaveText('Stay armed');
        await expect(page.getByTestId('panel-state')).toContainText(['Disconnected', 'Alarm']);
        await expectAccessible(page);

        cut = true;
        await Promise.all(sockets.map((socket) => socket.close()));
        await expect(page.getByTestId('live-status')).toHaveText('Live feed offline');
        await expectAccessible(page);
      } finally {
        // The simulated panels are shared by every test of the run: leave them as they were.
        await command(page, request, PANEL_MERKEZ, 'DISARM');
        await command(page, request, PANEL_DEPO, 'ARM');
      }
    });
  });
}

test.describe('a 390-pixel phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const screen of SCREENS) {
    test(`the ${screen.name} page fits the screen`, async ({ page }) => {
      await open(page, screen);
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
      if (!screen.user) return;

      // The header keeps every control on the screen.
      const banner = page.getByRole('banner');
      for (const control of [
        banner.getByRole('button', { name: 'Open the menu' }),
        banner.getByRole('combobox', { name: /Language/ }),
        banner.getByRole('button', { name: /Colour theme/ }),
        banner.getByRole('button', { name: /Account menu/ }),
      ]) {
        await expect(control).toBeInViewport({ ratio: 1 });
      }

      // The menu is a drawer: closed at first, opened by the menu button, closed again with Escape.
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
      const menuButton = banner.getByRole('button', { name: 'Open the menu' });
      await menuButton.click();
      await expect(menuLinks(page).first()).toHaveText('Home');
      await expect(menuLinks(page).filter({ hasText: 'Subscriptions' })).toBeInViewport();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
      await expect(menuButton).toBeFocused();
    });
  }

  test('choosing a link in the drawer opens the page and closes the drawer', async ({ page }) => {
    await open(
      page,
      SCREENS.find((screen) => screen.name === 'profile')!,
    );
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectAccessible(page);
    await menuLinks(page).filter({ hasText: 'Subscriptions' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscriptions');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    // Keyboard and screen-reader users continue from the new page's content, not from the menu button.
    await expect(page.getByRole('main')).toBeFocused();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  });
});

test.describe('product name, prices and favicon', () => {
  for (const [language, product, price] of [
    ['en', 'Alarm Panel Console', 'TL\u00a01,490.00'],
    ['tr', 'Alarm Paneli Konsolu', '1.490,00\u00a0TL'],
  ] as const) {
    test(`in ${language} the header, the tab and the prices speak the language`, async ({ page }) => {
      await openSignedIn(page, 'user', paths.priceList, language);
      await expect(page.getByRole('banner')).toContainText(product);
      await expect(page).toHaveTitle(product);
      const premium = page.getByRole('region', { name: 'Premium' });
      await expect(premium.getByText(price, { exact: true })).toBeVisible();
    });
  }

  test('the public dealer application shows the translated product name', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'tr'));
    await page.goto(paths.dealerCreate);
    await expect(page.getByRole('banner')).toContainText('Alarm Paneli Konsolu');
  });

  test('the favicon link resolves', async ({ page, request }) => {
    await page.goto(paths.login);
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await request.get(new URL(href!, page.url()).toString());
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
  });
});

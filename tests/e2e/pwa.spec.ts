/**
 * The installable console (src/app/pwa/, README "Installable, works offline") as an operator deploys it: the build's
 * nginx deployment under its production Content-Security-Policy (the preview server where nginx is not installed).
 * The default configuration blocks service workers in every other test (playwright.config.ts); this file allows them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_NGINX, E2E_PORTS, E2E_PRODUCTION_DIST as DIST } from '../../playwright.config.ts';
import { paths } from '../../src/lib/routing/paths.ts';
import { BROWSER_BAR_COLOURS } from '../../src/app/theme-colours.ts';
import { heldToken, expectAccessible, localeText, openSignedIn } from './support.ts';
import { watchPolicy } from './policy-watch.ts';

test.use({
  serviceWorkers: 'allow',
  ...(E2E_NGINX.installed ? { baseURL: `http://127.0.0.1:${E2E_PORTS.nginx}` } : {}),
});

/** Signs in on the panel list and waits until the console's service worker is active (its precache complete). */
async function installed(page: Page): Promise<void> {
  await openSignedIn(page, 'user', paths.panels, 'en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
    .toBe('activated');
}

/** Every URL held by the page's Cache Storage (the service worker's precache and anything else). */
const cachedUrls = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

test('the service worker installs under the production policy and controls the next visit; the manifest is served', async ({
  page,
}) => {
  const policy = await watchPolicy(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await installed(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  expect(await policy.seen()).toEqual([]);
  expect(errors).toEqual([]);

  // The manifest and its icons, and the browser bar's colour of each scheme from the theme's constants.
  const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(manifestUrl!)).json();
  expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone' });
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const answer = await page.request.get(icon.src);
    expect(answer.headers()['content-type'], icon.src).toBe(icon.type);
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
  for (const scheme of ['light', 'dark'] as const) {
    await expect(page.locator(`meta[name="theme-color"][media*="${scheme}"]`)).toHaveAttribute(
      'content',
      BROWSER_BAR_COLOURS[scheme],
    );
  }
});

test("a second visit without a network opens the console's own offline view, which starts it again once online", async ({
  page,
  context,
}) => {
  await installed(page);
  await context.setOffline(true);
  await page.goto(paths.panels);
  // Served by the service worker: the console's page at the console's address, not the browser's error page.
  expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/Panels$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeText('en', 'pwa.offlineTitle'));
  await expect(page.getByText(localeText('en', 'pwa.offlineText'))).toBeVisible();
  await expect(page.getByText(localeText('en', 'errors.config'))).toHaveCount(0);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page);
  }
  // Keyboard: the one control is reached with Tab and pressed with Enter (offline still: the same view again).
  const tryAgain = page.getByRole('button', { name: localeText('en', 'pwa.tryAgain') });
  await page.keyboard.press('Tab');
  await expect(tryAgain).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeText('en', 'pwa.offlineTitle'));

  // Back online: the view starts the console again by itself (nothing was in progress on it).
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(localeText('en', 'pwa.offlineTitle'));
  await expect(page.getByRole('list', { name: 'Panels' })).toBeVisible();
});

test('an API answer is never served from, nor kept in, the service worker cache; offline, the running console says so', async ({
  page,
  context,
}) => {
  await installed(page);
  const apiAnswers: { url: string; fromServiceWorker: boolean }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) {
      apiAnswers.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
    }
  });
  await page.reload();
  await expect(page.getByRole('list', { name: 'Panels' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(apiAnswers.length).toBeGreaterThan(0);
  expect(apiAnswers.filter((answer) => answer.fromServiceWorker)).toEqual([]);

  const cached = await cachedUrls(page);
  expect(cached).toContain('/index.html');
  expect(cached.filter((url) => /^\/(api|files|mqtt|provider)\/|^\/config\.json$/.test(url))).toEqual([]);

  // Offline, the same call with the same token fails: nothing old is answered in its place.
  const call = new URL(apiAnswers[0]!.url).pathname + new URL(apiAnswers[0]!.url).search;
  const token = await heldToken(page);
  await context.setOffline(true);
  const offline = await page.evaluate(
    async ([url, bearer]) => {
      try {
        const response = await fetch(url!, {
          headers: { authorization: `Bearer ${bearer}` },
        });
        return `answered ${response.status}`;
      } catch (error) {
        return `failed: ${(error as Error).name}`;
      }
    },
    [call, token],
  );
  expect(offline).toBe('failed: TypeError');
  // The running console says plainly that the connection is gone, and stops saying so when it is back.
  const banner = page.getByRole('status').filter({ hasText: localeText('en', 'pwa.offlineBanner') });
  await expect(banner).toBeVisible();
  // So does the live feed at once (the browser's word, not a keepalive later), and it is live again once back online.
  await expect(page.getByTestId('live-status')).toHaveText(localeText('en', 'panels.live.offline'));
  await expectAccessible(page);
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('live-status')).toHaveText(localeText('en', 'panels.live.connected'));
});

test('a new version waits for the person: "Reload" takes it and reloads, nothing reloads by itself', async ({
  page,
}) => {
  await installed(page);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Panels' })).toBeVisible();
  const prompt = page.getByRole('status').filter({ hasText: localeText('en', 'pwa.updateReady') });
  await expect(prompt).toHaveCount(0);
  // A deploy: the served sw.js changes (its bytes only), and the console's hourly check is asked for now.
  const workerFile = path.join(DIST, 'sw.js');
  const original = readFileSync(workerFile, 'utf8');
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  try {
    writeFileSync(workerFile, `${original}\n// a new version ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    await expect(prompt).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectAccessible(page);
    }
    expect(reloaded).toBe(false);
    await page.getByRole('button', { name: localeText('en', 'pwa.reload') }).click();
    await expect.poll(() => reloaded).toBe(true);
    await expect(page.getByRole('list', { name: 'Panels' })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting)).toBeNull();
  } finally {
    writeFileSync(workerFile, original);
  }
});

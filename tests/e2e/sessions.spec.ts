/**
 * Sessions end everywhere and nothing long-lived is kept: panel passwords live in the page's memory only (never in
 * local storage, session storage or IndexedDB; a reload asks again), no refresh token is ever stored (nor left
 * over from an older console), and a sign-out or a session ended by a 401 in one tab ends it in every other tab
 * of the console within a second, with the same single message (none after the user's own sign-out).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  heldToken,
  heldTokens,
  logInToPanel,
  localeText,
  MOCK_API,
  openSignedIn,
  ownSessionToken,
  resetPanels,
  seedSession,
  signInWithForm,
  storedCopies,
  tokenWith,
} from './support.ts';

const PANEL_1 = 864215040012345;
const PANEL_2 = 864215040023456;
const INSTALLER = '1234';
const MASTER = '5678';
const SESSION_ENDED = localeText('en', 'session.ended');
/** A refresh token the server might send; the console must keep it nowhere. */
const SERVER_REFRESH_TOKEN = 'refresh-token-from-the-server';

test.beforeEach(({ request }) => resetPanels(request));

interface StoredEntry {
  area: string;
  key: string;
  value: string;
}

/** Everything the page's origin holds in web storage: local and session storage, and every IndexedDB record. */
function webStorage(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(async () => {
    const entries: StoredEntry[] = [];
    for (const [area, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const) {
      for (let index = 0; index < storage.length; index++) {
        const key = storage.key(index)!;
        entries.push({ area, key, value: storage.getItem(key) ?? '' });
      }
    }
    const request = <T>(req: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const database = await request(indexedDB.open(name));
      for (const store of Array.from(database.objectStoreNames)) {
        const records = database.transaction(store).objectStore(store);
        const [keys, values] = await Promise.all([request(records.getAllKeys()), request(records.getAll())]);
        entries.push({ area: `indexedDB ${name}/${store}`, key: JSON.stringify(keys), value: JSON.stringify(values) });
      }
      database.close();
    }
    return entries;
  });
}

/** Every string and number inside a stored value (a JSON value is walked, with its keys). */
function leaves(value: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [value];
  }
  const found: string[] = [value];
  const walk = (node: unknown): void => {
    if (typeof node === 'string' || typeof node === 'number') found.push(String(node));
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        found.push(key);
        walk(child);
      }
    }
  };
  walk(parsed);
  return found;
}

/**
 * The stored entries that hold a secret: one of `secrets` as a value (or a value inside a stored JSON value), or a
 * key that names a panel password (`user_pass`, `panel_logins`) or a refresh token.
 */
function holdingSecrets(entries: StoredEntry[], secrets: string[]): StoredEntry[] {
  const secretName = /user_pass|panel_login|refresh/i;
  return entries.filter(
    ({ key, value }) =>
      secretName.test(key) || secretName.test(value) || leaves(value).some((leaf) => secrets.includes(leaf)),
  );
}

const sessionEnded = (page: Page) => page.locator('[data-toasts]').getByText(SESSION_ENDED);
const loginForm = (page: Page) => page.getByRole('button', { name: 'Sign in' });

/** Counts the documents a page loads at the login page (each sign-out reloads the console there). */
function loginLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && new URL(request.url()).pathname === '/login') loads++;
  });
  return () => loads;
}

/** Opens the panel list signed in (its live connection to the broker with it), with the example token or `token`. */
async function openPanels(page: Page, token?: string): Promise<void> {
  await openSignedIn(page, 'user', '/Panels', 'en', token);
  await expect(page.getByRole('list', { name: 'Panels' })).toBeVisible();
}

test('panel passwords are kept in memory only: no web storage holds them, and a reload asks again', async ({
  page,
}) => {
  // The installer's password opens one panel's detail, the master's another panel's zone list.
  await openPanels(page);
  await page.getByTestId(`panel-${PANEL_1}`).getByTestId('action-open').click();
  await logInToPanel(page, INSTALLER);
  await page.goBack();
  await page.getByTestId(`panel-${PANEL_2}`).getByTestId('action-zones').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('panel-password').fill(MASTER);
  await dialog.getByTestId('panel-password').press('Enter');
  await expect(page.getByRole('dialog', { name: /zones/i })).toBeVisible();

  const stored = await webStorage(page);
  // The access token is in the page's memory only, like the panel passwords.
  const token = (await heldToken(page))!;
  expect(token).toMatch(/^ey/);
  expect(holdingSecrets(stored, [INSTALLER, MASTER, token])).toEqual([]);
  expect(page.url()).not.toMatch(/user_pass|password|5678/);

  // A new page knows no panel password: it asks again.
  await page.goto(`/PanelDetail/${PANEL_1}`);
  await expect(page.getByRole('dialog').getByTestId('panel-password')).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await logInToPanel(page, INSTALLER);
  await page.reload();
  await expect(page.getByRole('dialog').getByTestId('panel-password')).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  expect(holdingSecrets(await webStorage(page), [INSTALLER, MASTER])).toEqual([]);
});

test('what an older console kept (a refresh token, panel passwords) is removed at start', async ({ page }) => {
  await page.goto('/login');
  const legacy = {
    refresh: SERVER_REFRESH_TOKEN,
    logins: JSON.stringify({ [PANEL_1]: { password: INSTALLER, userNo: 0 } }),
  };
  await page.evaluate(({ refresh, logins }) => {
    localStorage.setItem('refresh_token', refresh);
    sessionStorage.setItem('panel_logins', logins);
  }, legacy);
  // What the check below looks for is found while it is there.
  expect(holdingSecrets(await webStorage(page), [INSTALLER, SERVER_REFRESH_TOKEN])).toHaveLength(2);
  await page.reload();
  await expect(loginForm(page)).toBeVisible();
  expect(holdingSecrets(await webStorage(page), [INSTALLER, SERVER_REFRESH_TOKEN])).toEqual([]);
});

test('a refresh token the server sends, at sign-in or at a token refresh, is stored nowhere', async ({ page }) => {
  // The server adds a refresh token to both answers; the contract allows it, the console ignores it.
  await page.route('**/api/logins', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, refresh_token: SERVER_REFRESH_TOKEN } } });
  });
  await page.route('**/api/changed-jwt', async (route) => {
    const response = await route.fetch();
    // A page's start without a session cookie is refused: nothing to add to.
    if (!response.ok()) return route.fulfill({ response });
    const body = (await response.json()) as { data: { data: Record<string, unknown> } };
    await route.fulfill({
      response,
      json: { ...body, data: { ...body.data, data: { ...body.data.data, refresh_token: SERVER_REFRESH_TOKEN } } },
    });
  });
  await signInWithForm(page, 'user');
  await expect(page).toHaveURL(/\/Panels/);
  expect(holdingSecrets(await webStorage(page), [SERVER_REFRESH_TOKEN])).toEqual([]);

  // A token near its expiry (renewed halfway through a life this short) is renewed through changed-jwt: still only
  // the access token is kept.
  const expiring = tokenWith('user', { exp: Math.floor(Date.now() / 1000) + 16 });
  await seedSession(page, expiring);
  await page.reload();
  await expect.poll(() => heldToken(page)).toBe(expiring);
  const refreshed = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/changed-jwt') && response.request().headers().authorization !== undefined,
  );
  expect((await refreshed).status()).toBe(200);
  await expect.poll(() => heldToken(page)).not.toBe(expiring);
  await expect(page).toHaveURL(/\/Panels/);
  expect(holdingSecrets(await webStorage(page), [SERVER_REFRESH_TOKEN])).toEqual([]);
});

test('the token lives in memory only: a reload and a new tab stay signed in, a closed browser does not', async ({
  page,
  context,
  browser,
}) => {
  await signInWithForm(page, 'user');
  await expect(page.getByRole('list', { name: 'Panels' })).toBeVisible();
  const token = (await heldToken(page))!;
  expect(await storedCopies(page, token)).toEqual([]);
  // A reload (no other tab to ask): renewed from the HttpOnly refresh cookie alone, without a bearer token.
  const renewal = page.waitForResponse((response) => response.url().endsWith('/api/changed-jwt'));
  await page.reload();
  expect((await renewal).status()).toBe(200);
  expect((await renewal).request().headers().authorization).toBeUndefined();
  await expect(page.getByRole('list', { name: 'Panels' })).toBeVisible();
  // A new tab: handed the token by the open one, without asking the server.
  const other = await context.newPage();
  const renewals: string[] = [];
  other.on('request', (request) => {
    if (request.url().endsWith('/api/changed-jwt')) renewals.push(request.url());
  });
  await other.goto('/Panels');
  await expect(other.getByRole('list', { name: 'Panels' })).toBeVisible();
  expect(renewals).toEqual([]);
  expect(await storedCopies(other, (await heldToken(other))!)).toEqual([]);
  // A closed browser (a new context: no session cookie, no tab to ask) starts signed out.
  const fresh = await browser.newContext();
  const closed = await fresh.newPage();
  await closed.goto(new URL('/Panels', page.url()).href);
  await expect(closed).toHaveURL(/\/login$/);
  await fresh.close();
});

test('signing out in one tab ends the session in the other within a second, without a message', async ({
  page,
  context,
}) => {
  // A session of the test's own: the sign-out revokes it on the server.
  const token = ownSessionToken('user');
  await openPanels(page, token);
  const other = await context.newPage();
  await openPanels(other, token);
  const otherLoads = loginLoads(other);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  // Within a second the other tab leaves for the login page: a new document, so its cached answers, panel logins
  // and live connection are gone with the old one.
  await expect.poll(otherLoads, { timeout: 1_000 }).toBe(1);
  await expect(other).toHaveURL(/\/login$/);
  await expect(loginForm(other)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(loginForm(page)).toBeVisible();
  expect(otherLoads()).toBe(1);
  // The server cleared the refresh cookie: a new page of this browser starts signed out.
  expect(await context.cookies()).toEqual([]);
  // The user's own sign-out says nothing, in either tab (the notice would show before the login form).
  await expect(sessionEnded(page)).toHaveCount(0);
  await expect(sessionEnded(other)).toHaveCount(0);
});

test('a sign-in in another tab is no sign-out: the tabs share the session', async ({ page, context }) => {
  await page.goto('/login');
  await expect(loginForm(page)).toBeVisible();
  await page.evaluate(() => Object.assign(window, { stayed: true }));
  const other = await context.newPage();
  await signInWithForm(other, 'user');
  await expect(other.getByRole('list', { name: 'Panels' })).toBeVisible();
  // The first tab was handed the token and stayed where it was, without a reload or a message: both tabs answer.
  await expect.poll(async () => (await heldTokens(page, 2)).length).toBe(2);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(page).toHaveURL(/\/login$/);
  await expect(sessionEnded(page)).toHaveCount(0);
  // Signing out in the second tab signs out the session the first one now holds too: it leaves for a new page.
  const pageLoads = loginLoads(page);
  await other.getByRole('button', { name: /Account menu/ }).click();
  await other.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(other).toHaveURL(/\/login$/);
  await expect.poll(pageLoads).toBe(1);
  await expect(loginForm(page)).toBeVisible();
  await expect(sessionEnded(page)).toHaveCount(0);
});

test('a session ended by a 401 in one tab ends the other with the same single message', async ({ page, context }) => {
  await openPanels(page);
  const other = await context.newPage();
  await openPanels(other);
  const otherLoads = loginLoads(other);
  const pageLoads = loginLoads(page);

  // The server refuses the first tab's token, as it would an expired or revoked one.
  await page.route('**/api/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), prefer: 'code=401' } }),
  );
  await page.reload();

  await expect(other).toHaveURL(/\/login$/);
  await expect(page).toHaveURL(/\/login$/);
  for (const tab of [page, other]) {
    await expect(loginForm(tab)).toBeVisible();
    await expect(sessionEnded(tab)).toHaveCount(1);
    await expect(tab.locator('[data-toasts]').getByRole('alert')).toHaveCount(0);
  }
  expect(otherLoads()).toBe(1);
  expect(pageLoads()).toBe(1);
  // Once per tab: the message does not come back with a later page of the same tab.
  await other.reload();
  await expect(loginForm(other)).toBeVisible();
  await expect(sessionEnded(other)).toHaveCount(0);
});

test('a session the server revoked (signed out elsewhere) ends at its next call, with the one message', async ({
  page,
  request,
}) => {
  await signInWithForm(page, 'user');
  await expect(page.getByRole('list', { name: 'Panels' })).toBeVisible();
  const token = (await heldToken(page))!;
  // The same session signed out from another device: the server revokes it.
  const revoked = await request.post(`${MOCK_API}/logout`, { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(204);
  const loads = loginLoads(page);
  // The next call finds the session revoked: the person's click, or one the page makes itself first (the alarm
  // watch, the live feed's new token) — either way the page ends on the sign-in page, once.
  await Promise.race([
    page.waitForURL(/\/login$/),
    page
      .getByRole('link', { name: 'Subscription history' })
      .click({ timeout: 15_000 })
      .catch(() => undefined),
  ]);
  await expect(page).toHaveURL(/\/login$/);
  await expect(loginForm(page)).toBeVisible();
  await expect(sessionEnded(page)).toHaveCount(1);
  expect(loads()).toBe(1);
  // The ended session is not renewed from the cookie by the next page of this tab either.
  await page.goto('/Panels');
  await expect(page).toHaveURL(/\/login$/);
});

/** Helpers of the browser tests: contract tokens, sign-in, axe. */
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { E2E_PORTS } from '../../playwright.config.ts';

export const MOCK_API = `http://127.0.0.1:${E2E_PORTS.api}/api`;

type Examples = Record<string, { value: { data: { token: string } } }>;

/** The example tokens of the contract's sign-in response, by username (admin, dealer, user, olduser, nosub). */
export const contractToken = (username: string): string => {
  const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
    paths: Record<
      string,
      { post: { responses: { 200: { content: { 'application/json': { examples: Examples } } } } } }
    >;
  };
  const examples = contract.paths['/logins']!.post.responses[200].content['application/json'].examples;
  const token = examples[username]?.value.data.token;
  if (!token) throw new Error(`The contract has no sign-in example for ${username}`);
  return token;
};

/**
 * A contract token with some claims changed, signed as the mock signs its tokens (HS256 with the mock-only secret of
 * openapi/README.md): the mock API and the broker refuse a token they did not sign.
 */
export const tokenWith = (username: string, changes: Record<string, unknown>): string => {
  const claims = JSON.parse(
    Buffer.from(contractToken(username).split('.')[1]!, 'base64url').toString('utf8'),
  ) as object;
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, ...changes })}`;
  return `${unsigned}.${createHmac('sha256', 'mock-only-secret').update(unsigned).digest('base64url')}`;
};

/**
 * Lets `ms` of the page's time pass at once, on the clock the test installed (`page.clock.install()` before the page
 * opened): every timer due by then fires (a retry's back-off, a toast's time-out, a refresh), and what they sent has
 * left the browser, since a request of the page's own made after them has come back. For "nothing else happens
 * later" checks, instead of waiting that long.
 */
export async function letTimePass(page: Page, ms: number): Promise<void> {
  await page.clock.fastForward(ms);
  await page.evaluate(async () => (await fetch('/config.json', { cache: 'no-store' })).status);
}

/**
 * Gives the browser of `page` a session of `token`, as a sign-in would: the mock's test control sets the refresh
 * cookie (`__Host-refresh`, HttpOnly) of a session whose renewal from the cookie alone answers exactly `token`
 * (mocks/session-controls.ts), so the next page the console opens in this browser context starts signed in with it
 * (it renews from the cookie, or is handed the token by an open tab). Nothing is written into the page: the console
 * keeps its token in memory only. `page.request` shares the context's cookies.
 */
export async function seedSession(page: Page, token: string): Promise<void> {
  const answer = await page.request.post('/api/__mock/sessions/cookie', { data: { token } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Opens the console already signed in with a contract token (or `token`, for other claims), in the given language. */
export async function openSignedIn(
  page: Page,
  username: string,
  path = '/',
  language = 'en',
  token = contractToken(username),
): Promise<void> {
  // The language is seeded once per tab: a language choice made afterwards must stick.
  await page.addInitScript(
    ([lang]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('lang', lang!);
    },
    [language],
  );
  await seedSession(page, token);
  await page.goto(path);
}

/**
 * The access token the console's open tabs hold in memory, as a tab that opens asks for it (the session channel's
 * `token-request`, src/lib/session/session-channel.ts): the first answer, or null when no tab answers within a
 * second. Every tab of the context that holds a token answers; `count` waits for that many answers instead.
 */
export async function heldTokens(page: Page, count = 1): Promise<string[]> {
  return page.evaluate(
    (wanted) =>
      new Promise<string[]>((resolve) => {
        const tokens: string[] = [];
        const channel = new BroadcastChannel('alarm-console-session');
        const done = () => {
          clearTimeout(timer);
          channel.close();
          resolve(tokens);
        };
        const timer = setTimeout(done, 1_000);
        channel.onmessage = (event: MessageEvent<{ type?: string; token?: string }>) => {
          if (event.data.type !== 'token' || !event.data.token) return;
          tokens.push(event.data.token);
          if (tokens.length >= wanted) done();
        };
        channel.postMessage({ type: 'token-request' });
      }),
    count,
  );
}

/** The access token the console's tabs hold (the first to answer), or null when none does. */
export const heldToken = async (page: Page): Promise<string | null> => (await heldTokens(page))[0] ?? null;

/** Every value of the page's local and session storage that holds `token`, by key (none is expected). */
export const storedCopies = (page: Page, token: string): Promise<string[]> =>
  page.evaluate(
    (secret) =>
      [localStorage, sessionStorage].flatMap((storage) =>
        Object.keys(storage).filter((key) => storage.getItem(key)?.includes(secret)),
      ),
    token,
  );

/**
 * Waits until the live feed is up and every topic the page wants is granted by the broker (the chip's diagnostics:
 * nothing pending), then closes the diagnostics again. "Live" alone says the connection is up: a message published
 * before its topic's subscription is granted is not delivered to the page.
 */
export async function expectLiveWatching(page: Page): Promise<void> {
  const chip = page.getByTestId('live-status');
  await expect(chip).toHaveText(/^(Live|Canlı)$/);
  // Focused, not hovered: the diagnostics stay open while the page moves (an alarm bar showing above, say).
  await chip.focus();
  const diagnostics = page.getByTestId('live-diagnostics');
  await expect(diagnostics.getByTestId('live-pending')).toHaveText('0');
  await expect(diagnostics.getByTestId('live-subscribed')).not.toHaveText('0');
  await chip.blur();
  await expect(diagnostics).toHaveCount(0);
}

/**
 * The administrator's home answers with the contract's `no-waiting-orders` summary, so its 'Yeni Sipariş Var' modal
 * (opened by the default example's orders awaiting invoicing) stays closed, for tests that only pass through the
 * home page (tests/e2e/dashboard.spec.ts tests the modal). Routes registered later take precedence over this one.
 */
export async function withoutNewOrderModal(page: Page): Promise<void> {
  await page.route('**/api/reports/general', (route) =>
    route.continue({ headers: { ...route.request().headers(), prefer: 'example=no-waiting-orders' } }),
  );
}

export async function signInWithForm(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').first().fill('any-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Rules axe-core keeps off by default (experimental) that the console is held to all the same:
 * `label-content-name-mismatch` (WCAG 2.5.3 "Label in Name"): a control's accessible name contains its visible text,
 * so a person who says what they see ("click Versions") reaches it.
 */
export const EXTRA_AXE_RULES = ['label-content-name-mismatch'] as const;

/**
 * The serious or critical axe-core violations of the page as it is now, and every violation of EXTRA_AXE_RULES
 * whatever its impact, each as `rule: targets`. Colour transitions are finished first (a button that has just been
 * enabled fades its colour in over 250 ms): axe checks the colours a person reads, not a frame in between.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const results = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(EXTRA_AXE_RULES.map((rule) => [rule, { enabled: true }])) })
    .analyze();
  return results.violations
    .filter(
      (violation) =>
        violation.impact === 'serious' ||
        violation.impact === 'critical' ||
        (EXTRA_AXE_RULES as readonly string[]).includes(violation.id),
    )
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** No violation of accessibilityViolations on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await accessibilityViolations(page)).toEqual([]);
}

export const menuLinks = (page: Page, navigationName = 'Main navigation') =>
  page.getByRole('navigation', { name: navigationName }).getByRole('link');

/** Every simulated panel back as the contract's examples have it (and published), so no test sees what the one
 * before it changed, even when that one failed halfway. */
export async function resetPanels(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${MOCK_API}/__mock/panels/reset`);
  expect(response.status(), await response.text()).toBe(200);
}

/** Texts of the locale files by dotted key (`settings.zone.name.label`), as the tests expect them on screen. */
export const locales = {
  en: JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, unknown>,
  tr: JSON.parse(readFileSync('locales/tr.json', 'utf8')) as Record<string, unknown>,
};
export const localeText = (language: keyof typeof locales, key: string): string => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locales[language]);
  if (typeof value !== 'string') throw new Error(`No text ${key}`);
  return value;
};

/** Opens a panel's detail signed in as `user` and logs in to the panel with the given password. */
export async function openPanelDetail(
  page: Page,
  devId: number,
  password: string,
  { tab, language = 'en' }: { tab?: string; language?: 'en' | 'tr' } = {},
): Promise<void> {
  await openSignedIn(page, 'user', `/PanelDetail/${devId}${tab ? `?tab=${tab}` : ''}`, language);
  await logInToPanel(page, password, language);
}

/** Answers the panel password dialog now open. */
export async function logInToPanel(page: Page, password: string, language: 'en' | 'tr' = 'en'): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('panel-password').fill(password);
  await dialog.getByRole('button', { name: localeText(language, 'commands.login.submit'), exact: true }).click();
  await expect(page.getByRole('tablist', { name: localeText(language, 'panelDetail.tabs.label') })).toBeVisible();
}

/** The test card the fake payment provider approves (mocks/payment-provider/provider.ts). */
export const APPROVED_CARD = '4111 1111 1111 1111';

/** The console's page has no card field at all: the card is typed on the provider's page only (PCI DSS SAQ A). */
export async function expectNoCardInput(page: Page): Promise<void> {
  await expect(page.locator('input[autocomplete^="cc-"], input[name*="card" i], input[name*="cvv" i]')).toHaveCount(0);
  await expect(page.getByLabel(/card number|name on card|cvc|cvv|expiry|kart numarası|son kullanma/i)).toHaveCount(0);
}

/**
 * Types a card on the fake provider's own card form in the popup and sends it; the provider answers with its
 * 3-D Secure step (a refused card stays on the card form: pass `expect3ds: false`).
 */
export async function fillProviderCard(
  popup: Page,
  card: string,
  { expiry = '12/29', cvv = '123', expect3ds = true } = {},
): Promise<void> {
  await expect(popup.getByRole('heading', { name: /card payment/i })).toBeVisible();
  await popup.getByLabel('Name on card').fill('ZEYNEP KAYA');
  await popup.getByLabel('Card number').fill(card);
  await popup.getByLabel(/^Expiry/).fill(expiry);
  await popup.getByLabel('CVC').fill(cvv);
  await popup.getByRole('button', { name: /^Pay / }).click();
  if (expect3ds) await expect(popup.getByRole('heading', { name: /3-D Secure/ })).toBeVisible();
}

/**
 * Fills the pay page (English) with the buyer's address, pays, and types an approved test card on the provider's
 * page in the popup → the popup at its 3-D Secure step.
 */
export async function payWithTestCard(page: Page): Promise<Page> {
  // The buyer's name and phone start as the account's once its detail arrives: typed before, the field would take both.
  await expect(page.getByLabel('Phone')).not.toHaveValue('');
  await page.getByLabel('Name and surname').fill('Zeynep Kaya');
  await page.getByLabel('Phone').fill('+90 532 000 00 00');
  await page.getByRole('textbox', { name: 'Address' }).fill('Moda Cad. 12/3 Kadıköy İstanbul');
  await expectNoCardInput(page);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Pay / }).click();
  const popup = await popupOpened;
  await fillProviderCard(popup, APPROVED_CARD);
  return popup;
}

/**
 * A token of a session of its own for an example account (a new `sid`): a test that signs out revokes this session
 * on the server (`POST /logout`), never the example token every other test uses.
 */
export const ownSessionToken = (username: string): string => tokenWith(username, { sid: randomUUID() });

/** The claims of a token, as the console reads them. */
export const tokenClaims = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

import { createHmac } from 'node:crypto';
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import {
  expectAccessible,
  expectNoCardInput,
  fillProviderCard,
  localeText,
  MOCK_API,
  openSignedIn,
} from './support.ts';

// Buying through the fake card payment provider of the mock stack (mocks/payment-provider/provider.ts): the price list, the pay
// page (plan, totals and buyer; no card field), the provider's popup with its own card form and 3-D Secure step, the provider's callback to the mock API, and what the console
// does when the popup closes. The mock signs the orders with a key and salt only it holds (playwright.config.ts gives
// them to it and to these tests), so no answer the browser sees may carry them.

const MERCHANT_KEY = process.env.MOCK_MERCHANT_KEY ?? '';
const MERCHANT_SALT = process.env.MOCK_MERCHANT_SALT ?? '';

const APPROVED = '4111 1111 1111 1111';
const DECLINED = '4000 0000 0000 0002';

// A payment here credits its buyer on this worker's mock: the next test, of this file or another, starts from the
// contract's examples again (no order, no subscription bought).
const resetOrders = async ({ request }: { request: APIRequestContext }) => {
  expect((await request.post(`${MOCK_API}/__mock/orders/reset`)).status()).toBe(200);
};
test.beforeEach(resetOrders);
test.afterEach(resetOrders);

/** Every request the console sends to its API, to check that no card data is among them. */
function apiRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) seen.push(request);
  });
  return seen;
}

/** Every request of the console's own page (not the provider's popup), whatever it is sent to. */
function pageRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return seen;
}

async function fillPayForm(page: Page, language: 'en' | 'tr' = 'en') {
  const text = (key: string) => localeText(language, `pay.${key}`);
  // The buyer's name and phone start as the account's once its detail arrives: typed before, the field would take both.
  await expect(page.getByLabel(text('buyer.phone'))).not.toHaveValue('');
  await page.getByLabel(text('buyer.name')).fill('Zeynep Kaya');
  await page.getByLabel(text('buyer.phone')).fill('+90 532 000 00 00');
  await page.getByRole('textbox', { name: text('buyer.address') }).fill('Moda Cad. 12/3 Kadıköy İstanbul');
  // The card is not asked here: the provider's own page in the popup asks for it.
  await expectNoCardInput(page);
}

/** Pays the filled pay page → the provider's popup, its card form typed with `card` and sent (3-D Secure shown). */
async function payInPopup(page: Page, card: string, payButtonName: RegExp = /^Pay /): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: payButtonName }).click();
  const popup = await popupOpened;
  await fillProviderCard(popup, card);
  return popup;
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay / });

/** The element is on screen and what a click at its middle reaches is it (no toast or bar lies over it). */
async function expectUncovered(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeInViewport();
  const reached = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  expect(reached).toBe(true);
}

/** The body of every answer any page of the context receives (redirects have none), as text. */
function responseBodies(context: BrowserContext): { all(): Promise<{ url: string; body: string }[]> } {
  const pending: Promise<{ url: string; body: string } | undefined>[] = [];
  context.on('response', (response) => {
    const status = response.status();
    if (status >= 300 && status < 400) return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), body: body.toString('utf8') }),
        () => undefined,
      ),
    );
  });
  return {
    all: async () => (await Promise.all(pending)).filter((entry) => entry !== undefined),
  };
}

/** The card form's token as the contract defines it, with the mock's key and salt. */
const expectedToken = (order: { merchant_no: string; email: string; price: number; currency: string }) =>
  createHmac('sha256', MERCHANT_KEY)
    .update(
      `318204${order.merchant_no}${order.email}${order.price.toFixed(2)}${order.currency}card00${MERCHANT_SALT}`,
      'utf8',
    )
    .digest('base64');

test('nosub buys Premium 1 month: the order is the one chosen, the payment says so and the panels open without a new sign-in', async ({
  page,
  request,
}) => {
  expect(MERCHANT_KEY.length).toBeGreaterThan(20);
  expect(MERCHANT_SALT.length).toBeGreaterThan(10);
  const sent = apiRequests(page);
  const fromConsole = pageRequests(page);
  const orderForms: Request[] = [];
  page.context().on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/provider/pay')) orderForms.push(request);
  });
  const answers = responseBodies(page.context());
  const orderAnswer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/orders'),
  );
  // The alarm watch's fleet read is refused for the subscription.
  const fleetRefused = page.waitForResponse((response) => response.url().includes('/api/command/devices/userdevices/'));
  await openSignedIn(page, 'nosub', '/');
  await expect(page).toHaveURL(/\/Payment\/List\?type=noSub$/);
  expect((await fleetRefused).status()).toBe(403);
  await expect(page.getByText(localeText('en', 'layout.noSubscription'))).toBeVisible();
  // The page says what is true, and which plan of the price list gives web access; not "panels could not be read".
  await expect(page.getByTestId('web-access-notice')).toContainText('The web console comes with the Premium plan.');
  await expect(page.getByTestId('alarm-feed-down')).toHaveCount(0);
  // The example order is Premium 12 months for user@example.com: this person chooses another plan option.
  await page.getByRole('link', { name: 'Buy Premium - 1 month' }).click();
  await expect(page).toHaveURL(/\/Payment\/2\/21\/subscription$/);
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await expect(page.getByText('TL 149.00').first()).toBeVisible();
  await fillPayForm(page);
  // No toast lies over the pay form, and the bar never said the panels could not be read.
  await expectUncovered(payButton(page));
  await expect(page.getByTestId('alarm-feed-down')).toHaveCount(0);

  const popupOpened = page.waitForEvent('popup');
  await payButton(page).click();
  const popup = await popupOpened;
  // The provider's own card form is asked for what was chosen, at the price list's price, for this buyer.
  await expect(popup.getByRole('heading', { name: /card payment/i })).toBeVisible();
  await expect(popup.getByText('149.00 TRY').first()).toBeVisible();
  await expect(popup.getByText('Premium - 1 Ay')).toBeVisible();
  await expect(popup.getByText('Zeynep Kaya')).toBeVisible();
  await expect(page.getByText(localeText('en', 'pay.popup.open'))).toBeVisible();
  await fillProviderCard(popup, APPROVED);
  await expect(popup.getByText('149.00 TRY')).toBeVisible();
  await expect(popup.getByText('•••• 1111')).toBeVisible();
  await expectNoCardInput(page);

  const tokenRefreshed = page.waitForResponse((response) => response.url().includes('/api/changed-jwt'));
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await popup.waitForEvent('close');
  expect((await tokenRefreshed).status()).toBe(200);
  await expect(page.getByText(localeText('en', 'pay.result.ok'))).toBeVisible();
  // The subscription shows at once, one month from today, and the panel list (refused without it) opens.
  // A calendar month on (a day the next month lacks is its last, as the mock counts).
  const now = new Date();
  const until = new Date(now);
  until.setUTCDate(1);
  until.setUTCMonth(until.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(until.getUTCFullYear(), until.getUTCMonth() + 1, 0)).getUTCDate();
  until.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  const day = [until.getDate(), until.getMonth() + 1].map((part) => String(part).padStart(2, '0')).join('.');
  await expect(
    page.getByText(localeText('en', 'layout.subscriptionUntil').replace('{{date}}', `${day}.${until.getFullYear()}`)),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/Panels$/);
  await expect(page.getByRole('heading', { name: localeText('en', 'panels.title') })).toBeVisible();
  await expect(page.getByText(localeText('en', 'layout.noSubscription'))).toHaveCount(0);

  // The order came signed by the server (with the mock's own key and salt), for what was chosen, and carried no secret.
  const order = ((await (await orderAnswer).json()) as { data: Record<string, unknown> }).data;
  expect(order).toMatchObject({ email: 'nosub@example.com', price: 149, currency: 'TRY', title: 'Premium - 1 Ay' });
  expect(order.token).toBe(expectedToken(order as Parameters<typeof expectedToken>[0]));
  expect(Object.keys(order.payment_settings as object).sort()).toEqual([
    'fail_url',
    'merchant_id',
    'ok_url',
    'pay_url',
  ]);

  type Callback = Record<string, string>;
  const record = async () =>
    (await (await request.get(`${MOCK_API}/__mock/payments`)).json()) as {
      payments: {
        merchant_no: string;
        price: string;
        email: string;
        result: string;
        last4: string;
        callback: string;
      }[];
      callbacks: Callback[];
      credits: { merchant_no: string; amount: string; currency: string }[];
    };
  // A new order, numbered after the example orders.
  expect(order.merchant_no).toBe('5005');
  const payments = await record();
  expect(payments.payments).toEqual([
    expect.objectContaining({
      merchant_no: '5005',
      price: '149.00',
      email: 'nosub@example.com',
      result: 'ok',
      last4: '1111',
      callback: 'OK',
    }),
  ]);
  // The provider told the mock API server to server; that callback, not the browser, credited the order.
  expect(payments.credits).toEqual([{ merchant_no: '5005', amount: '149.00', currency: 'TRY' }]);
  const callback = payments.callbacks[0]!;
  const replay = (fields: Callback) =>
    request.post(`${MOCK_API}/payments/provider-callback`, { form: fields, headers: { agent: 'browser' } });
  // A callback twice credits once; a changed amount or a forged hash is refused and credits nothing.
  const again = await replay(callback);
  expect(again.status()).toBe(200);
  expect(await again.text()).toBe('OK');
  expect((await replay({ ...callback, total_amount: '1.00' })).status()).toBe(400);
  const forged = createHmac('sha256', 'not-the-merchant-key')
    .update(`${callback.merchant_no}${MERCHANT_SALT}${callback.status}${callback.total_amount}`)
    .digest('base64');
  expect((await replay({ ...callback, hash: forged })).status()).toBe(400);
  expect((await record()).credits).toHaveLength(1);

  // No answer the browser saw, in the console or the popup, carries a merchant key or salt.
  const bodies = await answers.all();
  expect(bodies.some((entry) => entry.url.endsWith('/api/orders'))).toBe(true);
  expect(bodies.some((entry) => entry.url.includes('/provider/'))).toBe(true);
  for (const { url, body } of bodies) {
    expect(body, url).not.toContain('merchant_key');
    expect(body, url).not.toContain('merchant_salt');
    expect(body, url).not.toContain(MERCHANT_KEY);
    expect(body, url).not.toContain(MERCHANT_SALT);
  }
  // The order was created at our API; the card was typed on the provider's page only.
  const created = sent.find((entry) => entry.method() === 'POST' && entry.url().endsWith('/api/orders'));
  expect(created?.postDataJSON()).toEqual({ payment_plan_id: 2, payment_plan_price_id: 21 });
  expect(fromConsole.length).toBeGreaterThan(5);
  for (const entry of fromConsole) {
    const text = `${entry.url()} ${entry.postData() ?? ''}`;
    expect(text, entry.url()).not.toMatch(/4111|card_number|cvv|cc_owner|expiry/);
  }
  // The order form the console posted into the popup: the signed order and the buyer, the person's choice, no card.
  expect(orderForms).toHaveLength(1);
  const orderForm = Object.fromEntries(new URLSearchParams(orderForms[0]!.postData() ?? ''));
  expect(orderForm).toMatchObject({
    merchant_no: '5005',
    price: '149.00',
    currency: 'TRY',
    title: 'Premium - 1 Ay',
    email: 'nosub@example.com',
    buyer_name: 'Zeynep Kaya',
    buyer_phone: '+90 532 000 00 00',
    token: order.token,
  });
  for (const card of ['card_number', 'cvv', 'cc_owner', 'expiry_month', 'expiry_year'])
    expect(orderForm).not.toHaveProperty(card);
  // The subscription history has the period the payment bought.
  await page.goto('/Payment/Subscriptions');
  await expect(page.getByRole('grid', { name: 'Your subscriptions' }).getByRole('row').nth(1)).toContainText(
    'Card payment (order 5005)',
  );
});

test('on a phone the subscription warning leaves the Buy buttons free and names the plans the price list gives web access', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The plans come from the price list: a server that gives web access with Standard too is named as such.
  await page.route('**/api/payment-plans', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { data: { title: string; no_ads: boolean }[] };
    for (const plan of answer.data) if (plan.title === 'Standard') plan.no_ads = true;
    await route.fulfill({ response, json: answer });
  });
  // The alarm watch's fleet read is refused for the subscription.
  const fleetRefused = page.waitForResponse((response) => response.url().includes('/api/command/devices/userdevices/'));
  await openSignedIn(page, 'nosub', '/');
  await expect(page).toHaveURL(/\/Payment\/List\?type=noSub$/);
  expect((await fleetRefused).status()).toBe(403);
  const notice = page.getByTestId('web-access-notice');
  await expect(notice).toContainText(localeText('en', 'subscription.insufficient'));
  await expect(notice).toContainText('The web console comes with these plans: Standard and Premium.');
  await expect(page.getByTestId('alarm-feed-down')).toHaveCount(0);
  for (const title of ['Standard - 1 month', 'Standard - 12 months', 'Premium - 1 month', 'Premium - 12 months']) {
    await expectUncovered(page.getByRole('link', { name: `Buy ${title}` }));
  }
  await page.getByRole('link', { name: 'Buy Premium - 12 months' }).click();
  await expect(page).toHaveURL(/\/Payment\/2\/22\/subscription$/);
  await fillPayForm(page);
  await expectUncovered(page.getByRole('textbox', { name: 'Address' }));
  await expectUncovered(payButton(page));
  await expect(page.getByTestId('alarm-feed-down')).toHaveCount(0);
});

test('a declined card says the payment was not completed', async ({ page }) => {
  await openSignedIn(page, 'user', '/Payment/1/11/subscription');
  await fillPayForm(page);
  const popup = await payInPopup(page, DECLINED);
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await popup.waitForEvent('close');
  await expect(page.getByText(localeText('en', 'pay.result.fail'))).toBeVisible();
  await expect(page).toHaveURL(/\/Panels$/);
});

test('a blocked popup asks to allow popups and sends nothing', async ({ page }) => {
  const sent = apiRequests(page);
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openSignedIn(page, 'user', '/Payment/2/21/subscription');
  await fillPayForm(page);
  await payButton(page).click();
  await expect(page.getByText(localeText('en', 'errors.popupBlocked'))).toBeVisible();
  expect(sent.filter((entry) => entry.method() === 'POST')).toEqual([]);
  // Nothing typed is lost: allowing popups and paying again needs no retyping.
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('Moda Cad. 12/3 Kadıköy İstanbul');
});

test('an order without a server token cannot be paid: the page says so, posts nothing and keeps what was typed', async ({
  page,
}) => {
  const posted: string[] = [];
  page.context().on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/provider/'))
      posted.push(request.url());
  });
  // A server that answers the order unsigned (the old contract's way, leaving the signing to the browser).
  await page.route('**/api/orders', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { data: Record<string, unknown> };
    delete answer.data.token;
    await route.fulfill({ response, json: answer });
  });
  await openSignedIn(page, 'user', '/Payment/2/22/subscription');
  await fillPayForm(page);
  const popupOpened = page.waitForEvent('popup');
  await payButton(page).click();
  const popup = await popupOpened;
  await expect(page.getByText(localeText('en', 'pay.noToken'))).toBeVisible();
  await expect.poll(() => popup.isClosed()).toBe(true);
  expect(posted).toEqual([]);
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('Moda Cad. 12/3 Kadıköy İstanbul');
  await expect(page.getByLabel('Name and surname')).toHaveValue('Zeynep Kaya');
  await expect(payButton(page)).toBeEnabled();
});

test('the provider’s own card form checks the card and asks again; the console asks only for the buyer', async ({
  page,
}) => {
  await openSignedIn(page, 'user', '/Payment/2/22/subscription');
  await expectNoCardInput(page);
  // The buyer's fields are checked on the console's page before anything is sent.
  await expect(page.getByLabel('Phone')).not.toHaveValue('');
  await page.getByRole('textbox', { name: 'Address' }).fill('Kadıköy');
  await page.getByLabel('Phone').click();
  await expect(
    page.getByText(localeText('en', 'pay.validation.addressLength').replace('{{min}}', '10').replace('{{max}}', '400')),
  ).toBeVisible();
  await expect(payButton(page)).toBeDisabled();
  await fillPayForm(page);
  await expect(payButton(page)).toBeEnabled();
  const popupOpened = page.waitForEvent('popup');
  await payButton(page).click();
  const popup = await popupOpened;
  // A number failing the check digit, an expired card and a CVC of the wrong length: the provider asks again.
  await fillProviderCard(popup, '4111 1111 1111 1112', { expiry: '01/20', cvv: '1234', expect3ds: false });
  const refusals = popup.getByRole('alert');
  await expect(refusals).toContainText('The card number is not valid.');
  await expect(refusals).toContainText('The card has expired.');
  await expect(refusals).toContainText('The CVC must be 3 digits.');
  // Nothing typed is echoed back; an American Express card with its 4-digit CVC goes on to 3-D Secure.
  await expect(popup.getByLabel('Card number')).toHaveValue('');
  await fillProviderCard(popup, '3782 822463 10005', { cvv: '1234' });
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await popup.waitForEvent('close');
  await expect(page.getByText(localeText('en', 'pay.result.fail'))).toBeVisible();
});

test('a dealer buys coupon codes: the count first, then the card on the provider’s page, then the coupon list', async ({
  page,
}) => {
  await openSignedIn(page, 'dealer', '/Payment/List');
  await page.getByRole('link', { name: 'Buy Premium - 12 months as coupons' }).click();
  await expect(page).toHaveURL(/\/Payment\/2\/22\/coupon$/);
  await page.getByLabel('Number of codes').fill('5');
  // 5 × 1490 × 15 / 100 = 1117.50 discount, 6332.50 to pay.
  await expect(page.getByText('TL 1,117.50')).toBeVisible();
  await expect(page.getByText('TL 6,332.50')).toBeVisible();
  const prepared = page.waitForResponse((response) => response.url().endsWith('/api/coupons'));
  await page.getByRole('button', { name: 'Prepare the order' }).click();
  expect((await prepared).request().postDataJSON()).toEqual({
    payment_plan_id: 2,
    payment_plan_price_id: 22,
    Amount: 5,
  });
  await expect(page.getByText('Premium - 12 Ay x 5 kupon')).toBeVisible();
  await fillPayForm(page);
  const popup = await payInPopup(page, '5555 5555 5555 4444');
  await expect(popup.getByText('6332.50 TRY')).toBeVisible();
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await popup.waitForEvent('close');
  await expect(page).toHaveURL(/\/Payment\/Coupons$/);
  await expect(page.getByText(localeText('en', 'pay.result.ok'))).toBeVisible();
});

test('closing the popup without paying goes on like the spec says, and the pay page is accessible', async ({
  page,
}) => {
  await openSignedIn(page, 'user', '/Payment/2/22/subscription', 'tr');
  await expect(page.getByRole('heading', { name: localeText('tr', 'pay.summary.title') })).toBeVisible();
  await expect(page.getByText('1.266,50 TL').first()).toBeVisible();
  await expectAccessible(page);
  await fillPayForm(page, 'tr');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: /öde$/ }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: /card payment/i })).toBeVisible();
  await expectAccessible(page);
  await popup.close();
  await expect(page.getByText(localeText('tr', 'pay.result.closed'))).toBeVisible();
  await expect(page).toHaveURL(/\/Panels$/);
});

test('an unknown pay page or price says so, with the way back', async ({ page }) => {
  await openSignedIn(page, 'user', '/Payment/2/22/gift');
  await expect(page.getByText(localeText('en', 'pay.unknownPage'))).toBeVisible();
  await page.goto('/Payment/2/99/subscription');
  await expect(page.getByText(localeText('en', 'pay.unknownPrice'))).toBeVisible();
  await page
    .getByRole('link', { name: localeText('en', 'pay.backToPrices') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/Payment\/List$/);
});

import { expect, test, type Page, type Request } from '@playwright/test';
import { expectAccessible, localeText, MOCK_API, openSignedIn } from './support.ts';

// Buying through the fake card payment provider of the mock stack (mocks/payment-provider.ts): the price list, the pay
// page, the provider's popup with its 3-D Secure step, and what the console does when the popup closes.

const APPROVED = '4111 1111 1111 1111';
const DECLINED = '4000 0000 0000 0002';

test.beforeEach(async ({ request }) => {
  expect((await request.post(`${MOCK_API}/__mock/orders/reset`)).status()).toBe(200);
});

/** Every request the console sends to its API, to check that no card data is among them. */
function apiRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) seen.push(request);
  });
  return seen;
}

async function fillPayForm(page: Page, card: string, language: 'en' | 'tr' = 'en') {
  const text = (key: string) => localeText(language, `pay.${key}`);
  await page.getByLabel(text('buyer.name')).fill('Zeynep Kaya');
  await page.getByLabel(text('buyer.phone')).fill('+90 532 000 00 00');
  await page.getByRole('textbox', { name: text('buyer.address') }).fill('Moda Cad. 12/3 Kadıköy İstanbul');
  await page.getByLabel(text('card.holder')).fill('ZEYNEP KAYA');
  await page.getByLabel(text('card.number')).fill(card);
  await page.getByLabel(text('card.expiry')).fill('12/29');
  await page.getByLabel(text('card.cvv')).fill('123');
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay / });

test('a user buys a subscription from the price list through the provider’s popup', async ({ page, request }) => {
  const sent = apiRequests(page);
  await openSignedIn(page, 'user', '/Payment/List');
  await page.getByRole('link', { name: 'Buy Premium - 12 Ay' }).click();
  await expect(page).toHaveURL(/\/Payment\/2\/22\/subscription$/);
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  // 1490 TL less 15 percent.
  await expect(page.getByText('TL 1,266.50').first()).toBeVisible();
  await fillPayForm(page, APPROVED);
  await expect(page.getByTestId('card-brand')).toHaveText('Visa');

  const popupOpened = page.waitForEvent('popup');
  await payButton(page).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: /3-D Secure/ })).toBeVisible();
  await expect(popup.getByText('1266.50 TRY')).toBeVisible();
  await expect(page.getByText(localeText('en', 'pay.popup.open'))).toBeVisible();
  // The card data left the page with the form.
  await expect(page.getByLabel('Card number')).toHaveValue('');

  const tokenRefreshed = page.waitForResponse((response) => response.url().includes('/api/changed-jwt'));
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await popup.waitForEvent('close');
  expect((await tokenRefreshed).status()).toBe(200);
  await expect(page.getByText(localeText('en', 'pay.result.ok'))).toBeVisible();
  // Home: a user (not an administrator) lands on the panel list.
  await expect(page).toHaveURL(/\/Panels$/);

  const payments = (await (await request.get(`${MOCK_API}/__mock/payments`)).json()) as {
    payments: { merchant_no: string; price: string; result: string; last4: string }[];
  };
  expect(payments.payments).toEqual([
    expect.objectContaining({ merchant_no: '5001', price: '1266.50', result: 'ok', last4: '1111' }),
  ]);
  // The order was created at our API; the card went only to the provider.
  const order = sent.find((entry) => entry.method() === 'POST' && entry.url().endsWith('/api/orders'));
  expect(order?.postDataJSON()).toEqual({ payment_plan_id: 2, payment_plan_price_id: 22 });
  for (const entry of sent) {
    const body = entry.postData() ?? '';
    expect(body).not.toContain('4111');
    expect(entry.url()).not.toContain('4111');
  }
});

test('a declined card says the payment was not completed', async ({ page }) => {
  await openSignedIn(page, 'user', '/Payment/1/11/subscription');
  await fillPayForm(page, DECLINED);
  const popupOpened = page.waitForEvent('popup');
  await payButton(page).click();
  const popup = await popupOpened;
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
  await fillPayForm(page, APPROVED);
  await payButton(page).click();
  await expect(page.getByText(localeText('en', 'errors.popupBlocked'))).toBeVisible();
  expect(sent.filter((entry) => entry.method() === 'POST')).toEqual([]);
  // Nothing typed is lost: allowing popups and paying again needs no retyping.
  await expect(page.getByLabel('Card number')).toHaveValue(APPROVED);
});

test('the pay form checks the card before anything is sent', async ({ page }) => {
  await openSignedIn(page, 'user', '/Payment/2/22/subscription');
  await fillPayForm(page, '4111 1111 1111 1112');
  await page.getByLabel('Expiry').fill('01/20');
  await page.getByLabel('CVC').fill('12');
  await page.getByLabel('Name on card').click();
  await expect(page.getByText(localeText('en', 'pay.validation.numberInvalid'))).toBeVisible();
  await expect(page.getByText(localeText('en', 'pay.validation.expired'))).toBeVisible();
  await expect(page.getByText(localeText('en', 'pay.validation.cvvInvalid'))).toBeVisible();
  await expect(payButton(page)).toBeDisabled();
  await page.getByLabel('Card number').fill('3782 822463 10005');
  await expect(page.getByTestId('card-brand')).toHaveText('American Express');
  await page.getByLabel('Expiry').fill('12/29');
  await page.getByLabel('CVC').fill('1234');
  await expect(payButton(page)).toBeEnabled();
});

test('a dealer buys coupon codes: the count first, then the card, then the coupon list', async ({ page }) => {
  await openSignedIn(page, 'dealer', '/Payment/List');
  await page.getByRole('link', { name: 'Buy Premium - 12 Ay as coupon codes' }).click();
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
  await fillPayForm(page, '5555 5555 5555 4444');
  const popupOpened = page.waitForEvent('popup');
  await payButton(page).click();
  const popup = await popupOpened;
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
  await fillPayForm(page, APPROVED, 'tr');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: /öde$/ }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: /3-D Secure/ })).toBeVisible();
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

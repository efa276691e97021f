/**
 * The coupon requests page (/Payment/Coupons) in a real browser against the mock stack, whose front answers
 * `GET /coupons` with the requests within the caller's reach (administrator: requests 302 and 301; dealer: its own
 * 301; user: none) and `GET /coupons/{id}/codes` by id, to the request's buyer or an administrator (301: five codes,
 * one used; 302: two unused; any other: 404, as an id it does not know): the table with its
 * dates and prices, a request's codes (used and unused, the user and time of a used one), copying a code, exporting
 * every code to Excel, the create-coupons modal (the price reset when the type changes, the discount shown live, an
 * administrator's creation without payment and the list read again, a dealer going on to the pay page), a plain
 * user's view, a request awaiting payment, Turkish, 390 px, dark, and axe.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, localeText, openSignedIn } from './support.ts';

// Dates show in the browser's time zone: Istanbul is UTC+3 all year.
test.use({ timezoneId: 'Europe/Istanbul', permissions: ['clipboard-read', 'clipboard-write'] });

type Language = 'en' | 'tr';

const isCouponList = (url: string) => /\/api\/coupons(\?|$)/.test(url);
const isCodes = (id: number) => (url: string) => new RegExp(`/api/coupons/${id}/codes(\\?|$)`).test(url);

const grid = (page: Page, language: Language = 'en') =>
  page.getByRole('grid', { name: localeText(language, 'coupons.table'), exact: true });
const row = (page: Page, text: string, language: Language = 'en') =>
  grid(page, language).getByRole('row').filter({ hasText: text });
const codesDialog = (page: Page, title: string, language: Language = 'en') =>
  page.getByRole('dialog', { name: localeText(language, 'coupons.codes.title').replace('{{title}}', title) });
const codesGrid = (page: Page, language: Language = 'en') =>
  page.getByRole('grid', { name: localeText(language, 'coupons.codes.table'), exact: true });
/** The page's own link to the subscription history (spec 2: "Coupon requests (and subscription history link)"). */
const historyLink = (page: Page) => page.getByRole('main').getByRole('link', { name: 'Subscription history' });
const createDialog = (page: Page, language: Language = 'en') =>
  page.getByRole('dialog', { name: localeText(language, 'coupons.create.title') });

/** Opens the page signed in and waits for the list's first answer. */
async function openCoupons(page: Page, username = 'admin', language: Language = 'en') {
  const first = page.waitForResponse((response) => isCouponList(response.url()));
  await openSignedIn(page, username, '/Payment/Coupons', language);
  await first;
  await expect(page.getByRole('heading', { level: 1, name: localeText(language, 'coupons.title') })).toBeVisible();
}

test.describe('the coupon requests', () => {
  test('lists the requests with their dates, prices and states', async ({ page }) => {
    await openCoupons(page);
    await expect(grid(page).getByRole('columnheader')).toHaveText([
      'Date',
      'Subscription type',
      'Requested by',
      'Months',
      'Total price',
      'Quantity',
      'State',
      'Actions',
    ]);
    await expect(grid(page).getByRole('row')).toHaveCount(3);
    await expect(row(page, 'Premium - 12 Ay').getByRole('gridcell')).toHaveText([
      '02 March 2026',
      'Premium - 12 Ay',
      'dealer@example.com',
      '12',
      'TL\u00a06,332.50',
      '5',
      'Created',
      '',
    ]);
    await expect(row(page, 'Standart - 12 Ay')).toContainText('21 November 2026');
    await expect(row(page, 'Standart - 12 Ay')).toContainText('TL\u00a00.00');
    await expect(historyLink(page)).toHaveAttribute('href', '/Payment/Subscriptions');
    await expect(page.getByRole('button', { name: 'Create coupons' })).toBeVisible();
    await expectAccessible(page);
  });

  test("opens a request's codes: used and unused, who used one and when; copies a code", async ({ page }) => {
    await openCoupons(page);
    const codes = page.waitForResponse((response) => isCodes(301)(response.url()));
    await row(page, 'Premium - 12 Ay').getByRole('gridcell').nth(1).dblclick();
    await codes;
    const dialog = codesDialog(page, 'Premium - 12 Ay');
    await expect(dialog).toContainText('Requested by dealer@example.com on 02 March 2026: 5 codes of 12 months.');
    await expect(codesGrid(page).getByRole('columnheader')).toHaveText([
      'Code',
      'Active',
      'Used by',
      'User e-mail',
      'Used at',
      'Copy',
    ]);
    await expect(codesGrid(page).getByRole('row')).toHaveCount(6);
    await expect(
      codesGrid(page).getByRole('row').filter({ hasText: 'PRM-7Q2K-91XA' }).getByRole('gridcell'),
    ).toHaveText(['PRM-7Q2K-91XA', 'No', 'Emre Aydın', 'olduser@example.com', '31 March 2026 13:15:30', '']);
    await expect(
      codesGrid(page).getByRole('row').filter({ hasText: 'PRM-3JD8-44LM' }).getByRole('gridcell'),
    ).toHaveText(['PRM-3JD8-44LM', 'Yes', '', '', '', '']);
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Copy the code PRM-3JD8-44LM' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'PRM-3JD8-44LM' })).toHaveText(
      'The code PRM-3JD8-44LM was copied.',
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('PRM-3JD8-44LM');

    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();
  });

  test('says so when the clipboard refuses a code', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
      });
    });
    await openCoupons(page);
    await row(page, 'Premium - 12 Ay').getByRole('gridcell').nth(1).dblclick();
    const dialog = codesDialog(page, 'Premium - 12 Ay');
    await dialog.getByRole('button', { name: 'Copy the code PRM-Z0P1-7TTC' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'PRM-Z0P1-7TTC' })).toContainText(
      'The code PRM-Z0P1-7TTC could not be copied.',
    );
  });

  test('exports every code of a request to Excel', async ({ page }) => {
    await openCoupons(page);
    await row(page, 'Premium - 12 Ay').getByRole('gridcell').nth(1).dblclick();
    const dialog = codesDialog(page, 'Premium - 12 Ay');
    await expect(codesGrid(page).getByRole('row')).toHaveCount(6);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export to Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^coupon-codes-\d{4}-\d{2}-\d{2}-\d{4}\.xlsx$/);
    await expect(page.getByRole('dialog', { name: 'Export to Excel' })).toContainText('The file is ready: 5 rows.');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Code', 'Active', 'Used by', 'User e-mail', 'Used at']);
    expect(sheet.rowCount).toBe(6);
    expect(values(2).slice(0, 4)).toEqual(['PRM-7Q2K-91XA', 'No', 'Emre Aydın', 'olduser@example.com']);
    expect(values(2)[4]).toBeInstanceOf(Date);
    expect(values(3).slice(0, 2)).toEqual(['PRM-3JD8-44LM', 'Yes']);
  });

  test('opens the codes from the row actions and with Enter', async ({ page }) => {
    await openCoupons(page);
    await page
      .getByRole('button', { name: 'Actions for the request of 21 November 2026 (Standart - 12 Ay)', exact: true })
      .click();
    await page.getByRole('menuitem', { name: 'Show codes' }).click();
    const dialog = codesDialog(page, 'Standart - 12 Ay');
    await expect(codesGrid(page).getByRole('row')).toHaveCount(3);
    await expect(dialog).toContainText('STD-4M8P-20KD');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await row(page, 'Premium - 12 Ay').getByRole('gridcell').nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(codesDialog(page, 'Premium - 12 Ay')).toContainText('PRM-7Q2K-91XA');
  });

  test('says that a request awaiting payment has no codes yet', async ({ page }) => {
    await page.route(
      (url) => isCouponList(url.href),
      async (route) => {
        const response = await route.fetch();
        const answer = (await response.json()) as { data: Record<string, unknown>[] };
        const waiting = { ...answer.data[0]!, id: 303, payment_title: 'Premium - 1 Ay', state: 0 };
        await route.fulfill({ response, json: { ...answer, data: [waiting, ...answer.data] } });
      },
    );
    // The request is made up here, so its codes are too: none yet (the contract's `awaiting-payment` answer).
    await page.route(
      (url) => isCodes(303)(url.href),
      (route) => route.fulfill({ status: 200, json: { data: [] } }),
    );
    await openCoupons(page);
    await expect(row(page, 'Premium - 1 Ay')).toContainText('Awaiting payment');
    const codes = page.waitForResponse((response) => isCodes(303)(response.url()));
    await row(page, 'Premium - 1 Ay').getByRole('gridcell').nth(1).dblclick();
    await codes;
    const dialog = codesDialog(page, 'Premium - 1 Ay');
    await expect(dialog.getByText(localeText('en', 'coupons.codes.awaiting')).first()).toBeVisible();
    await expect(codesGrid(page).getByRole('row')).toHaveCount(1);
    await expectAccessible(page);
  });
});

test.describe('creating coupons', () => {
  test('resets the price when the type changes and shows the discount as it is typed', async ({ page }) => {
    await openCoupons(page);
    await page.getByRole('button', { name: 'Create coupons' }).click();
    const dialog = createDialog(page);
    const type = dialog.getByRole('combobox', { name: 'Subscription type' });
    const price = dialog.getByRole('combobox', { name: 'Duration and price' });
    const submit = dialog.getByRole('button', { name: 'Create without payment' });
    await expect(type).toBeFocused();
    await expect(price).toHaveCount(0);
    await expect(submit).toBeDisabled();

    await type.selectOption({ label: 'Standard' });
    await expect(price).toBeVisible();
    await price.selectOption({ label: '12 months — TL\u00a0990.00 (10% off)' });
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await expect(dialog.getByTestId('coupon-subtotal')).toHaveText('TL\u00a01,980.00');
    await expect(dialog.getByTestId('coupon-discount')).toHaveText('TL\u00a0198.00');
    await expect(dialog.getByTestId('coupon-total')).toHaveText('TL\u00a01,782.00');
    await expect(submit).toBeEnabled();

    // Another type: the price option is chosen again.
    await type.selectOption({ label: 'Premium' });
    await expect(price).toHaveValue('');
    await expect(dialog.getByTestId('coupon-discount')).toHaveText('—');
    await expect(submit).toBeDisabled();
    await price.selectOption({ label: '12 months — TL\u00a01,490.00 (15% off)' });
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('5');
    // 5 × 1490 × 15 / 100
    await expect(dialog.getByTestId('coupon-discount')).toHaveText('TL\u00a01,117.50');
    await expect(dialog.getByTestId('coupon-total')).toHaveText('TL\u00a06,332.50');

    // The count is a whole number of at least 1.
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('0');
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).blur();
    await expect(dialog).toContainText('The quantity must be at least 1.');
    await expect(submit).toBeDisabled();
    await expect(dialog.getByTestId('coupon-discount')).toHaveText('—');
    await expectAccessible(page);
  });

  test('an administrator creates coupons without payment, and the list is read again', async ({ page }) => {
    await openCoupons(page);
    await page.getByRole('button', { name: 'Create coupons' }).click();
    const dialog = createDialog(page);
    await dialog.getByRole('combobox', { name: 'Subscription type' }).selectOption({ label: 'Standard' });
    await dialog
      .getByRole('combobox', { name: 'Duration and price' })
      .selectOption({ label: '12 months — TL\u00a0990.00 (10% off)' });
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('2');

    const created = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/coupons/create-for-administrator'),
    );
    const reread = page.waitForResponse(
      (response) => isCouponList(response.url()) && response.request().method() === 'GET',
    );
    await dialog.getByRole('button', { name: 'Create without payment' }).click();
    expect((await created).postDataJSON()).toEqual({ payment_plan_id: 1, payment_plan_price_id: 12, Amount: 2 });
    expect((await reread).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'Your coupons were created successfully' })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('a dealer goes on to the pay page with the plan, price and count', async ({ page }) => {
    await openCoupons(page, 'dealer');
    await expect(grid(page).getByRole('row')).toHaveCount(2);
    await expect(historyLink(page)).toBeVisible();
    await page.getByRole('button', { name: 'Create coupons' }).click();
    const dialog = createDialog(page);
    await expect(dialog.getByRole('button', { name: 'Create without payment' })).toHaveCount(0);
    await dialog.getByRole('combobox', { name: 'Subscription type' }).selectOption({ label: 'Premium' });
    await dialog
      .getByRole('combobox', { name: 'Duration and price' })
      .selectOption({ label: '12 months — TL\u00a01,490.00 (15% off)' });
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('5');
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).press('Enter');
    await expect(page).toHaveURL('/Payment/2/22/coupon?amount=5');
  });

  test('a plain user cannot create coupons and is told where codes are redeemed', async ({ page }) => {
    await openCoupons(page, 'user');
    await expect(page.getByRole('button', { name: 'Create coupons' })).toHaveCount(0);
    // The link to their own subscription history is for everyone.
    await expect(historyLink(page)).toHaveAttribute('href', '/Payment/Subscriptions');
    await expect(page.getByText(/redeemed from the account menu's “Redeem coupon” item/)).toBeVisible();
    await expect(page.getByText('There are no coupon requests yet.').first()).toBeVisible();
    await expectAccessible(page);
  });
});

test('is in Turkish, fits 390 px, and reads in the dark theme', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await openCoupons(page, 'admin', 'tr');
  await expect(grid(page, 'tr').getByRole('columnheader').first()).toHaveText('Tarih');
  await expect(row(page, 'Premium - 12 Ay', 'tr')).toContainText('02 Mart 2026');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  await row(page, 'Premium - 12 Ay', 'tr').getByRole('gridcell').nth(1).dblclick();
  const dialog = codesDialog(page, 'Premium - 12 Ay', 'tr');
  await expect(dialog).toContainText('31 Mart 2026 13:15:30');
  await expect(dialog.getByRole('button', { name: 'Kapat', exact: true }).last()).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Kupon oluştur' }).click();
  const create = createDialog(page, 'tr');
  await create.getByRole('combobox', { name: 'Abonelik tipi' }).selectOption({ label: 'Premium' });
  await create
    .getByRole('combobox', { name: 'Süre ve fiyat' })
    .selectOption({ label: '12 Ay — 1.490,00\u00a0TL (%15 indirim)' });
  await create.getByRole('spinbutton', { name: 'Adet' }).fill('5');
  await expect(create.getByTestId('coupon-discount')).toHaveText('1.117,50\u00a0TL');
  await expect(create.getByRole('button', { name: 'Ödemesiz oluştur' })).toBeVisible();
  await expect(create.getByRole('button', { name: 'Ödemeye geç' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});

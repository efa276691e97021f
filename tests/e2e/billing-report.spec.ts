/**
 * The billing report (/Payment/Report) in Chromium against the mock stack: the administrator picks a range and gets
 * the contract's three-month report (cards with their totals in TL, three drawn charts with the bar colours of the
 * spec's price bands, text alternatives), chooses a month and reads its orders in the table; a range without
 * orders shows the empty state, an end before the begin the report failure toast; the Excel export; a dealer and a
 * user are turned away; axe in both languages, dark on a 390-pixel phone.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { paths } from '../../src/lib/routing/paths.ts';
import { BAND_COLORS, priceBand } from '../../src/features/payments/report/report-data.ts';
import { expectAccessible, localeText, openSignedIn } from './support.ts';

type Language = 'tr' | 'en';
const text = (language: Language, key: string) => localeText(language, `billingReport.${key}`);
const toasts = (page: Page) => page.locator('[data-toasts]');

/** Turkish and English TL amounts as the console writes them (a non-breaking space beside TL). */
const lira = (value: number, language: Language) => {
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  return language === 'tr' ? `${number}\u00a0TL` : `TL\u00a0${number}`;
};

/** The months of the contract's three-month example, as the cards must show them (chronological). */
const MONTHS = [
  { id: 202601, tr: 'Ocak 2026', en: 'January 2026', total: 1266.5, orders: 1 },
  { id: 202610, tr: 'Ekim 2026', en: 'October 2026', total: 99, orders: 1 },
  { id: 202611, tr: 'Kasım 2026', en: 'November 2026', total: 1266.5, orders: 2 },
];
const VARIANTS = ['primary', 'info', 'success'];

const reportUrl = (begin: string, end: string, month?: number) =>
  `${paths.paymentReport}?begin=${begin}&end=${end}${month ? `&month=${month}` : ''}`;

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

/** Types a day into a date picker's field (its sections take digits in the language's order). */
async function typeDay(page: Page, label: string, digits: string): Promise<void> {
  const field = page.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

async function chartsDrawn(page: Page): Promise<void> {
  for (const kind of ['line', 'bar', 'doughnut']) {
    await expect(page.getByTestId(`report-chart-${kind}-graphic`).locator('svg').first()).toBeVisible();
  }
}

async function expectCards(page: Page, language: Language): Promise<void> {
  const list = page.getByRole('list', { name: text(language, 'months') });
  await expect(list.getByRole('listitem')).toHaveCount(MONTHS.length);
  for (const [index, month] of MONTHS.entries()) {
    const card = page.getByTestId(`report-month-${month.id}`);
    await expect(card.getByTestId('month-name')).toHaveText(month[language]);
    await expect(card.getByTestId('month-total')).toHaveText(lira(month.total, language));
    await expect(card).toHaveAttribute('data-variant', VARIANTS[index]!);
  }
}

const gridRows = (table: Locator) => table.locator('.MuiDataGrid-row');

test('the administrator gets the report for a range: cards, charts in their bands, a month’s orders', async ({
  page,
}) => {
  // Wide enough for the table's ten columns side by side (the grid draws only the columns in view).
  await page.setViewportSize({ width: 1600, height: 900 });
  await openSignedIn(page, 'admin', paths.paymentReport, 'tr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('tr', 'title'));
  const breadcrumb = page.getByRole('navigation', { name: text('tr', 'breadcrumb') });
  await expect(breadcrumb.getByRole('link', { name: localeText('tr', 'menu.billing') })).toHaveAttribute(
    'href',
    paths.billing,
  );
  // The note about the 500-order limit is always there.
  await expect(page.getByTestId('report-limit')).toHaveText(text('tr', 'limitNote').replaceAll('{{limit}}', '500'));

  await typeDay(page, text('tr', 'begin'), '01012026');
  await typeDay(page, text('tr', 'end'), '30112026');
  const asked = page.waitForRequest(
    (request) => request.url().includes('/api/reports/order') && request.url().includes('end_date=2026-11-30'),
  );
  await page.getByRole('button', { name: text('tr', 'submit') }).click();
  const query = new URL((await asked).url()).searchParams;
  expect(Object.fromEntries(query)).toEqual({
    begin_date: '2026-01-01',
    end_date: '2026-11-30',
    limit: '500',
    offset: '0',
  });
  await expect(page).toHaveURL((url) => url.search === '?begin=2026-01-01&end=2026-11-30');

  await expectCards(page, 'tr');
  await chartsDrawn(page);
  // Three charts; the bars in the colour of their month's price band (99 red, 1266,50 blue), the doughnut a slice
  // per month.
  await expect(page.getByRole('figure')).toHaveCount(3);
  const bars = page.getByTestId('report-chart-bar-graphic').locator('.MuiBarChart-element');
  await expect(bars).toHaveCount(MONTHS.length);
  for (const [index, month] of MONTHS.entries()) {
    await expect(bars.nth(index)).toHaveCSS('fill', rgb(BAND_COLORS[priceBand(month.total)]));
  }
  expect(MONTHS.map((month) => priceBand(month.total))).toEqual(['blue', 'red', 'blue']);
  await expect(page.getByTestId('report-chart-doughnut-graphic').locator('.MuiPieChart-arc')).toHaveCount(3);
  // The drawings are hidden from assistive technology; each chart has a table of its values instead.
  for (const kind of ['line', 'bar', 'doughnut']) {
    await expect(page.getByTestId(`report-chart-${kind}-graphic`)).toHaveAttribute('aria-hidden', 'true');
  }
  const barValues = page.getByRole('table', { name: text('tr', 'charts.bar') });
  await expect(barValues.getByRole('rowheader')).toHaveText(MONTHS.map((month) => month.tr));
  await expect(barValues.getByRole('cell')).toHaveText([
    lira(1266.5, 'tr'),
    '1.000,00\u00a0TL üzeri',
    lira(99, 'tr'),
    '500,00\u00a0TL ve altı',
    lira(1266.5, 'tr'),
    '1.000,00\u00a0TL üzeri',
  ]);
  await expect(page.getByTestId('report-choose-month')).toBeVisible();
  await expectAccessible(page);

  // November: its two orders in the table, the month in the URL.
  await page.getByRole('link', { name: `${text('tr', 'viewOrders')}: Kasım 2026` }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('month') === '202611');
  const orders = page.getByTestId('report-orders');
  await expect(orders.getByRole('heading', { level: 2 })).toHaveText('Kasım 2026 siparişleri');
  const headers = [
    'createdAt',
    'duration',
    'amount',
    'subscriptionType',
    'price',
    'buyer',
    'dealerCode',
    'subscriptionEnd',
    'orderStatus',
    'invoiceStatus',
  ].map((key) => text('tr', `orders.${key}`));
  await expect(orders.getByRole('columnheader')).toHaveText(headers);
  await expect(gridRows(orders)).toHaveCount(2);
  const cells = (index: number) => gridRows(orders).nth(index).getByRole('gridcell');
  await expect(cells(0)).toHaveText([
    '20 Kasım 2026',
    '12',
    '1',
    'Premium',
    lira(1490, 'tr'),
    'Mehmet Demirdealer@example.com',
    'IST034',
    '20 Kasım 2027',
    text('tr', 'orders.purchased'),
    text('tr', 'orders.notBilled'),
  ]);
  await expect(cells(1)).toHaveText([
    '05 Kasım 2026',
    '1',
    '1',
    'Premium',
    lira(149, 'tr'),
    'Emre Aydınolduser@example.com',
    'IST034',
    '',
    text('tr', 'orders.notCompleted'),
    text('tr', 'orders.notBilled'),
  ]);
  await expectAccessible(page);

  // Another month replaces the table's rows.
  await page.getByRole('link', { name: `${text('tr', 'viewOrders')}: Ocak 2026` }).click();
  await expect(orders.getByRole('heading', { level: 2 })).toHaveText('Ocak 2026 siparişleri');
  await expect(gridRows(orders)).toHaveCount(1);
  await expect(cells(0).first()).toHaveText('15 Ocak 2026');
  await expect(cells(0).nth(9)).toHaveText(text('tr', 'orders.billed'));
});

test('a shared link opens the report and its month, in English, and exports it to Excel', async ({ page }) => {
  await openSignedIn(page, 'admin', reportUrl('2026-01-01', '2026-11-30', 202610), 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'title'));
  // The pickers show the URL's range.
  await expect(page.getByRole('group', { name: text('en', 'begin') })).toContainText('01/01/2026');
  await expect(page.getByRole('group', { name: text('en', 'end') })).toContainText('11/30/2026');
  await expectCards(page, 'en');
  const orders = page.getByTestId('report-orders');
  await expect(orders.getByRole('heading', { level: 2 })).toHaveText('Orders of October 2026');
  await expect(gridRows(orders)).toHaveCount(1);
  await expect(gridRows(orders).first().getByRole('gridcell').first()).toHaveText('02 October 2026');
  await expect(page.getByRole('link', { name: `${text('en', 'viewOrders')}: October 2026` })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('link', { name: `${text('en', 'viewOrders')}: November 2026` })).not.toHaveAttribute(
    'aria-current',
    /./,
  );
  await chartsDrawn(page);
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: text('en', 'export') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('billing-report-2026-01-01-2026-11-30.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Months', 'Orders']);
  const months = workbook.worksheets[0]!;
  expect([2, 3, 4].map((row) => months.getRow(row).values)).toEqual(
    MONTHS.map((month) => [undefined, month.en, month.orders, month.total]),
  );
  const rows = workbook.worksheets[1]!;
  expect(rows.rowCount).toBe(1 + 4);
  expect([2, 3, 4, 5].map((row) => rows.getCell(`B${row}`).value)).toEqual([5001, 5002, 5004, 5003]);
});

test('keyboard: a month is chosen with Enter and its table comes into view', async ({ page }) => {
  await openSignedIn(page, 'admin', reportUrl('2026-01-01', '2026-11-30'), 'en');
  const link = page.getByRole('link', { name: `${text('en', 'viewOrders')}: November 2026` });
  await link.focus();
  await page.keyboard.press('Enter');
  const heading = page.getByTestId('report-orders').getByRole('heading', { level: 2 });
  await expect(heading).toHaveText('Orders of November 2026');
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
});

test('a range without orders says so', async ({ page }) => {
  await openSignedIn(page, 'admin', reportUrl('2025-01-01', '2025-06-30'), 'tr');
  await expect(page.getByText(text('tr', 'empty'))).toBeVisible();
  await expect(page.getByRole('list', { name: text('tr', 'months') })).toHaveCount(0);
  await expect(page.getByRole('figure')).toHaveCount(0);
  await expect(page.getByRole('button', { name: text('tr', 'export') })).toBeDisabled();
  await expect(toasts(page).getByRole('alert')).toHaveCount(0);
  await expectAccessible(page);
});

test('an end before the begin shows the report failure toast, once', async ({ page }) => {
  await openSignedIn(page, 'admin', paths.paymentReport, 'tr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('tr', 'title'));
  await typeDay(page, text('tr', 'begin'), '30112026');
  await typeDay(page, text('tr', 'end'), '01012026');
  const answered = page.waitForResponse((response) => response.url().includes('end_date=2026-01-01'));
  await page.getByRole('button', { name: text('tr', 'submit') }).click();
  expect((await answered).status()).toBe(400);
  const toast = toasts(page).getByRole('alert');
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText(localeText('tr', 'errors.reportFailed'));
  await expect(toast).not.toContainText('×');
  await expect(page.getByText(text('tr', 'loadError'))).toBeVisible();
  await expect(page.getByRole('list', { name: text('tr', 'months') })).toHaveCount(0);
  // A good range again: the report shows, and no other toast comes (the failure's stays until closed).
  await typeDay(page, text('tr', 'begin'), '01012026');
  await typeDay(page, text('tr', 'end'), '30112026');
  await page.getByRole('button', { name: text('tr', 'submit') }).click();
  await expectCards(page, 'tr');
  await expect(toast).toHaveCount(1);
  await expect(toast).not.toContainText('×');
});

test('dark theme on a 390-pixel phone: no sideways scrolling, readable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await openSignedIn(page, 'admin', reportUrl('2026-01-01', '2026-11-30', 202611), 'en');
  await expectCards(page, 'en');
  await chartsDrawn(page);
  await expect(gridRows(page.getByTestId('report-orders'))).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});

for (const user of ['dealer', 'user']) {
  test(`a ${user} is sent to the forbidden page, without asking for the report`, async ({ page }) => {
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/reports/order')) reports.push(request.url());
    });
    await openSignedIn(page, user, reportUrl('2026-01-01', '2026-11-30'), 'tr');
    await expect(page).toHaveURL((url) => url.pathname === paths.forbidden);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(reports).toEqual([]);
  });
}

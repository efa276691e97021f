/**
 * The administrator's home dashboard (/) in Chromium against the mock stack: every summary card with its value from
 * the contract's example, the four charts with their labelled values (the text alternative), the dealer-code and
 * panel-model tables with the dealer counts, the 'Yeni Sipariş Var' modal for the waiting-orders example and its
 * button to billing, the charts' own chunk, the dark theme and a 390-pixel phone, and axe on each.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import type { GeneralReport } from '../../generated/api/types.gen.ts';
import { paths } from '../../src/lib/routing/paths.ts';
import { expectAccessible, localeText, openSignedIn } from './support.ts';

type Example = 'default' | 'no-waiting-orders';

/** The contract's examples of GET /reports/general: what the mock answers, so what the page must show. */
const example = (name: Example): GeneralReport => {
  const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
    paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }>;
  };
  const json = contract.paths['/reports/general']!.get.responses['200']!.content['application/json'] as {
    examples: Record<string, { value: { data: GeneralReport } }>;
  };
  return json.examples[name]!.value.data;
};
const WAITING = example('default');
const NONE_WAITING = example('no-waiting-orders');

const tr = (key: string) => localeText('tr', key);
const en = (key: string) => localeText('en', key);
/** Turkish number and TL formats as the spec's texts write them (`1.266,50 TL`, a non-breaking space before TL). */
const count = (value: number) => new Intl.NumberFormat('tr').format(value);
const lira = (value: number) =>
  `${new Intl.NumberFormat('tr', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}\u00a0TL`;

/** Makes the mock answer the summary with the named example of the contract. */
async function answerWith(page: Page, name: Example): Promise<void> {
  await page.route('**/api/reports/general', (route: Route) =>
    route.continue({ headers: { ...route.request().headers(), prefer: `example=${name}` } }),
  );
}

async function openDashboard(page: Page, name: Example, language: 'tr' | 'en' = 'tr'): Promise<void> {
  await answerWith(page, name);
  await openSignedIn(page, 'admin', paths.home, language);
  // While the modal is open the page behind it is hidden from assistive technology, so the title is too.
  await expect(page.getByRole('heading', { level: 1, includeHidden: true })).toHaveText(
    localeText(language, 'home.title'),
  );
}

/** Waits until every chart is drawn (its chunk loaded). */
async function chartsDrawn(page: Page): Promise<void> {
  for (const id of ['active-users', 'orders', 'panels', 'users']) {
    await expect(page.getByTestId(`chart-${id}-graphic`).locator('svg').first()).toBeVisible();
  }
}

test('every summary card shows its Turkish label and the value of the contract example', async ({ page }) => {
  await openDashboard(page, 'no-waiting-orders');
  const report = NONE_WAITING;
  const cards: [string, string, string][] = [
    ['connected', 'home.connected', count(report.connected_device_count_last_1_hour)],
    ['disconnected', 'home.disconnected', count(report.disconnected_device_count)],
    // Regular-login users: all users minus those who did not sign in for 7 days (5 - 1).
    ['regular-users', 'home.regularUsers', count(report.user_count - report.user_count_not_login_last_7_day)],
    ['old-app-users', 'home.oldAppUsers', count(report.old_user_login_count_last_3_day)],
    ['completed-orders', 'home.completedOrders', count(report.complated_order_count)],
    // The 30-day card reads the field named for 7 days.
    ['completed-orders-30', 'home.completedOrders30', count(report.complated_order_count_in_last_7_day)],
    ['invoiced', 'home.invoiced', count(report.billing_order_count)],
    ['refunded', 'home.refunded', count(report.canceled_invoice_count)],
    ['awaiting-invoice', 'home.awaitingInvoice', count(report.waiting_order_count)],
    ['month-total', 'home.monthTotal', lira(report.total_order_price_this_month)],
    ['all-time-total', 'home.allTimeTotal', lira(report.total_price_all_of_time)],
  ];
  const list = page.getByRole('list', { name: tr('home.cardsLabel') });
  await expect(list.getByRole('listitem')).toHaveCount(cards.length);
  for (const [id, key, value] of cards) {
    const card = page.getByTestId(`card-${id}`);
    await expect(card.getByTestId('card-label')).toHaveText(tr(key));
    await expect(card.getByTestId('card-value')).toHaveText(value);
  }
  // The values the spec spells out, as a person reads them.
  await expect(page.getByTestId('card-regular-users').getByTestId('card-value')).toHaveText('4');
  await expect(page.getByTestId('card-month-total').getByTestId('card-value')).toHaveText('1.266,50\u00a0TL');
  await expect(page.getByTestId('card-all-time-total').getByTestId('card-value')).toHaveText('2.632,00\u00a0TL');
  // Nothing waits for an invoice: no modal.
  await chartsDrawn(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page);
});

test('the four charts are drawn and each has its values as text', async ({ page }) => {
  await openDashboard(page, 'default');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: tr('common.close') })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const report = WAITING;
  const charts: [string, string, [string, string, number][]][] = [
    [
      'active-users',
      'home.charts.activeUsers.title',
      [
        ['active', 'home.charts.activeUsers.active', report.user_count - report.user_count_not_login_last_7_day],
        ['inactive', 'home.charts.activeUsers.inactive', report.user_count_not_login_last_7_day],
      ],
    ],
    [
      'orders',
      'home.charts.orders.title',
      [
        ['invoiced', 'home.charts.orders.invoiced', report.billing_order_count],
        ['awaiting-invoice', 'home.charts.orders.awaitingInvoice', report.waiting_order_count],
        ['refunded', 'home.charts.orders.refunded', report.canceled_invoice_count],
      ],
    ],
    [
      'panels',
      'home.charts.panels.title',
      [
        ['connected', 'home.charts.panels.connected', report.connected_device_count_last_1_hour],
        ['disconnected', 'home.charts.panels.disconnected', report.disconnected_device_count],
        ['added', 'home.charts.panels.added', report.device_added_count_last_30_day],
      ],
    ],
    [
      'users',
      'home.charts.users.title',
      [
        ['all', 'home.charts.users.all', report.user_count],
        ['regular', 'home.charts.users.regular', report.user_count - report.user_count_not_login_last_7_day],
        ['inactive', 'home.charts.users.inactive', report.user_count_not_login_last_7_day],
        ['added', 'home.charts.users.added', report.user_added_count_last_30_day],
        ['old-app', 'home.charts.users.oldApp', report.old_user_login_count_last_3_day],
      ],
    ],
  ];
  await chartsDrawn(page);
  for (const [id, titleKey, items] of charts) {
    const figure = page.getByRole('figure', { name: tr(titleKey), exact: true });
    await expect(figure).toBeVisible();
    await expect(figure.getByRole('heading', { level: 2 })).toHaveText(tr(titleKey));
    // The drawing repeats the values: it is hidden from assistive technology, the labelled values are not.
    await expect(page.getByTestId(`chart-${id}-graphic`)).toHaveAttribute('aria-hidden', 'true');
    const values = figure.getByRole('definition');
    await expect(figure.getByRole('term')).toHaveText(items.map(([, key]) => tr(key)));
    await expect(values).toHaveText(items.map(([, , value]) => count(value)));
  }
  // The doughnuts draw a slice per value above zero; the bars one bar per value.
  await expect(page.getByTestId('chart-orders-graphic').locator('.MuiPieChart-arc')).toHaveCount(2);
  await expect(page.getByTestId('chart-users-graphic').locator('.MuiBarChart-element')).toHaveCount(5);
  await expectAccessible(page);
});

test('the dealer-code and panel-model tables, with the dealer and wholesaler counts', async ({ page }) => {
  await openDashboard(page, 'no-waiting-orders');
  const report = NONE_WAITING;
  const dealers = page.getByRole('table', { name: tr('home.tables.dealers.caption') });
  await expect(dealers.getByRole('columnheader')).toHaveText([
    tr('home.tables.dealers.code'),
    tr('home.tables.dealers.count'),
  ]);
  await expect(dealers.getByRole('row')).toHaveText([
    `${tr('home.tables.dealers.code')}${tr('home.tables.dealers.count')}`,
    ...report.dealer_users.map((row) => `${row.dealercode}${count(row.dealer_count)}`),
  ]);
  const models = page.getByRole('table', { name: tr('home.tables.models.title') });
  await expect(models.getByRole('columnheader')).toHaveText([
    tr('home.tables.models.model'),
    tr('home.tables.models.count'),
  ]);
  await expect(models.getByRole('rowheader')).toHaveText(report.device_model_count.map((row) => row.model));
  await expect(models.getByRole('cell')).toHaveText(report.device_model_count.map((row) => count(row.device_count)));
  const card = page.getByTestId('table-card-dealers');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(tr('home.tables.dealers.title'));
  await expect(card.getByTestId('count-dealers')).toHaveText(`${tr('home.dealers')}${count(report.dealer_count)}`);
  await expect(card.getByTestId('count-wholesalers')).toHaveText(
    `${tr('home.wholesalers')}${count(report.wholesaler_count)}`,
  );
});

test('orders awaiting invoicing open "Yeni Sipariş Var", whose button leads to billing', async ({ page }) => {
  await openDashboard(page, 'default');
  const dialog = page.getByRole('dialog', { name: 'Yeni Sipariş Var' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Fatura bekleyen sipariş sayısı: ${count(WAITING.waiting_order_count)}`);
  await chartsDrawn(page);
  await expectAccessible(page);
  // Keyboard: the way to billing has the focus, Enter follows it.
  const billing = dialog.getByRole('link', { name: tr('home.goToBilling') });
  await expect(billing).toBeFocused();
  await expect(billing).toHaveAttribute('href', paths.billing);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === paths.billing);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the modal closes with Escape and stays closed while the summary is shown', async ({ page }) => {
  await openDashboard(page, 'default');
  const dialog = page.getByRole('dialog', { name: 'Yeni Sipariş Var' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === paths.home);
  // The summary is fetched again (a language switch does so): the modal does not open again.
  await page.getByLabel(tr('layout.language')).click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('home.title'));
  await expect(page.getByTestId('card-awaiting-invoice').getByTestId('card-label')).toHaveText(
    en('home.awaitingInvoice'),
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Once a session: not again after a reload, nor after signing in again in the same browser session.
  await page.reload();
  await expect(page.getByTestId('card-awaiting-invoice')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Signed out by the browser closing (its session cookie gone), then signed in again.
  await page.context().clearCookies();
  await page.goto(paths.login);
  await page.getByLabel(en('auth.login.username')).fill('admin');
  await page.getByLabel(en('auth.login.password')).first().fill('any-password');
  await page.getByRole('button', { name: en('auth.login.submit') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('home.title'));
  await expect(page.getByTestId('card-awaiting-invoice')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('dark theme on a 390-pixel phone, in English: readable, no sideways scrolling, charts in the theme', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const fills: Record<string, string> = {};
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await openDashboard(page, 'default', 'en');
    // Once a session: the second opening of the home page in this tab does not show it again.
    if (scheme === 'light') {
      await expect(page.getByRole('dialog', { name: en('home.newOrderTitle') })).toBeVisible();
      await page.getByRole('button', { name: en('common.close') }).click();
    }
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await chartsDrawn(page);
    fills[scheme] = await page
      .getByTestId('chart-panels-graphic')
      .locator('.MuiBarChart-element')
      .first()
      .evaluate((bar) => getComputedStyle(bar).fill);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByTestId('card-all-time-total').getByTestId('card-value')).toHaveText('TL\u00a02,632.00');
    await expectAccessible(page);
  }
  // The connected bar takes the theme's success colour, which differs between the two schemes.
  expect(fills.light).not.toBe(fills.dark);
});

test('the charts load with the dashboard only, after its figures', async ({ page }) => {
  const chartModules: string[] = [];
  page.on('request', (request) => {
    if (/chart-graphic|x-charts/.test(request.url())) chartModules.push(request.url());
  });
  await answerWith(page, 'no-waiting-orders');
  await openSignedIn(page, 'admin', paths.profile, 'tr');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(chartModules).toEqual([]);
  await page
    .getByRole('navigation', { name: tr('layout.mainNavigation') })
    .getByRole('link', { name: tr('menu.home') })
    .click();
  await chartsDrawn(page);
  expect(chartModules.length).toBeGreaterThan(0);
});

for (const user of ['dealer', 'user']) {
  test(`a ${user} keeps going from home to the panels, without asking for the summary`, async ({ page }) => {
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/reports/general')) reports.push(request.url());
    });
    await openSignedIn(page, user, paths.home, 'tr');
    await expect(page).toHaveURL((url) => url.pathname === paths.panels);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(reports).toEqual([]);
  });
}

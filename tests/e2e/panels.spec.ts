/**
 * The panel list (/Panels) in a real browser against the mock stack: both views and the remembered toggle, the
 * keyword search, "more panels", the add flow, rename and delete, live updates from the broker, the stale marking
 * while the broker is down and the recovery after it returns, dropped messages counted in the live chip's tooltip,
 * a disconnected panel greyed and uncommandable, and axe in the light and the dark theme.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, expectLiveWatching, MOCK_API, openSignedIn, resetPanels } from './support.ts';

const PANEL_1 = 864215040012345; // Merkez Ofis, MX-16G, no partitions
const PANEL_2 = 864215040023456; // Depo, two partitions
const PANEL_3 = 864215040034567; // Yazlık Bodrum, disconnected
const PANEL_4 = 864215040045678; // Mağaza Kadıköy, alarm
const ALL = [PANEL_1, PANEL_2, PANEL_3, PANEL_4];

const panel = (page: Page, devId: number) => page.getByTestId(`panel-${devId}`);
const topic = (devId: number) => `panels/${devId}`;

const publish = async (request: APIRequestContext, devId: number, payload: string) => {
  const response = await request.post(`${MOCK_API}/__mock/publish`, { data: { topic: topic(devId), payload } });
  expect(response.status()).toBe(200);
};

const isPanelList = (url: string, offset = 0) =>
  new RegExp(`/api/command/devices/userdevices/${offset}(\\?|$)`).test(url);

/** Opens the list and waits until the live feed is up and every panel watched. */
/**
 * The page as a person sees it once it has settled: the alarm bar (loaded after the frame's first paint) shows the
 * alarm of Mağaza Kadıköy above the list, so nothing below it moves under a click any more.
 */
const alarmBarShown = (page: Page) => expect(page.getByTestId(`alarm-${PANEL_4}-alarm`)).toBeVisible();

async function openList(page: Page, language = 'en') {
  await openSignedIn(page, 'user', '/Panels', language);
  await expect(panel(page, PANEL_1)).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveText(language === 'en' ? 'Live' : 'Canlı');
  await expectLiveWatching(page);
  await alarmBarShown(page);
}

test.describe('the panel list', () => {
  test.beforeEach(({ request }) => resetPanels(request));

  test('shows what each panel reports, in both views, and remembers the view', async ({ page }) => {
    await openList(page);
    const list = page.getByRole('list', { name: 'Panels' });
    await expect(list).toHaveAttribute('data-view', 'cards');
    await expect(list.getByRole('heading', { level: 2 })).toHaveText([
      'Merkez Ofis',
      'Depo',
      'Yazlık Bodrum',
      'Mağaza Kadıköy',
    ]);
    await expect(page.getByTestId('panel-count')).toHaveText('Showing 4 of 4 panels');
    // "More panels" is there only while the server counts more than are loaded.
    await expect(page.getByRole('button', { name: 'More panels' })).toHaveCount(0);

    const office = panel(page, PANEL_1);
    await expect(office).toContainText(`Device ${PANEL_1} · Model MX-16G · GSM`);
    await expect(office.getByTestId('panel-state')).toHaveText('Disarmed');
    // Status 1 is a code the console knows: its own English, whatever language the panel words it in.
    await expect(office.getByTestId('panel-status-desc')).toHaveText('System ready');
    await expect(office.getByTestId('panel-signal')).toHaveText('GSM signal 4/5');
    await expect(office.getByTestId('panel-battery')).toHaveText('Battery charging');
    await expect(office.getByTestId('panel-temperature')).toHaveText('Temperature 24 °C');
    await expect(office.getByTestId('panel-connection')).toHaveText('Connected');
    await expect(office.getByTestId('panel-freshness')).toHaveText(/^Updated (now|\d+ seconds? ago)$/);
    await expect(office).toHaveAttribute('data-stale', 'false');

    // A model without a trailing G has no signal reading; partitions show with their armed state.
    const depot = panel(page, PANEL_2);
    await expect(depot.getByTestId('panel-signal')).toHaveCount(0);
    await expect(depot.getByTestId('panel-state')).toHaveText('Armed');
    await expect(depot.getByTestId('panel-partitions').getByRole('listitem')).toHaveText([
      'Depo On: armed',
      'Depo Arka: disarmed',
    ]);
    // The alarm overrides the armed state.
    await expect(panel(page, PANEL_4).getByTestId('panel-state')).toHaveText('Alarm');

    // The disconnected panel: greyed out, said in words, and every command disabled with its reason.
    const summer = panel(page, PANEL_3);
    await expect(summer.getByTestId('panel-state')).toHaveText('Disconnected');
    await expect(summer.getByTestId('panel-connection')).toHaveText('Disconnected');
    await expect(summer.getByTestId('panel-battery')).toHaveText('Battery low');
    await expect(summer).toHaveAttribute('data-connected', 'false');
    const background = (devId: number) =>
      panel(page, devId).evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(PANEL_3)).not.toBe(await background(PANEL_1));
    // Opening it (its detail) and programming it (through the queue) stay possible; everything that commands it is
    // disabled, with the reason.
    await expect(summer.getByTestId('action-program')).toBeEnabled();
    const summerCommands = summer.locator(
      '[data-testid^="action-"]:not([data-testid="action-open"]):not([data-testid="action-program"])',
    );
    await expect(summerCommands.first()).toBeVisible();
    for (const action of await summerCommands.all()) {
      await expect(action).toBeDisabled();
      await expect(action).toHaveAccessibleDescription(/not connected/);
    }
    await expect(office.getByTestId('action-ARM')).toBeEnabled();

    // The list view, remembered over a reload.
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(list).toHaveAttribute('data-view', 'rows');
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel(page, PANEL_3).getByTestId('panel-state')).toHaveText('Disconnected');
    await page.reload();
    await expect(page.getByRole('list', { name: 'Panels' })).toHaveAttribute('data-view', 'rows');
    await expect(panel(page, PANEL_2).getByTestId('panel-status-desc')).not.toBeEmpty();
    await alarmBarShown(page);
    await page.getByRole('button', { name: 'Card view' }).click();
    await expect(page.getByRole('list', { name: 'Panels' })).toHaveAttribute('data-view', 'cards');
  });

  test('every panel is reachable by keyboard', async ({ page }) => {
    await openList(page);
    // From the add button onwards, Tab reaches the actions of the last panel.
    await page.getByRole('button', { name: 'New panel' }).focus();
    let reached = false;
    for (let step = 0; step < 80 && !reached; step += 1) {
      await page.keyboard.press('Tab');
      reached = await panel(page, PANEL_4).evaluate((element) => element.contains(document.activeElement));
    }
    expect(reached).toBe(true);
    // The "more" menu of a panel opens from the keyboard.
    await panel(page, PANEL_4).getByRole('button', { name: 'More actions for Mağaza Kadıköy' }).press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Change description' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('fits a 390-pixel phone in both views', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openList(page);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByRole('list', { name: 'Panels' })).toHaveAttribute('data-view', 'rows');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  test('searches on Enter with special characters stripped, and an empty result reloads the list', async ({ page }) => {
    await openList(page, 'tr');
    // In Turkish a panel's status is the contract's Turkish text of its code.
    await expect(panel(page, PANEL_1).getByTestId('panel-status-desc')).toHaveText('Sistem Hazır');
    const search = page.getByRole('searchbox', { name: 'Panel ara' });
    const searched = page.waitForRequest((request) => request.url().includes('/devicesearch/0/'));
    await search.fill('De/po!');
    await search.press('Enter');
    expect(new URL((await searched).url()).pathname).toMatch(/\/devicesearch\/0\/Depo$/);
    await expect(search).toHaveValue('Depo');
    await expect(page.getByText('“Depo” için 1 panel bulundu')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Paneller' }).getByRole('heading', { level: 2 })).toHaveText(['Depo']);
    // No "more panels" for a search (it has one page).
    await expect(page.getByTestId('panel-count')).toHaveCount(0);

    // The server finds nothing (its named example `empty`): the default list is loaded again, and the page says so.
    await page.route('**/api/command/devices/userdevices/devicesearch/0/**', (route) =>
      route.continue({ headers: { ...route.request().headers(), prefer: 'example=empty' } }),
    );
    const reloaded = page.waitForRequest((request) => isPanelList(request.url()));
    await search.fill('Yok');
    await search.press('Enter');
    await reloaded;
    await expect(
      page.getByText('“Yok” ile eşleşen panel bulunamadı; tüm panelleriniz yeniden yüklendi.'),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Paneller' }).getByRole('heading', { level: 2 })).toHaveCount(4);
  });

  test('"more panels" appends from the number already loaded', async ({ page }) => {
    // Pages of two: the same calls to the real mock, asking for fewer panels at a time.
    await page.route(/\/api\/command\/devices\/userdevices\/\d+\?/, (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('limit', '2');
      return route.continue({ url: url.toString() });
    });
    await openSignedIn(page, 'user', '/Panels', 'en');
    const headings = page.getByRole('list', { name: 'Panels' }).getByRole('heading', { level: 2 });
    await expect(headings).toHaveText(['Merkez Ofis', 'Depo']);
    await expect(page.getByTestId('panel-count')).toHaveText('Showing 2 of 4 panels');
    const next = page.waitForRequest((request) => isPanelList(request.url(), 2));
    await page.getByRole('button', { name: 'More panels' }).click();
    await next;
    await expect(headings).toHaveText(['Merkez Ofis', 'Depo', 'Yazlık Bodrum', 'Mağaza Kadıköy']);
    await expect(page.getByTestId('panel-count')).toHaveText('Showing 4 of 4 panels');
    await expect(page.getByRole('button', { name: 'More panels' })).toHaveCount(0);
  });

  test('adds a panel in two steps: the code request, then the code from the panel keypad', async ({ page }) => {
    await openList(page, 'tr');
    await page.getByRole('button', { name: 'Yeni panel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Panel ekle' });
    await expect(dialog.getByRole('button', { name: 'Kod iste' })).toBeDisabled();
    await dialog.getByLabel('Cihaz numarası').fill('86421504005678x');
    await dialog.getByLabel('Açıklama').fill('Villa Çeşme');
    await expect(dialog.getByText('Geçerli bir cihaz numarası giriniz')).toBeVisible();
    await dialog.getByLabel('Cihaz numarası').fill('864215040056789');
    await expectAccessible(page);
    const codeRequest = page.waitForRequest((request) => request.url().includes('/command/devices/generatecode'));
    await dialog.getByRole('button', { name: 'Kod iste' }).click();
    expect((await codeRequest).postDataJSON()).toEqual({ dev_id: 864215040056789, Description: 'Villa Çeşme' });
    await expect(
      page.getByText('Komut başarıyla panele gönderildi. Lütfen panel ekranındaki kodu giriniz'),
    ).toBeVisible();

    // Step 2: a wrong code is said at the field and nothing is sent or lost.
    const code = dialog.getByLabel('Paneldeki kod');
    await expect(dialog.getByText('864215040056789 numaralı panelin ekranında görünen kodu giriniz.')).toBeVisible();
    let saved = false;
    page.on('request', (request) => {
      if (request.url().includes('/userdevices/addpanel')) saved = true;
    });
    await code.fill('111111');
    await code.press('Enter');
    await expect(dialog.getByText('Girilen kod panelin gösterdiği kodla eşleşmiyor')).toBeVisible();
    await expect(code).toHaveValue('111111');
    expect(saved).toBe(false);

    // The code the panel shows saves the panel; the list reloads and the dialog closes.
    await code.fill('482913');
    const save = page.waitForRequest((request) => request.url().includes('/userdevices/addpanel'));
    const reload = page.waitForRequest((request) => isPanelList(request.url()));
    await dialog.getByRole('button', { name: 'Paneli kaydet' }).click();
    expect((await save).postDataJSON()).toEqual({
      dev_id: 864215040056789,
      Description: 'Villa Çeşme',
      code: '482913',
    });
    await reload;
    await expect(page.getByText('İşlem Başarıyla Gerçekleşti')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The reloaded list has the new panel, under the name it was given.
    await expect(panel(page, 864215040056789).getByRole('heading', { level: 2 })).toHaveText('Villa Çeşme');
  });

  test('renames and deletes a panel from its menu', async ({ page }) => {
    await openList(page);
    await panel(page, PANEL_3).getByRole('button', { name: 'More actions for Yazlık Bodrum' }).click();
    await page.getByRole('menuitem', { name: 'Change description' }).click();
    const rename = page.getByRole('dialog', { name: 'Change panel description' });
    const field = rename.getByLabel('Description');
    await expect(field).toHaveValue('Yazlık Bodrum');
    await expect(rename.getByRole('button', { name: 'Save description' })).toBeDisabled();
    await field.fill('  ');
    await field.blur();
    await expect(rename.getByText('Enter a description')).toBeVisible();
    await field.fill('Yazlık Bodrum Villa');
    const change = page.waitForRequest((request) => request.url().includes('/userdevices/changepaneldesc'));
    let reload = page.waitForRequest((request) => isPanelList(request.url()));
    await rename.getByRole('button', { name: 'Save description' }).click();
    expect((await change).postDataJSON()).toEqual({ device_id: PANEL_3, Description: 'Yazlık Bodrum Villa' });
    await reload;
    await expect(page.getByText('Operation completed successfully')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The reloaded list shows the new name (the mock keeps it, as a server does).
    await expect(panel(page, PANEL_3).getByRole('heading', { level: 2 })).toHaveText('Yazlık Bodrum Villa');

    // Cancel leaves everything as it was.
    await panel(page, PANEL_3).getByRole('button', { name: 'More actions for Yazlık Bodrum Villa' }).click();
    await page.getByRole('menuitem', { name: 'Delete panel' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete panel' });
    await expect(remove).toContainText(`Remove “Yazlık Bodrum Villa” (${PANEL_3}) from your panels?`);
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await panel(page, PANEL_3).getByRole('button', { name: 'More actions for Yazlık Bodrum Villa' }).click();
    await page.getByRole('menuitem', { name: 'Delete panel' }).click();
    const removal = page.waitForRequest((request) => request.url().includes('/userdevices/removepanel'));
    reload = page.waitForRequest((request) => isPanelList(request.url()));
    await page.getByRole('dialog', { name: 'Delete panel' }).getByRole('button', { name: 'Delete panel' }).click();
    expect((await removal).postDataJSON()).toEqual({ device_id: PANEL_3 });
    await reload;
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('shows live messages on the panel they name, from a real-backend style payload', async ({ page, request }) => {
    await openList(page);
    const office = panel(page, PANEL_1);
    await expect(office.getByTestId('panel-state')).toHaveText('Disarmed');
    // No dev_id, 0/1 flags: the topic names the panel.
    await publish(
      request,
      PANEL_1,
      JSON.stringify({ armed: 1, stayarmed: 0, status: 2, status_desc: 'Sistem Kurulu' }),
    );
    await expect(office.getByTestId('panel-state')).toHaveText('Armed');
    await expect(office.getByTestId('panel-status-desc')).toHaveText('System armed');
    // A code the console does not know shows the panel's own words.
    await publish(request, PANEL_1, JSON.stringify({ status: 77, status_desc: 'Servis modu' }));
    await expect(office.getByTestId('panel-status-desc')).toHaveText('Servis modu');
    await expect(office.getByTestId('panel-freshness')).toHaveText(/^Updated (now|\d+ seconds? ago)$/);
    // The one clock moves every age on.
    await expect(office.getByTestId('panel-freshness')).toHaveText(/^Updated [2-9] seconds ago$/);
    await publish(request, PANEL_1, JSON.stringify({ KLStatus: { firealarm: 1 }, gsmlevel: 20 }));
    await expect(office.getByTestId('panel-state')).toHaveText('Fire alarm');
    await expect(office.getByTestId('panel-signal')).toHaveText('GSM signal 1/5');
    await publish(request, PANEL_1, JSON.stringify({ KLStatus: { firealarm: 0 }, status: 9, status_desc: 'Çıkış' }));
    await expect(office.getByTestId('panel-state')).toHaveText('Entry/exit delay');
    await expect(panel(page, PANEL_2).getByTestId('panel-state')).toHaveText('Armed');
  });

  test('drops malformed, oversized and mismatched messages and counts them in the live chip', async ({
    page,
    request,
  }) => {
    await openList(page);
    await publish(request, PANEL_1, '{not json');
    await publish(request, PANEL_1, JSON.stringify({ status_desc: 'x'.repeat(70_000) }));
    await publish(request, PANEL_1, JSON.stringify({ dev_id: PANEL_2, armed: true }));
    // A code the console does not know: the panel's own words are shown.
    await publish(request, PANEL_1, JSON.stringify({ status: 77, status_desc: 'Hâlâ canlı' }));
    const office = panel(page, PANEL_1);
    await expect(office.getByTestId('panel-status-desc')).toHaveText('Hâlâ canlı');
    await expect(office.getByTestId('panel-state')).toHaveText('Disarmed');
    await expect(panel(page, PANEL_2).getByTestId('panel-state')).toHaveText('Armed');

    // The tooltip opens from the keyboard.
    await page.getByRole('button', { name: 'New panel' }).focus();
    await page.keyboard.press('Shift+Tab');
    for (let step = 0; step < 10; step += 1) {
      if (await page.getByTestId('live-status').evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Shift+Tab');
    }
    await expect(page.getByTestId('live-status')).toBeFocused();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText('Live feed');
    await expect(tooltip.getByTestId('live-invalid')).toHaveText('1');
    await expect(tooltip.getByTestId('live-oversized')).toHaveText('1');
    await expect(tooltip.getByTestId('live-mismatched')).toHaveText('1');
    await expect(tooltip.getByTestId('live-subscribed')).toHaveText(String(ALL.length));
    expect(Number(await tooltip.getByTestId('live-accepted').textContent())).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('live-status')).toHaveAccessibleDescription(/Invalid messages\s*1/);
    await expectAccessible(page);
  });

  test('marks every panel stale while the broker is down, and recovers without a reload', async ({ page, request }) => {
    await openList(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await request.post(`${MOCK_API}/__mock/broker/stop`);
    try {
      await expect(page.getByTestId('live-status')).not.toHaveText('Live');
      for (const devId of ALL) {
        await expect(panel(page, devId)).toHaveAttribute('data-stale', 'true');
        await expect(panel(page, devId).getByTestId('panel-freshness')).toHaveText(/^May be out of date: updated /);
      }
      await expectAccessible(page);
    } finally {
      await request.post(`${MOCK_API}/__mock/broker/start`);
    }
    await expect(page.getByTestId('live-status')).toHaveText('Live', { timeout: 30_000 });
    for (const devId of ALL) await expect(panel(page, devId)).toHaveAttribute('data-stale', 'false');
    // Resubscribed: a message published after the restart arrives (retried until the subscription is back).
    const desc = panel(page, PANEL_2).getByTestId('panel-status-desc');
    await expect(async () => {
      await publish(request, PANEL_2, JSON.stringify({ status: 77, status_desc: 'Yeniden bağlandı' }));
      await expect(desc).toHaveText('Yeniden bağlandı', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.getByTestId('live-status').focus();
    expect(Number(await page.getByRole('tooltip').getByTestId('live-reconnects').textContent())).toBeGreaterThan(0);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`has no serious accessibility issue in the ${scheme} theme, in both views`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await openList(page, scheme === 'light' ? 'en' : 'tr');
      await expectAccessible(page);
      await page.getByRole('button', { name: scheme === 'light' ? 'List view' : 'Liste görünümü' }).click();
      await expect(page.getByRole('list').first()).toHaveAttribute('data-view', 'rows');
      await expectAccessible(page);
    });
  }
});

/**
 * Panel management (/PanelManage) and a panel's users (/Panels/:dev_id/Users) in a real browser against the mock
 * stack: the list's columns with its dates in DD.MM.YYYY HH:mm, a row opening the panel's users page, copying a panel
 * to a user picked by name or email (up to 1000 users, searched on the server), the active/passive dialogs and the
 * list read again from its first row (offset 0), the panel reset with its confirmation, the admin-only actions
 * disabled for a dealer with their reason, the panel users page with its columns and the mobile reset (absent when
 * the token's OldUserId is above 0), a refused change keeping its dialog open beside the error, Turkish, 390 px,
 * light and dark, and axe.
 */
import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { expectAccessible, localeText, openSignedIn, tokenWith } from './support.ts';

const OFFICE = 864215040012345; // Merkez Ofis (id 1), active; added 2025-03-14T09:20Z, last event 2026-11-20T14:32:05Z
const DEPOT = 864215040023456; // Depo (id 2), active
const SUMMER_HOUSE = 864215040034567; // Yazlık Bodrum (id 3)

// Dates show in the browser's time zone: Istanbul is UTC+3 all year.
test.use({ timezoneId: 'Europe/Istanbul' });

const ALL_DEVICES = /\/api\/command\/devices\/useralldevices(\?|$)/;
const isAllDevices = (url: string) => ALL_DEVICES.test(url);
const isUserList = (url: string) => /\/api\/user\/getuserlist(\?|$)/.test(url);

const grid = (page: Page, language: 'en' | 'tr' = 'en') =>
  page.getByRole('grid', { name: localeText(language, 'panelManage.table'), exact: true });
const row = (page: Page, text: string | number) =>
  grid(page)
    .getByRole('row')
    .filter({ hasText: String(text) });
const actionsOf = (page: Page, name: string, devId: number, language: 'en' | 'tr' = 'en') =>
  page.getByRole('button', {
    name: localeText(language, 'panelManage.actions.menu')
      .replace('{{name}}', name)
      .replace('{{devId}}', String(devId)),
    exact: true,
  });
const successToast = (page: Page, language: 'en' | 'tr' = 'en') =>
  page.getByRole('status').filter({ hasText: localeText(language, 'errors.statusSuccess') });

/** Opens the management list signed in and waits for its rows. */
async function openList(page: Page, username = 'admin', path = '/PanelManage', language: 'en' | 'tr' = 'en') {
  const first = page.waitForResponse((response) => isAllDevices(response.url()));
  await openSignedIn(page, username, path, language);
  await first;
  await expect(grid(page, language).getByRole('row').nth(1)).toBeVisible();
  // One of the examples' panels is in alarm: its bar comes above the page once the live feed says so, moving the
  // page down; the tests click once it is there.
  await expect(page.getByRole('region', { name: localeText(language, 'alarms.region') })).toBeVisible();
}

/** The bodies of the calls of one kind the page sends. */
function recordBodies(page: Page, method: string, path: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === method && new URL(request.url()).pathname.endsWith(path)) {
      bodies.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  return bodies;
}

/** The contract's four panels and 21 more made from them (the mock's answer, grown), so the list has three pages. */
async function answerWithManyPanels(route: Route): Promise<void> {
  try {
    const response = await route.fetch();
    const answer = (await response.json()) as { data: { id: number; dev_id: number; description: string }[] };
    const more = Array.from({ length: 21 }, (_, index) => ({
      ...answer.data[index % answer.data.length]!,
      id: 100 + index,
      dev_id: 864215040100000 + index,
      description: `Şube ${String(index + 1).padStart(2, '0')}`,
      // Şube 02 is passive.
      state: index === 1 ? 0 : 1,
    }));
    await route.fulfill({ response, json: { data: [...answer.data, ...more] } });
  } catch (error) {
    // The page gave up on this read while it was being fetched (a newer read of the list replaced it, as after a
    // change): Playwright drops the fetched answer, and there is nothing to answer. Any other failure is the test's.
    const abandoned =
      route.request().failure()?.errorText === 'net::ERR_ABORTED' || /Response has been disposed/.test(String(error));
    if (abandoned) return;
    throw error;
  }
}

test.describe('panel management', () => {
  test('lists every panel with its columns and dates, and a row opens its users page', async ({ page }) => {
    await openList(page);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('Panel management');
    await expect(page.getByRole('heading', { level: 1, name: 'Panel management' })).toBeVisible();
    await expect(grid(page).getByRole('columnheader')).toHaveText([
      'Device ID',
      'Description',
      'Firmware version',
      'Model',
      'Added',
      'Last event',
      'Actions',
    ]);
    await expect(grid(page).getByRole('row')).toHaveCount(5);
    await expect(row(page, OFFICE).getByRole('gridcell')).toHaveText([
      String(OFFICE),
      'Merkez Ofis',
      '3.4.2',
      'MX-16G',
      '14.03.2025 12:20',
      '20.11.2026 17:32',
      '',
    ]);
    await expect(page.getByText('1–4 of 4')).toBeVisible();
    await expectAccessible(page);

    // The search narrows the list without another call.
    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.getByRole('textbox', { name: 'Search panels' }).fill('yazlik');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(grid(page).getByRole('row')).toHaveCount(2);
    await expect(row(page, SUMMER_HOUSE)).toContainText('Yazlık Bodrum');
    await expect(page).toHaveURL(/[?&]search=yazlik/);

    // Double click (or Enter on a cell) opens the panel's users page.
    await page.goto('/PanelManage');
    await row(page, DEPOT).getByRole('gridcell').nth(1).dblclick();
    await expect(page).toHaveURL(`/Panels/${DEPOT}/Users`);
    await page.goBack();
    await row(page, OFFICE).getByRole('gridcell').nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/Panels/${OFFICE}/Users`);
    // The Users action goes there too.
    await page.goBack();
    await actionsOf(page, 'Depo', DEPOT).click();
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await expect(page).toHaveURL(`/Panels/${DEPOT}/Users`);
  });

  test('copies a panel to a user picked from the list, by name and email', async ({ page }) => {
    await openList(page);
    const moves = recordBodies(page, 'POST', '/command/devices/move-device');
    const listed = page.waitForRequest((request) => isUserList(request.url()));
    await actionsOf(page, 'Yazlık Bodrum', SUMMER_HOUSE).click();
    await page.getByRole('menuitem', { name: 'Copy to another user' }).click();

    const dialog = page.getByRole('dialog', { name: 'Copy panel to another user' });
    await expect(dialog).toContainText(`The panel Yazlık Bodrum (${SUMMER_HOUSE}) is copied to the user you pick.`);
    const asked = new URL((await listed).url()).searchParams;
    expect([asked.get('limit'), asked.get('offset'), asked.get('search')]).toEqual(['1000', '0', null]);
    // A user must be picked first.
    const submit = dialog.getByRole('button', { name: 'Copy panel' });
    await expect(submit).toBeDisabled();
    await expect(dialog.getByText('Pick the user who receives the panel.')).toBeVisible();
    // The mock lists more users than the picker's 1000 (mocks/db/user-list.ts).
    await expect(dialog.getByText(/^The first 1000 of \d+ users are listed\. Type a name or email/)).toBeVisible();

    // Every option shows a name and an email; typing asks the server with the search.
    const picker = dialog.getByRole('combobox', { name: 'User' });
    await expect(picker).toBeFocused();
    await picker.click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.first()).toHaveText(/Ayşe Yılmaz\s*admin@example.com/);
    await expect(options).toHaveCount(1000);
    const searched = page.waitForRequest(
      (request) => isUserList(request.url()) && new URL(request.url()).searchParams.get('search') === 'olduser@',
    );
    await picker.fill('olduser@');
    await searched;
    await expect(options).toHaveText([/Emre Aydın\s*olduser@example.com/]);
    await expectAccessible(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(picker).toHaveValue('Emre Aydın (olduser@example.com)');
    await expect(dialog.getByText('Receives the panel: Emre Aydın (olduser@example.com)')).toBeVisible();

    await submit.click();
    await expect(successToast(page)).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(moves).toEqual([{ id: 3, new_user_id: 4 }]);
  });

  test('sets a panel passive and active, and reads the list again from its first row', async ({ page }) => {
    await page.route(ALL_DEVICES, answerWithManyPanels);
    // The panels grown above are this test's, not the mock's (which answers 404 for a panel it does not know, as the
    // contract says): their state changes reach the mock as the change of one of its own panels.
    await page.route('**/api/devices/setpanelstatus', (route) => {
      const body = route.request().postDataJSON() as { dev_id: number };
      const known = body.dev_id < 864215040100000;
      return route.continue({ postData: JSON.stringify({ ...body, dev_id: known ? body.dev_id : DEPOT }) });
    });
    const states = recordBodies(page, 'PUT', '/devices/setpanelstatus');
    await openList(page, 'admin', '/PanelManage?page=2');
    await expect(page.getByText('11–20 of 25')).toBeVisible();
    await expect(row(page, 'Şube 07')).toBeVisible();

    // An active panel cannot be set active again: the reason is said.
    await actionsOf(page, 'Şube 07', 864215040100006).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /Set active/ })).toHaveAttribute('aria-disabled', 'true');
    await expect(menu.getByRole('menuitem', { name: /Set active/ })).toContainText('The panel is already active.');
    await expectAccessible(page);
    await menu.getByRole('menuitem', { name: 'Set passive' }).click();

    const dialog = page.getByRole('dialog', { name: 'Set panel passive' });
    await expect(dialog).toContainText('Set the panel Şube 07 (864215040100006) passive?');
    await expectAccessible(page);
    const changed = page.waitForResponse((response) => response.url().endsWith('/devices/setpanelstatus'));
    const reread = page.waitForRequest((request) => isAllDevices(request.url()));
    await dialog.getByRole('button', { name: 'Set passive' }).click();
    await changed;
    const reading = await reread;
    await expect(successToast(page)).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(states).toEqual([{ dev_id: 864215040100006, state: 0 }]);
    // Read again after the change, and shown from offset 0: the first page, no page in the URL.
    expect(reading.method()).toBe('GET');
    await expect(page).toHaveURL(/\/PanelManage$/);
    await expect(page.getByText('1–10 of 25')).toBeVisible();
    await expect(row(page, OFFICE)).toBeVisible();

    // The other way: a passive panel is set active (its green icon's dialog); Cancel sends nothing.
    await actionsOf(page, 'Şube 02', 864215040100001).click();
    await expect(page.getByRole('menuitem', { name: /Set passive/ })).toContainText('The panel is already passive.');
    await page.getByRole('menuitem', { name: 'Set active' }).click();
    const activate = page.getByRole('dialog', { name: 'Set panel active' });
    await activate.getByRole('button', { name: 'Cancel' }).click();
    await expect(activate).toBeHidden();
    expect(states).toHaveLength(1);
    await actionsOf(page, 'Şube 02', 864215040100001).click();
    await page.getByRole('menuitem', { name: 'Set active' }).click();
    await activate.getByRole('button', { name: 'Set active' }).click();
    await expect(activate).toBeHidden();
    expect(states).toEqual([
      { dev_id: 864215040100006, state: 0 },
      { dev_id: 864215040100001, state: 1 },
    ]);
  });

  test('a refused state change keeps its dialog open beside the server’s message', async ({ page }) => {
    await openList(page);
    await page.route('**/api/devices/setpanelstatus', (route) =>
      route.continue({ headers: { ...route.request().headers(), prefer: 'code=403' } }),
    );
    await actionsOf(page, 'Depo', DEPOT).click();
    await page.getByRole('menuitem', { name: 'Set passive' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set panel passive' });
    const answered = page.waitForResponse((response) => response.url().endsWith('/devices/setpanelstatus'));
    await dialog.getByRole('button', { name: 'Set passive' }).click();
    expect((await answered).status()).toBe(403);
    await expect(page.getByRole('alert').filter({ hasText: 'Error!' })).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Set passive' })).toBeEnabled();
  });

  test('resets a panel after asking which one and a confirmation', async ({ page }) => {
    await openList(page);
    const resets = recordBodies(page, 'POST', '/reset-device-info');
    await page.getByRole('button', { name: 'Reset panel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset panel' });
    const devId = dialog.getByRole('combobox', { name: 'Device ID' });
    await expect(devId).toBeFocused();
    const next = dialog.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    await devId.fill('12ab');
    await devId.blur();
    await expect(dialog.getByText("Enter the panel's device ID (digits only).")).toBeVisible();
    await expect(next).toBeDisabled();
    // The list's panels are offered by device id and description.
    await devId.fill('Yazl');
    await page.getByRole('option', { name: /Yazlık Bodrum/ }).click();
    await expect(devId).toHaveValue(String(SUMMER_HOUSE));
    await expectAccessible(page);
    await next.click();

    await expect(dialog).toContainText(
      `Reset the stored device information of the panel Yazlık Bodrum (${SUMMER_HOUSE})? This cannot be undone.`,
    );
    expect(resets).toEqual([]);
    await dialog.getByRole('button', { name: 'Reset panel' }).click();
    await expect(successToast(page)).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(resets).toEqual([{ dev_id: SUMMER_HOUSE }]);

    // Cancelling at the confirmation sends nothing; a typed id not in the list is confirmed by number.
    await page.getByRole('button', { name: 'Reset panel' }).click();
    await dialog.getByRole('combobox', { name: 'Device ID' }).fill('864215040099999');
    await dialog.getByRole('combobox', { name: 'Device ID' }).press('Enter');
    await expect(dialog).toContainText('Reset the stored device information of the panel 864215040099999?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(resets).toHaveLength(1);
  });

  test('a dealer sees the admin-only actions disabled with their reason', async ({ page }) => {
    await openList(page, 'dealer');
    await expect(page.getByRole('button', { name: 'Reset panel' })).toBeDisabled();
    await expect(page.getByText('Only administrators can reset a panel.')).toBeVisible();
    await actionsOf(page, 'Depo', DEPOT).click();
    const copy = page.getByRole('menuitem', { name: /Copy to another user/ });
    await expect(copy).toHaveAttribute('aria-disabled', 'true');
    await expect(copy).toContainText('Only administrators can do this.');
    await expect(page.getByRole('menuitem', { name: 'Set passive' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('is in Turkish, fits 390 px, and reads in the dark theme', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await openList(page, 'admin', '/PanelManage', 'tr');
    await expect(page.getByRole('heading', { level: 1, name: 'Panel Yönetimi' })).toBeVisible();
    await expect(grid(page, 'tr').getByRole('columnheader').first()).toHaveText('Cihaz No');
    await expect(page.getByRole('button', { name: 'Paneli sıfırla' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);

    // The grid draws the columns in view: the actions are reached by scrolling it sideways.
    await grid(page, 'tr')
      .locator('.MuiDataGrid-virtualScroller')
      .evaluate((scroller) => scroller.scrollTo({ left: scroller.scrollWidth }));
    await actionsOf(page, 'Depo', DEPOT, 'tr').click();
    await page.getByRole('menuitem', { name: 'Pasif yap' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paneli pasif yap' });
    await expect(dialog).toContainText(`Depo (${DEPOT}) paneli pasif yapılsın mı?`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Pasif yap' }).click();
    // The spec's confirmation, word for word.
    await expect(page.getByRole('status').filter({ hasText: 'İşlem Başarıyla Gerçekleşti' })).toBeVisible();
  });
});

test.describe('the users of a panel', () => {
  const accounts = (page: Page, language: 'en' | 'tr' = 'en') =>
    page.getByRole('grid', {
      name: localeText(language, 'panelManage.users.title').replace('{{name}}', `Merkez Ofis (${OFFICE})`),
      exact: true,
    });

  test('shows the accounts linked to the panel, with the mobile reset', async ({ page }) => {
    await openList(page);
    await row(page, OFFICE).getByRole('gridcell').nth(1).dblclick();
    await expect(page).toHaveURL(`/Panels/${OFFICE}/Users`);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(
      `Panel management/Merkez Ofis (${OFFICE})/Users`,
    );
    await expect(page.getByRole('heading', { level: 1, name: `Users of Merkez Ofis (${OFFICE})` })).toBeVisible();
    const grid = accounts(page);
    await expect(grid.getByRole('columnheader')).toHaveText([
      'Panel description',
      'Panel active',
      'Name',
      'Email',
      'Phone number',
      'Dealer code',
      'User type',
      'Active',
      'Actions',
    ]);
    const zeynep = grid.getByRole('row').filter({ hasText: 'user@example.com' });
    await expect(zeynep.getByRole('gridcell')).toHaveText([
      'Merkez Ofis',
      'Yes',
      'Zeynep Kaya',
      'user@example.com',
      '905321110003',
      'IST034',
      'User',
      'Yes',
      '',
    ]);
    await expect(grid.getByRole('row').filter({ hasText: 'Mehmet Demir' })).toContainText('Dealer');
    await expectAccessible(page);

    const resets = recordBodies(page, 'DELETE', '/user/resetuseruid');
    await zeynep.getByRole('button', { name: 'Mobile reset for Zeynep Kaya' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mobile reset' });
    await expect(dialog).toContainText('Zeynep Kaya (user@example.com)');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Reset mobile' }).click();
    await expect(successToast(page)).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(resets).toEqual([{ user_id: 3 }]);

    // The breadcrumb goes back to the list.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Panel management' }).click();
    await expect(page).toHaveURL('/PanelManage');
  });

  test('has no mobile reset when the token’s OldUserId is above 0', async ({ page }) => {
    const migrated = tokenWith('dealer', { OldUserId: 9041 });
    await openSignedIn(page, 'dealer', `/Panels/${OFFICE}/Users`, 'en', migrated);
    const grid = page.getByRole('grid', { name: `Users of ${OFFICE}`, exact: true });
    await expect(grid.getByRole('row').filter({ hasText: 'user@example.com' })).toBeVisible();
    await expect(grid.getByRole('columnheader')).toHaveText([
      'Panel description',
      'Panel active',
      'Name',
      'Email',
      'Phone number',
      'Dealer code',
      'User type',
      'Active',
    ]);
    await expect(page.getByRole('button', { name: /Mobile reset/ })).toHaveCount(0);

    // The contract's olduser is an end user (type 0): the page (menu level 1) is not theirs at all. (On this browser
    // once the dealer's tab is closed: the open tabs of a browser share one session.)
    const other = await page.context().newPage();
    await page.close();
    await openSignedIn(other, 'olduser', `/Panels/${OFFICE}/Users`);
    await expect(other).toHaveURL('/Error/Forbidden');
  });

  test('is in Turkish, and says so when the address names no panel', async ({ page }) => {
    await openSignedIn(page, 'admin', `/Panels/${OFFICE}/Users`, 'tr');
    const grid = page.getByRole('grid', { name: `${OFFICE} kullanıcıları`, exact: true });
    await expect(grid.getByRole('columnheader')).toHaveText([
      'Panel açıklaması',
      'Panel aktif',
      'Ad',
      'E-posta',
      'Telefon numarası',
      'Bayi kodu',
      'Kullanıcı tipi',
      'Aktif',
      'İşlemler',
    ]);
    await expect(grid.getByRole('row').filter({ hasText: 'user@example.com' })).toContainText('Kullanıcı');
    await expect(grid.getByRole('row').filter({ hasText: 'dealer@example.com' })).toContainText('Bayi');

    await page.goto('/Panels/not-a-panel/Users');
    await expect(page.getByText('Bu adreste bir panel yok.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Panel yönetimine dön' })).toHaveAttribute('href', '/PanelManage');
  });
});

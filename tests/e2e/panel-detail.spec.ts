/**
 * The panel detail (`/PanelDetail/:id`) against the real stack: the panel password prompt, every tab with its
 * data from the contract's examples, the URL following the tab, the bypass and output switches (with a named
 * failure of the real mock), the panel users' delete and password change, the next 10 log events, the card
 * report and its Excel download, the installer-only other menu, Turkish, axe-core in both themes and a phone.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import { answerSwitchConfirmation } from './switch-confirm.ts';
import { expectAccessible, logInToPanel, MOCK_API, openSignedIn, resetPanels, tokenWith } from './support.ts';

const PANEL_1 = 864215040012345;
const PANEL_2 = 864215040023456;
const PANEL_NAME = 'Merkez Ofis'; // PANEL_1's description
const INSTALLER = '1234';
const MASTER = '5678';
const detailPath = (devId: number, tab?: string) => `/PanelDetail/${devId}${tab ? `?tab=${tab}` : ''}`;

/** Opens the detail signed in as `user` and logs in to the panel with the given password. */
async function openPanel(page: Page, devId = PANEL_1, password = INSTALLER, tab?: string, language = 'en') {
  await openSignedIn(page, 'user', detailPath(devId, tab), language);
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('panel-password').fill(password);
  await dialog.getByRole('button', { name: language === 'tr' ? 'Giriş' : 'Sign in', exact: true }).click();
  await expect(page.getByRole('tablist')).toBeVisible();
}

/** Makes the real mock answer the next matching call with one of the contract's named examples. */
const prefer = (value: string) => (route: Route) =>
  route.continue({ headers: { ...route.request().headers(), prefer: value } });

test.beforeEach(({ request }) => resetPanels(request));

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

test('asks for the panel password first, and cancelling returns to the panel list', async ({ page }) => {
  await openSignedIn(page, 'user', detailPath(PANEL_1));
  await expect(page.getByRole('navigation', { name: 'Breadcrumb', includeHidden: true })).toContainText('Merkez Ofis');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('panel-password')).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/Panels$/);
});

test('a wrong panel password opens nothing', async ({ page }) => {
  await openSignedIn(page, 'user', detailPath(PANEL_1));
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('panel-password').fill('9999');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'authorised user' })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
});

test('every tab shows its data, and the URL follows the tab', async ({ page }) => {
  await openPanel(page);
  // General, live: the record's state, then what the live feed says.
  await expect(tab(page, 'General')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('panel-state')).toHaveText('Disarmed');
  await expect(page.getByTestId('panel-freshness')).toContainText('Last update');
  await expect(page.getByRole('tabpanel')).toContainText('Signal 4/5');
  await expect(page.getByRole('tabpanel')).toContainText('24 °C');
  await expect(page.getByTestId('panel-freshness')).toHaveAttribute('data-stale', 'false');
  // Status 1 is a code the console knows: its own English text. A code it does not know shows the panel's words.
  await expect(page.getByTestId('panel-status-desc')).toHaveText('System ready');
  // A message published before the panel's subscription is acknowledged is not delivered: publish until it is.
  await expect(async () => {
    const published = await page.request.post(`${MOCK_API}/__mock/publish`, {
      data: { topic: `panels/${PANEL_1}`, payload: JSON.stringify({ status: 77, status_desc: 'Canli deneme' }) },
    });
    expect(published.ok()).toBe(true);
    await expect(page.getByTestId('panel-status-desc')).toHaveText('Canli deneme', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  await tab(page, 'Zones').click();
  await expect(page).toHaveURL(/[?&]tab=zones/);
  await expect(page.getByTestId('zone-1')).toContainText('Giris Kapisi');
  await expect(page.getByTestId('zone-2')).toContainText('Motion');
  await expect(page.getByTestId('zone-6')).toContainText('Manual bypass');

  await tab(page, 'Users').click();
  await expect(page).toHaveURL(/[?&]tab=users/);
  await expect(page.getByTestId('panel-user-3')).toContainText('Ahmet');

  await tab(page, 'Outputs').click();
  await expect(page).toHaveURL(/[?&]tab=outs/);
  await expect(page.getByTestId('output-2')).toContainText('Bahce Isigi');

  await tab(page, 'Logs').click();
  await expect(page).toHaveURL(/[?&]tab=logs/);
  await expect(page.getByTestId('log-event')).toHaveCount(10);

  await tab(page, 'Keypads').click();
  await expect(page).toHaveURL(/[?&]tab=keypads/);
  await expect(page.getByTestId('keypad-1')).toContainText('23 °C');
  // 128 means no sensor: no temperature.
  await expect(page.getByTestId('keypad-2')).toContainText('Yatak Odasi');
  await expect(page.getByTestId('keypad-2')).not.toContainText('°C');

  await tab(page, 'Card reader (PTS)').click();
  await expect(page).toHaveURL(/[?&]tab=reader/);
  await expect(page.getByTestId('card-read').first()).toContainText('Zeynep');
  await expect(page.getByRole('group', { name: 'Begin date' })).toBeVisible();

  await tab(page, 'General').click();
  await expect(page).not.toHaveURL(/tab=/);
  // The footer names the panel user the password belongs to.
  await expect(page.getByTestId('panel-login-user')).toContainText('Panel user 0');
});

test('a deep link opens its tab, and an unknown tab opens General', async ({ page }) => {
  await openPanel(page, PANEL_2, INSTALLER, 'logs');
  await expect(tab(page, 'Logs')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('log-event').first()).toBeVisible();
  // A new page load asks for the panel password again (it is kept in memory only).
  await page.goto(detailPath(PANEL_2, 'nonsense'));
  await logInToPanel(page, INSTALLER);
  await expect(tab(page, 'General')).toHaveAttribute('aria-selected', 'true');
  // Panel 2 has partitions, each with its armed state.
  await expect(page.getByTestId('partition-1')).toContainText('Armed');
  await expect(page.getByTestId('partition-2')).toContainText('Disarmed');
});

test('the bypass switch reverts when the panel refuses, and the list reloads', async ({ page }) => {
  await openPanel(page, PANEL_1, INSTALLER, 'zones');
  const bypass = page.getByRole('switch', { name: 'Bypass zone 1 Giris Kapisi' });
  await expect(bypass).not.toBeChecked();

  await page.route('**/api/command/devices/controlpanel', prefer('example=panel-error'));
  const reloaded = page.waitForRequest((request) => request.url().includes(`/command/devices/${PANEL_1}/zones`), {
    timeout: 10_000,
  });
  await bypass.click();
  await answerSwitchConfirmation(page, 'Bypass zone 1 "Giris Kapisi"?', [PANEL_NAME]);
  await expect(
    page.getByRole('alert').filter({ hasText: 'An error occurred while sending the command' }),
  ).toBeVisible();
  await reloaded;
  await expect(bypass).not.toBeChecked();
  await expect(bypass).toBeEnabled();
  await page.unroute('**/api/command/devices/controlpanel');

  // Accepted: the panel reports the bypass on the live feed, and the switch stays on after the reload.
  await bypass.click();
  await answerSwitchConfirmation(page, 'Bypass zone 1 "Giris Kapisi"?', [PANEL_NAME]);
  await expect(page.getByText('The command was sent to the panel successfully').first()).toBeVisible();
  await expect(bypass).toBeChecked();
  await expect(page.getByTestId('zone-1')).toContainText('Manual bypass');

  // The panel reports something else since (its signal), so the feed's last word is no longer the bypass: a new page
  // still shows the zone bypassed, as the server's zone list now says.
  const published = await page.request.post(`${MOCK_API}/__mock/publish`, {
    data: { topic: `panels/${PANEL_1}`, payload: JSON.stringify({ dev_id: PANEL_1, gsmlevel: 80 }), retain: true },
  });
  expect(published.status()).toBe(200);
  await page.reload();
  await logInToPanel(page, INSTALLER);
  await expect(bypass).toBeChecked();
  await expect(page.getByTestId('zone-1')).toContainText('Manual bypass');
  await expect(page.getByTestId('zone-1')).not.toContainText('Closed');
  await bypass.click();
  await answerSwitchConfirmation(page, 'Remove the bypass of zone 1 "Giris Kapisi"?', [PANEL_NAME]);
  await expect(bypass).not.toBeChecked();
});

test('the output switch reverts on a refusal and keeps an accepted position', async ({ page }) => {
  await openPanel(page, PANEL_1, INSTALLER, 'outs');
  const siren = page.getByRole('switch', { name: 'Output 1 Siren on' });
  await expect(siren).not.toBeChecked();

  let outputReloads = 0;
  page.on('request', (request) => {
    if (request.url().includes('/outs')) outputReloads += 1;
  });
  await page.route('**/api/command/devices/controlpanel', prefer('example=panel-error'));
  await siren.click();
  await answerSwitchConfirmation(page, 'Turn on output 1 "Siren"?', [PANEL_NAME, 'Siren']);
  await expect(
    page.getByRole('alert').filter({ hasText: 'An error occurred while sending the command' }),
  ).toBeVisible();
  await expect(siren).not.toBeChecked();
  await page.unroute('**/api/command/devices/controlpanel');

  await siren.click();
  await answerSwitchConfirmation(page, 'Turn on output 1 "Siren"?', [PANEL_NAME, 'Siren']);
  await expect(siren).toBeChecked();
  await expect(page.getByText('The command was sent to the panel successfully').first()).toBeVisible();
  await siren.click();
  await answerSwitchConfirmation(page, 'Turn off output 1 "Siren"?', [PANEL_NAME, 'Siren']);
  await expect(siren).not.toBeChecked();
  // The output list is never reloaded for a switch.
  expect(outputReloads).toBe(0);
});

test('a zone is renamed with the quick edit, by the rule of the contract', async ({ page }) => {
  await openPanel(page, PANEL_1, INSTALLER, 'zones');
  await page.getByRole('button', { name: 'Edit zone 5 Arka Kapi' }).click();
  const dialog = page.getByRole('dialog');
  const name = dialog.getByLabel('Name');
  await name.fill('Arka Kapı!');
  await expect(dialog).toContainText('only letters');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await name.fill('Arka Kapi 2');
  const saved = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/zone/105'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  // With the panel password the page holds (the server judges it and counts a wrong one).
  expect((await saved).postDataJSON()).toEqual({
    device_id: PANEL_1,
    zone_id: 105,
    name: 'Arka Kapi 2',
    active: true,
    password: INSTALLER,
  });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Operation completed successfully')).toBeVisible();
  // The list reloads with the new name (the mock keeps a quick update, as a server does).
  await expect(page.getByRole('button', { name: 'Edit zone 5 Arka Kapi 2' })).toBeVisible();
});

test('the master deletes a user and changes a password; a mismatch is the persistent error', async ({ page }) => {
  await openPanel(page, PANEL_1, MASTER, 'users');
  // User 0 (the installer entry) is the installer's only.
  await expect(page.getByTestId('panel-user-2')).toBeVisible();
  await expect(page.getByTestId('panel-user-0')).toHaveCount(0);
  // Users 0 and 1 are not managed here.
  await expect(page.getByTestId('panel-user-1').getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'Change password: Ahmet' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Current password of Ahmet' }).fill('4321');
  await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill('1111');
  await dialog.getByRole('textbox', { name: 'New password (repeat)' }).fill('2222');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  const mismatch = page.getByRole('alert').filter({ hasText: 'do not match' });
  await expect(mismatch).toContainText('Error!');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'New password (repeat)' }).fill('1111');
  const changed = page.waitForRequest((request) => request.url().includes('/changepaneluserpass'));
  await dialog.getByRole('button', { name: 'Change password' }).click();
  expect((await changed).postDataJSON()).toEqual({
    dev_id: PANEL_1,
    command: 'PWCHG',
    user_pass: '4321',
    new_pass: '1111',
  });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The mismatch stays until closed.
  await expect(mismatch).toBeVisible();

  await page.getByRole('button', { name: 'Delete: Ahmet' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Panel user 3 (Ahmet)');
  const deleted = page.waitForRequest((request) => request.url().includes('/deletepaneluser'));
  const reloaded = page.waitForRequest((request) => request.url().includes(`/command/devices/${PANEL_1}/users`));
  await dialog.getByRole('button', { name: 'Delete user' }).click();
  expect((await deleted).postDataJSON()).toEqual({
    dev_id: PANEL_1,
    command: 'DELETEUSER',
    user_pass: MASTER,
    member: 4,
  });
  await reloaded;
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the log loads the next 10 events', async ({ page }) => {
  const reads: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/getpanelsettings')) reads.push(request.postDataJSON());
  });
  await openPanel(page, PANEL_1, INSTALLER, 'logs');
  await expect(page.getByTestId('log-event')).toHaveCount(10);
  await page.getByRole('button', { name: 'Load the next 10 events' }).click();
  await expect(page.getByTestId('log-event')).toHaveCount(20);
  const events = reads.filter((body) => (body as { command?: string }).command === 'EVENT');
  expect(events).toMatchObject([
    { dev_id: PANEL_1, command: 'EVENT', user_pass: INSTALLER, event_start_pos: 1, event_count: 10 },
    { dev_id: PANEL_1, command: 'EVENT', user_pass: INSTALLER, event_start_pos: 11, event_count: 10 },
  ]);
});

test('the Excel button downloads the report workbook', async ({ page }) => {
  await openPanel(page, PANEL_1, INSTALLER, 'reader');
  await expect(page.getByTestId('card-read').first()).toBeVisible();
  const today = await page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`card-report-${PANEL_1}-${today}-${today}.xlsx`);
  const saved = await file.path();
  expect(readFileSync(saved).length).toBeGreaterThan(0);
});

test('a failed report says so in Turkish, in the red toast of the specification', async ({ page }) => {
  await page.route('**/api/devices/*/card-report?*', prefer('code=400'));
  await openPanel(page, PANEL_1, INSTALLER, 'reader', 'tr');
  const toast = page
    .getByRole('alert')
    .filter({ hasText: 'Rapor Oluşturulamadı. Filtrelemelerinizin doğru olduğundan emin olun lütfen' });
  await expect(toast).toBeVisible();
  await expect(tab(page, 'Kart okuyucu (PTS)')).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Kapat' }).first().click();

  await page.route('**/api/devices/*/card-report-export?*', prefer('code=400, example=report-failed'));
  await page.getByRole('button', { name: 'Excel' }).click();
  await expect(toast).toBeVisible();
});

/** The answer of the page's panel password check (getpanelsettings command USER). */
const passwordCheckAnswer = (page: Page) =>
  page
    .waitForResponse(
      (response) =>
        response.url().endsWith('/command/devices/getpanelsettings') &&
        (response.request().postDataJSON() as { command?: string }).command === 'USER',
    )
    .then((response) => response.json() as Promise<Record<string, unknown>>);

test('the other menu is the installer’s: it opens a settings tab with its form', async ({ page }) => {
  // The installer's check answers its rights (`auth`), which the console reads.
  const answer = passwordCheckAnswer(page);
  await openPanel(page, PANEL_1, INSTALLER);
  expect(await answer).toMatchObject({ err: 0, user_no: 1, auth: { installer: true, manage: true } });
  await page.getByRole('button', { name: 'Other', exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(15);
  await menu.getByRole('menuitem', { name: 'GSM' }).click();
  await expect(page).toHaveURL(/[?&]tab=gsm/);
  await expect(tab(page, 'GSM')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'GSM settings' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('textbox').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('the master has no other menu, and a link to a settings tab opens General with no authority', async ({ page }) => {
  // The master's check answers no rights: the console falls back to the user number (2, user 1: the master).
  const answer = passwordCheckAnswer(page);
  await openPanel(page, PANEL_1, MASTER, 'gsm');
  expect(await answer).toEqual({ err: 0, user_no: 2 });
  await expect(page.getByRole('button', { name: 'Other', exact: true })).toHaveCount(0);
  await expect(tab(page, 'General')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('panel-login-user')).toContainText('Panel user 1');
  await expect(page.getByRole('alert').filter({ hasText: 'authorised user' })).toContainText('No authority found');
});

test('a token without a user name is sent to the panel list', async ({ page }) => {
  const unnamed = tokenWith('user', { Username: '' });
  await openSignedIn(page, 'user', detailPath(PANEL_1), 'en', unnamed);
  await expect(page).toHaveURL(/\/Panels$/);
});

test('the tabs speak Turkish', async ({ page }) => {
  await openPanel(page, PANEL_1, INSTALLER, undefined, 'tr');
  await expect(page.getByRole('tab')).toHaveText([
    'Genel',
    'Zonlar',
    'Kullanıcılar',
    'Çıkışlar',
    'Kayıtlar',
    'Tuş takımları',
    'Kart okuyucu (PTS)',
    'Sıra',
  ]);
  await expect(page.getByTestId('panel-state')).toHaveText('Devre dışı');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`no serious accessibility issue in the ${scheme} theme, on every tab`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openSignedIn(page, 'user', detailPath(PANEL_1));
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('panel-password').fill(INSTALLER);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    for (const [name, ready] of [
      ['General', 'panel-state'],
      ['Zones', 'zone-1'],
      ['Users', 'panel-user-0'],
      ['Outputs', 'output-1'],
      ['Logs', 'log-event'],
      ['Keypads', 'keypad-1'],
      ['Card reader (PTS)', 'card-read'],
    ] as const) {
      await tab(page, name).click();
      await expect(page.getByTestId(ready).first()).toBeVisible();
      await expectAccessible(page);
    }
    await page.getByRole('button', { name: 'Other', exact: true }).click();
    await expectAccessible(page);
    await page.getByRole('menuitem', { name: 'Network' }).click();
    await expectAccessible(page);
  });
}

test('works on a 390-pixel phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPanel(page, PANEL_1, INSTALLER, 'zones');
  await expect(page.getByTestId('zone-1')).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  // The last tab is reached by scrolling the tab bar, not the page.
  await tab(page, 'Card reader (PTS)').click();
  await expect(page.getByTestId('card-read').first()).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

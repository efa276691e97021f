/**
 * Panel commands against the real stack (Prism mock, broker, simulator): arm, stay-arm and disarm with their
 * toasts, sounds and effect on the live feed; partitions one by one; the plan-permission and panel-user gates;
 * the panel login; the zone and output switches reverting on a refusal; the ready-to-arm check. Named failures
 * are provoked with Prism's `Prefer` header added to the real request; every test starts from the contract's
 * panels (the mock's reset control), and still leaves them as it found them.
 */
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import {
  expectAccessible,
  expectLiveWatching,
  letTimePass,
  localeText,
  logInToPanel,
  MOCK_API,
  openSignedIn,
  resetPanels,
} from './support.ts';
import { describeIconContrast, iconContrastOffenders } from './non-text-contrast.ts';
import { answerSwitchConfirmation } from './switch-confirm.ts';

const OFFICE = 864215040012345; // Merkez Ofis: connected, disarmed, no partitions; zone 2 open, zone 6 bypassed
const DEPOT = 864215040023456; // Depo: partitions 1 Depo On (armed) and 2 Depo Arka (disarmed)
const SUMMER_HOUSE = 864215040034567; // Yazlık Bodrum: disconnected
const MASTER = '5678';

const panel = (page: Page, devId: number): Locator => page.getByTestId(`panel-${devId}`);
const action = (page: Page, devId: number, key: string): Locator => panel(page, devId).getByTestId(`action-${key}`);
const stateChip = (page: Page, devId: number): Locator => panel(page, devId).getByTestId('panel-state');
const toastAlert = (page: Page, text: string | RegExp): Locator => page.getByRole('alert').filter({ hasText: text });

async function openPanels(page: Page, language = 'en'): Promise<void> {
  // Every sound the console plays is recorded (the browser has no audio device to hear it).
  await page.addInitScript(() => {
    const played: string[] = [];
    (window as unknown as { played: string[] }).played = played;
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      played.push(new URL(this.src).pathname);
      return Promise.resolve();
    };
  });
  await openSignedIn(page, 'user', '/Panels', language);
  await expect(panel(page, OFFICE)).toBeVisible();
  await expectLiveWatching(page);
}

/**
 * The sounds the commands played: the alarm siren is left out (a panel of the examples is in alarm, and the shell's
 * alarm bar rings for it until acknowledged; tests/e2e/alarms.spec.ts tests that).
 */
const played = async (page: Page): Promise<string[]> =>
  (await page.evaluate(() => (window as unknown as { played: string[] }).played)).filter(
    (file) => file !== '/sounds/siren.ogg',
  );

/** The panel commands the page sends, with their bodies. */
function recordCommands(page: Page): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith('/command/devices/controlpanel')) {
      bodies.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  return bodies;
}

/** The passwords the page checks with the panel (getpanelsettings command USER), in order. */
function recordPasswordChecks(page: Page): string[] {
  const passwords: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/command/devices/getpanelsettings')) return;
    const body = request.postDataJSON() as { command?: string; user_pass?: string };
    if (body.command === 'USER') passwords.push(String(body.user_pass));
  });
  return passwords;
}

/** Makes the real mock answer a call with one of its named examples. */
async function preferExample(page: Page, path: string, example: string): Promise<void> {
  await page.route(`**/api${path}`, (route) =>
    route.continue({ headers: { ...route.request().headers(), prefer: `example=${example}` } }),
  );
}

/**
 * Opens a command's dialog, types the password and presses Enter. `forced`: the panel has a zone open (Merkez Ofis:
 * Salon PIR), so arming it is a forced arm, chosen first.
 */
async function sendCommand(
  page: Page,
  devId: number,
  key: string,
  password: string,
  { forced = false } = {},
): Promise<Locator> {
  await action(page, devId, key).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('panel-password').fill(password);
  if (forced) await dialog.getByRole('checkbox', { name: /^Forced arm/ }).check();
  await dialog.getByTestId('panel-password').press('Enter');
  return dialog;
}

/** Chooses a settings tab from the panel detail's other menu. */
async function chooseOtherTab(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Other', exact: true }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/** The selected tab of the panel detail lies whole in the visible part of the tab bar: its name is not cut off. */
async function expectWholeTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(() =>
      tab.evaluate((element) => {
        const shown = element.closest('[role="tablist"]')!.parentElement!.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        const inView = box.left >= shown.left - 1 && box.right <= shown.right + 1;
        return inView && element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight;
      }),
    )
    .toBe(true);
}

test.describe('panel commands', () => {
  test.beforeEach(({ request }) => resetPanels(request));

  test('arm, then disarm: sound, toast, dialog closed, and the live state changes', async ({ page }) => {
    await openPanels(page);
    const commands = recordCommands(page);
    await expect(stateChip(page, OFFICE)).toHaveText('Disarmed');
    await expect(action(page, OFFICE, 'DISARM')).toHaveCount(0);

    const dialog = await sendCommand(page, OFFICE, 'ARM', MASTER, { forced: true });
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'The command was sent to the panel successfully' }),
    ).toBeVisible();
    await expect(stateChip(page, OFFICE)).toHaveText('Armed');
    expect(commands).toEqual([{ dev_id: OFFICE, command: 'ARM', password: MASTER, partno: 0, ispart: false }]);
    expect(await played(page)).toContain('/sounds/arm-en.ogg');

    // Armed: only disarm is offered now.
    await expect(action(page, OFFICE, 'ARM')).toHaveCount(0);
    await expect(action(page, OFFICE, 'STAYARM')).toHaveCount(0);
    const disarm = await sendCommand(page, OFFICE, 'DISARM', MASTER);
    await expect(disarm).toBeHidden();
    await expect(stateChip(page, OFFICE)).toHaveText('Disarmed');
    expect(commands.at(-1)).toMatchObject({ command: 'DISARM', password: MASTER });
    expect(await played(page)).toContain('/sounds/disarm-en.ogg');
  });

  test('stay-arm a panel without partitions, then disarm it', async ({ page }) => {
    await openPanels(page);
    const dialog = await sendCommand(page, OFFICE, 'STAYARM', MASTER, { forced: true });
    await expect(dialog).toBeHidden();
    await expect(stateChip(page, OFFICE)).toHaveText('Stay armed');
    expect(await played(page)).toContain('/sounds/stayarm.ogg');
    await expect(await sendCommand(page, OFFICE, 'DISARM', MASTER)).toBeHidden();
    await expect(stateChip(page, OFFICE)).toHaveText('Disarmed');
  });

  test('a refused command keeps the dialog open, plays nothing and says so until closed', async ({ page }) => {
    await page.clock.install();
    await openPanels(page);
    const commands = recordCommands(page);
    // The panel's natural answer to a wrong password (Err 2).
    const dialog = await sendCommand(page, OFFICE, 'ARM', '0000', { forced: true });
    const failure = toastAlert(page, 'An error occurred while sending the command to the panel');
    await expect(failure).toBeVisible();
    await expect(dialog).toBeVisible();
    // Persistent: still there well after a confirmation would have gone.
    await letTimePass(page, 7_000);
    await expect(failure).toBeVisible();
    await expect(dialog).toBeVisible();
    expect(await played(page)).toEqual([]);
    expect(commands).toHaveLength(1);

    // A named failure of the contract (Err 5, panel not connected) with the right password: the same.
    await failure.getByRole('button', { name: /close/i }).click();
    await preferExample(page, '/command/devices/controlpanel', 'disconnected');
    await dialog.getByTestId('panel-password').fill(MASTER);
    await dialog.getByTestId('panel-password').press('Enter');
    await expect(toastAlert(page, 'An error occurred while sending the command to the panel')).toBeVisible();
    await expect(dialog).toBeVisible();
    expect(await played(page)).toEqual([]);
    await expect(stateChip(page, OFFICE)).toHaveText('Disarmed');
  });

  test('a failed call shows the one error toast and keeps the dialog open; nothing is retried', async ({ page }) => {
    await page.clock.install();
    await openPanels(page);
    const commands = recordCommands(page);
    await page.route('**/api/command/devices/controlpanel', (route) => route.abort('connectionrefused'));
    const dialog = await sendCommand(page, OFFICE, 'ARM', MASTER, { forced: true });
    await expect(toastAlert(page, 'Cannot to connect server')).toBeVisible();
    await expect(dialog).toBeVisible();
    // Well past the back-off of a read's one retry (1 s); a command is never retried.
    await letTimePass(page, 5_000);
    expect(commands).toHaveLength(1);
    // One toast (the alarm bar's announcement of the panel in alarm is not a toast).
    await expect(page.locator('[data-toasts]').getByRole('alert')).toHaveCount(1);
  });

  test('a double click or Enter twice sends one command', async ({ page }) => {
    await openPanels(page);
    const commands = recordCommands(page);
    // The answer is held back, as a slow panel would, until the second press and the double click have come (a
    // fixed delay would let a loaded machine answer first and close the dialog under the second press).
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/command/devices/controlpanel', async (route) => {
      await answered;
      await route.continue();
    });
    await action(page, OFFICE, 'ARM').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('panel-password').fill(MASTER);
    await dialog.getByRole('checkbox', { name: /^Forced arm/ }).check();
    await dialog.getByTestId('panel-password').press('Enter');
    await dialog.getByTestId('panel-password').press('Enter');
    await dialog.getByRole('button', { name: 'Arm', exact: true }).dblclick({ force: true });
    await expect.poll(() => commands.length).toBe(1);
    release();
    await expect(dialog).toBeHidden();
    await expect(stateChip(page, OFFICE)).toHaveText('Armed');
    expect(commands).toHaveLength(1);

    await page.unroute('**/api/command/devices/controlpanel');
    await expect(await sendCommand(page, OFFICE, 'DISARM', MASTER)).toBeHidden();
    await expect(stateChip(page, OFFICE)).toHaveText('Disarmed');
    expect(commands).toHaveLength(2);
  });

  test('partitions are armed and disarmed one by one', async ({ page }) => {
    await openPanels(page);
    const commands = recordCommands(page);
    // Depo On is armed, Depo Arka is not; no stay-arm on a panel with partitions.
    await expect(action(page, DEPOT, 'DISARM-1')).toHaveText('Disarm Depo On');
    await expect(action(page, DEPOT, 'ARM-2')).toHaveText('Arm Depo Arka');
    await expect(action(page, DEPOT, 'STAYARM')).toHaveCount(0);

    const dialog = await sendCommand(page, DEPOT, 'ARM-2', MASTER);
    await expect(dialog).toBeHidden();
    expect(commands).toEqual([{ dev_id: DEPOT, command: 'ARM', password: MASTER, partno: 2, ispart: true }]);
    // The live feed reports partition 2 armed: its button turns into disarm.
    await expect(action(page, DEPOT, 'DISARM-2')).toBeVisible();
    await expect(action(page, DEPOT, 'DISARM-1')).toBeVisible();

    await expect(await sendCommand(page, DEPOT, 'DISARM-2', MASTER)).toBeHidden();
    expect(commands.at(-1)).toMatchObject({ command: 'DISARM', partno: 2, ispart: true });
    await expect(action(page, DEPOT, 'ARM-2')).toBeVisible();
    await expect(action(page, DEPOT, 'DISARM-1')).toBeVisible();
  });

  test('the panel detail arms and disarms with the list’s dialog, checks and feedback', async ({ page }) => {
    await openPanels(page);
    const commands = recordCommands(page);
    const checks = recordPasswordChecks(page);
    await action(page, OFFICE, 'open').click();
    await logInToPanel(page, MASTER);
    // What the panel's state allows, named as on the list: a disarmed panel without partitions arms or stay-arms.
    const officeCommands = page.getByRole('group', { name: 'Actions of Merkez Ofis' });
    await expect(officeCommands.getByRole('button')).toHaveText(['Arm', 'Stay arm']);
    await officeCommands.getByRole('button', { name: 'Arm', exact: true }).click();
    const armDialog = page.getByRole('dialog', { name: 'Merkez Ofis: arm' });
    await expect(armDialog.getByTestId('ready-zone-1')).toContainText('Salon PIR');
    await armDialog.getByRole('button', { name: 'Cancel' }).click();

    // Partitions one by one; the password is asked every time (the detail's login is not used for a command).
    await page.goto(`/PanelDetail/${DEPOT}`);
    await logInToPanel(page, MASTER);
    const depot = page.getByRole('group', { name: 'Actions of Depo' });
    await expect(depot.getByTestId('action-DISARM-1')).toHaveText('Disarm Depo On');
    await depot.getByTestId('action-ARM-2').click();
    const dialog = page.getByRole('dialog', { name: 'Depo: arm Depo Arka' });
    await dialog.getByTestId('panel-password').fill(MASTER);
    await dialog.getByTestId('panel-password').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'The command was sent to the panel successfully' }),
    ).toBeVisible();
    expect(commands).toEqual([{ dev_id: DEPOT, command: 'ARM', password: MASTER, partno: 2, ispart: true }]);
    expect(await played(page)).toContain('/sounds/arm-en.ogg');
    // The live feed turns the partition's button into disarm.
    await depot.getByTestId('action-DISARM-2').click();
    const disarm = page.getByRole('dialog', { name: 'Depo: disarm Depo Arka' });
    await disarm.getByTestId('panel-password').fill(MASTER);
    await disarm.getByTestId('panel-password').press('Enter');
    await expect(disarm).toBeHidden();
    await expect(depot.getByTestId('action-ARM-2')).toBeVisible();
    expect(commands).toHaveLength(2);
    // Only the two detail logins checked a password; the commands carried theirs.
    expect(checks).toEqual([MASTER, MASTER]);
  });

  for (const view of ['Card view', 'List view'] as const) {
    test(`${view}: named actions; a disconnected panel cannot be commanded, and says why`, async ({ page }) => {
      await openPanels(page);
      await page.getByRole('button', { name: view }).click();
      const names = { open: 'Open panel', ARM: 'Arm', STAYARM: 'Stay arm', zones: 'Zones', outputs: 'Outputs' };
      for (const [key, name] of Object.entries(names)) {
        await expect(action(page, OFFICE, key)).toHaveAccessibleName(name);
        await expect(action(page, OFFICE, key)).toBeEnabled();
      }
      for (const key of ['ARM', 'STAYARM', 'zones', 'outputs']) {
        const button = action(page, SUMMER_HOUSE, key);
        await expect(button).toBeDisabled();
        await expect(button).toHaveAccessibleDescription('The panel is not connected; it cannot be commanded.');
      }
      await expect(action(page, SUMMER_HOUSE, 'open')).toBeEnabled();
      await expectAccessible(page);
    });
  }

  test('a panel that goes offline: its status is the last known one, and the card programs it through the queue', async ({
    page,
    request,
  }) => {
    await openPanels(page, 'tr');
    const status = panel(page, OFFICE).getByTestId('panel-status-desc');
    await expect(status).toHaveText('Sistem Hazır');
    const offline = await request.post(`${MOCK_API}/__mock/panels/connection`, {
      data: { dev_id: OFFICE, connected: false },
    });
    expect(offline.status()).toBe(200);
    await expect(stateChip(page, OFFICE)).toHaveText(localeText('tr', 'panels.state.disconnected'));
    // Not a live status beside "not connected": what the panel said last, said so.
    await expect(status).toHaveText(
      localeText('tr', 'panels.list.lastKnownStatus').replace('{{status}}', 'Sistem Hazır'),
    );
    await expect(action(page, OFFICE, 'ARM')).toBeDisabled();
    // Programming waits for no connection: the detail queues what is written, as it does when opened by hand.
    await expect(action(page, OFFICE, 'program')).toBeEnabled();
    await action(page, OFFICE, 'program').click();
    await logInToPanel(page, '1234', 'tr');
    const programZone = localeText('tr', 'programming.pick.programZone');
    await expect(page.getByRole('button', { name: programZone, exact: true })).toBeEnabled();
  });

  test('a plan without ARM disables the arm button with the reason', async ({ page }) => {
    await preferExample(page, '/user-authority', 'no-arm');
    await openPanels(page);
    const arm = action(page, OFFICE, 'ARM');
    await expect(arm).toBeDisabled();
    await expect(arm).toHaveAccessibleDescription('Your plan does not allow this.');
    await expect(action(page, OFFICE, 'STAYARM')).toBeEnabled();
    await expect(action(page, OFFICE, 'zones')).toBeEnabled();
  });

  test('Turkish: a password that opens no panel user gets Yetki Bulunamadı, and no list', async ({ page }) => {
    await openPanels(page, 'tr');
    await action(page, OFFICE, 'zones').click();
    const dialog = page.getByRole('dialog', { name: /Panele giriş: Merkez Ofis/ });
    await dialog.getByTestId('panel-password').fill('0000');
    await dialog.getByRole('button', { name: 'Giriş' }).click();
    const refusal = toastAlert(page, 'Lütfen yetkili bir kullanıcı ile giriş yapınız');
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText('Yetki Bulunamadı');
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog', { name: /zonlar/ })).toHaveCount(0);

    // The contract's named refusal (err 2, user_no 0) even with the master password: the same gate.
    await refusal.getByRole('button').click();
    await preferExample(page, '/command/devices/getpanelsettings', 'password-wrong');
    await dialog.getByTestId('panel-password').fill(MASTER);
    await dialog.getByTestId('panel-password').press('Enter');
    await expect(toastAlert(page, 'Yetki Bulunamadı')).toBeVisible();
    await expect(page.getByRole('dialog', { name: /zonlar/ })).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('panel_logins'))).toBeNull();
  });

  test('the detail asks for the password when entered, not when its tabs change, and again once left', async ({
    page,
  }) => {
    await openPanels(page);
    const checks = recordPasswordChecks(page);
    await action(page, OFFICE, 'open').click();
    await expect(page).toHaveURL(new RegExp(`/PanelDetail/${OFFICE}$`));
    await logInToPanel(page, MASTER);
    expect(page.url()).not.toContain(MASTER);
    expect(checks).toEqual([MASTER]);

    // Switching tabs within the page asks nothing.
    for (const name of ['Zones', 'Users', 'Outputs', 'General']) {
      await page.getByRole('tab', { name, exact: true }).click();
      await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
    }
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(checks).toHaveLength(1);

    // Back to the list and in again: asked again, by the list's button and by the browser's history alike.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Panels' }).click();
    await expect(action(page, OFFICE, 'open')).toBeVisible();
    await action(page, OFFICE, 'open').click();
    await expect(page.getByRole('dialog', { name: 'Sign in to Merkez Ofis' })).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await logInToPanel(page, MASTER);
    await page.goBack();
    await expect(action(page, OFFICE, 'open')).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('dialog', { name: 'Sign in to Merkez Ofis' })).toBeVisible();
    await logInToPanel(page, MASTER);
    expect(checks).toEqual([MASTER, MASTER, MASTER]);
  });

  test('the zone list asks for the password each time it opens, and its Edit not again', async ({ page }) => {
    await openPanels(page);
    const checks = recordPasswordChecks(page);
    for (const round of [1, 2]) {
      await action(page, OFFICE, 'zones').click();
      const dialog = page.getByRole('dialog', { name: 'Sign in to Merkez Ofis' });
      await dialog.getByTestId('panel-password').fill(MASTER);
      await dialog.getByTestId('panel-password').press('Enter');
      const zones = page.getByRole('dialog', { name: 'Merkez Ofis: zones' });
      await expect(zones.getByTestId('zone-0')).toBeVisible();
      expect(checks).toHaveLength(round);
      if (round === 1) {
        // Edit opens the zone's quick edit at once, sent with the password just given for this list.
        await zones.getByRole('button', { name: 'Edit zone 5 Arka Kapi' }).click();
        const edit = page.getByRole('dialog', { name: 'Zone 5 Arka Kapi edit' });
        await edit.getByLabel('Name').fill('Arka Kapi 2');
        const saved = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/zone/'));
        await edit.getByRole('button', { name: 'Save' }).click();
        expect((await saved).postDataJSON()).toMatchObject({ name: 'Arka Kapi 2', password: MASTER });
        await expect(edit).toBeHidden();
        await expect(zones.getByTestId('zone-4')).toContainText('Arka Kapi 2');
        await expect(page.getByRole('dialog', { name: 'Sign in to Merkez Ofis' })).toHaveCount(0);
        expect(checks).toHaveLength(1);
      }
      await zones.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  });

  test('programming goes to the detail, which asks for the installer password, and waits for a disarmed panel', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await openPanels(page);
    const depot = action(page, DEPOT, 'program');
    await expect(depot).toBeDisabled();
    await expect(depot).toHaveAccessibleDescription('A panel can be programmed only while disarmed.');
    await action(page, OFFICE, 'program').click();
    await expect(page).toHaveURL(new RegExp(`/PanelDetail/${OFFICE}\\?tab=zones&program=true`));
    await logInToPanel(page, '1234');
    // The Zones tab, where a zone's programming starts, with the other menu at hand; no tab's name is cut off.
    await expectWholeTab(page, 'Zones');
    await expect(page.getByRole('button', { name: 'Program zone', exact: true })).toBeVisible();
    await chooseOtherTab(page, 'Monitoring centre (CMS)');
    await expectWholeTab(page, 'Monitoring centre (CMS)');
    // A phone: the chosen settings tab still shows its whole name.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Zones', exact: true }).click();
    await chooseOtherTab(page, 'Monitoring centre (CMS)');
    await expectWholeTab(page, 'Monitoring centre (CMS)');
  });

  test('a master login cannot program: no authority, and the detail opens without programming', async ({ page }) => {
    await openPanels(page);
    await action(page, OFFICE, 'program').click();
    await expect(page).toHaveURL(new RegExp(`/PanelDetail/${OFFICE}\\?tab=zones&program=true`));
    await logInToPanel(page, MASTER);
    await expect(toastAlert(page, 'Please sign in with an authorised user')).toContainText('No authority found');
    await expect(page.getByRole('tab', { name: 'Zones', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Other', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Program zone', exact: true })).toHaveCount(0);
  });

  test('zone bypass: sent, shown live; reverted when the panel refuses', async ({ page }) => {
    await openPanels(page);
    const commands = recordCommands(page);
    await action(page, OFFICE, 'zones').click();
    await page.getByRole('dialog').getByTestId('panel-password').fill(MASTER);
    await page.getByRole('dialog').getByTestId('panel-password').press('Enter');
    const zones = page.getByRole('dialog', { name: 'Merkez Ofis: zones' });
    await expect(zones.getByTestId('zone-4')).toContainText('Arka Kapi');
    await expect(zones.getByTestId('zone-4').getByRole('cell').first()).toHaveText('5');
    await expect(zones.getByTestId('zone-state-1')).toHaveText('Motion');
    await expect(zones.getByTestId('zone-state-5')).toHaveText('Manual bypass');

    const arka = zones.getByTestId('zone-bypass-4');
    await expect(arka).not.toBeChecked();
    let zoneReads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith(`/command/devices/${OFFICE}/zones`)) zoneReads += 1;
    });
    await arka.click();
    await answerSwitchConfirmation(page, 'Bypass zone 5 "Arka Kapi"?', ['Merkez Ofis']);
    await expect(arka).toBeChecked();
    await expect(zones.getByTestId('zone-state-4')).toHaveText('Manual bypass');
    expect(commands).toEqual([{ dev_id: OFFICE, command: 'BYPASS', password: MASTER, zoneoutno: 4, status: 1 }]);
    await expect.poll(() => zoneReads).toBeGreaterThan(0);

    // Refused (Err 2): the switch goes back, the persistent toast says so, the list is reloaded.
    await preferExample(page, '/command/devices/controlpanel', 'panel-error');
    const readsBefore = zoneReads;
    await arka.click();
    await answerSwitchConfirmation(page, 'Remove the bypass of zone 5 "Arka Kapi"?', ['Merkez Ofis']);
    await expect(toastAlert(page, 'An error occurred while sending the command to the panel')).toBeVisible();
    await expect(arka).toBeChecked();
    await expect.poll(() => zoneReads).toBeGreaterThan(readsBefore);

    await page.unroute('**/api/command/devices/controlpanel');
    await arka.click();
    await answerSwitchConfirmation(page, 'Remove the bypass of zone 5 "Arka Kapi"?', ['Merkez Ofis']);
    await expect(arka).not.toBeChecked();
    await expect(zones.getByTestId('zone-state-4')).toHaveText('Closed');
  });

  test('output switch: asks first, naming panel and output; sent and kept; reverted when the panel refuses, without reload', async ({
    page,
  }) => {
    await openPanels(page);
    const commands = recordCommands(page);
    await action(page, OFFICE, 'outputs').click();
    await page.getByRole('dialog').getByTestId('panel-password').fill(MASTER);
    await page.getByRole('dialog').getByTestId('panel-password').press('Enter');
    const outputs = page.getByRole('dialog', { name: 'Merkez Ofis: outputs' });
    const lock = outputs.getByTestId('output-switch-2');
    await expect(outputs.getByTestId('output-2')).toContainText('Kapi Kilidi');
    await expect(lock).not.toBeChecked();
    await expect(outputs.getByTestId('output-switch-1')).toBeChecked();

    let outputReads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith(`/command/devices/${OFFICE}/outs`)) outputReads += 1;
    });
    // The door lock: the switch asks first, naming the panel and the output; Cancel sends nothing and moves nothing.
    await lock.click();
    await answerSwitchConfirmation(page, 'Turn on output 3 "Kapi Kilidi"?', ['Merkez Ofis', 'Kapi Kilidi'], 'cancel');
    await expect(lock).not.toBeChecked();
    // From the keyboard too: Space on the switch asks, Escape answers no (the output list stays open).
    await lock.focus();
    await page.keyboard.press('Space');
    await answerSwitchConfirmation(page, 'Turn on output 3 "Kapi Kilidi"?', ['Merkez Ofis'], 'escape');
    await expect(outputs).toBeVisible();
    await expect(lock).not.toBeChecked();
    expect(commands).toEqual([]);
    // Confirmed: the command goes.
    await lock.click();
    await answerSwitchConfirmation(page, 'Turn on output 3 "Kapi Kilidi"?', ['Merkez Ofis', 'Kapi Kilidi']);
    await expect(lock).toBeChecked();
    expect(commands).toEqual([{ dev_id: OFFICE, command: 'OUTPUT', password: MASTER, zoneoutno: 2, status: 1 }]);

    await preferExample(page, '/command/devices/controlpanel', 'panel-error');
    await lock.click();
    await answerSwitchConfirmation(page, 'Turn off output 3 "Kapi Kilidi"?', ['Merkez Ofis', 'Kapi Kilidi']);
    await expect(toastAlert(page, 'An error occurred while sending the command to the panel')).toBeVisible();
    await expect(lock).toBeChecked();
    await page.unroute('**/api/command/devices/controlpanel');
    await lock.click();
    await answerSwitchConfirmation(page, 'Turn off output 3 "Kapi Kilidi"?', ['Merkez Ofis', 'Kapi Kilidi']);
    await expect(lock).not.toBeChecked();
    expect(outputReads).toBe(0);
  });

  test('ready to arm: open zones are listed with their bypass switch; arming with one is a forced arm, chosen', async ({
    page,
  }) => {
    await openPanels(page);
    const commands = recordCommands(page);
    await action(page, OFFICE, 'ARM').click();
    const dialog = page.getByRole('dialog', { name: 'Merkez Ofis: arm' });
    const ready = dialog.getByTestId('ready-zones');
    // Salon PIR (zone 2) sees motion; the closed zones and the bypassed, closed Garaj are not listed.
    await expect(dialog.getByTestId('ready-warning')).toHaveText(
      '1 zone is open or in trouble. Bypass it, or arm anyway as a forced arm:',
    );
    await expect(ready.getByRole('listitem')).toHaveCount(1);
    await expect(dialog.getByTestId('ready-zone-1')).toContainText('2. Salon PIR');
    const salon = dialog.getByTestId('zone-bypass-1');
    // The switch waits for the password it is sent with.
    await expect(salon).toBeDisabled();
    await dialog.getByTestId('panel-password').fill(MASTER);
    await expect(salon).toBeEnabled();
    // The text and the rule agree: with the zone open, Arm waits for the forced arm to be chosen, Enter sends nothing.
    const armButton = dialog.getByRole('button', { name: 'Arm', exact: true });
    const forced = dialog.getByRole('checkbox', { name: 'Forced arm: arm with the open zone (it is not guarded)' });
    await expect(forced).not.toBeChecked();
    await expect(armButton).toBeDisabled();
    await dialog.getByTestId('panel-password').press('Enter');
    await forced.check();
    await expect(armButton).toBeEnabled();
    await forced.uncheck();
    await expect(armButton).toBeDisabled();
    // Bypassed, the panel is ready: no forced arm is left to choose.
    await salon.click();
    await answerSwitchConfirmation(page, 'Bypass zone 2 "Salon PIR"?', ['Merkez Ofis']);
    await expect(salon).toBeChecked();
    await expect(dialog.getByTestId('ready-clear')).toBeVisible();
    await expect(forced).toHaveCount(0);
    await expect(armButton).toBeEnabled();
    await expect(dialog.getByTestId('ready-zone-1')).toContainText('Manual bypass');
    // Undo it: the panel is as the other tests expect it.
    await salon.click();
    await answerSwitchConfirmation(page, 'Remove the bypass of zone 2 "Salon PIR"?', ['Merkez Ofis']);
    await expect(salon).not.toBeChecked();
    await expect(dialog.getByTestId('ready-warning')).toBeVisible();
    await expect(armButton).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(commands.filter((body) => body.command === 'ARM')).toEqual([]);
  });

  test('an arm that does not show on the live feed is said plainly', async ({ page, request }) => {
    await page.clock.install();
    await openPanels(page);
    try {
      await request.post(`${MOCK_API}/__mock/broker/stop`);
      await expect(page.getByTestId('live-status')).not.toHaveText('Live');
      await expect(await sendCommand(page, OFFICE, 'ARM', MASTER, { forced: true })).toBeHidden();
      const warning = page
        .getByRole('status')
        .filter({ hasText: 'Merkez Ofis took the command but has not turned armed' });
      // The console waits 8 s for the armed state (arm-watch.ts): that long passes at once.
      await expect(warning).toBeHidden();
      await letTimePass(page, 8_000);
      await expect(warning).toBeVisible();
    } finally {
      await request.post(`${MOCK_API}/__mock/broker/start`);
    }
    // The feed comes back with the panel armed; leave it disarmed.
    await expect(stateChip(page, OFFICE)).toHaveText('Armed', { timeout: 30_000 });
    await expect(await sendCommand(page, OFFICE, 'DISARM', MASTER)).toBeHidden();
    await expect(stateChip(page, OFFICE)).toHaveText('Disarmed');
  });

  test('a 390-pixel phone: the actions wrap and the dialogs fit, without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPanels(page);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await action(page, OFFICE, 'ARM').click();
    const dialog = page.getByRole('dialog', { name: 'Merkez Ofis: arm' });
    await expect(dialog.getByTestId('ready-zone-1')).toBeVisible();
    const box = await dialog
      .getByRole('heading')
      .first()
      .evaluate((node) => node.closest('.MuiDialog-paper')!.getBoundingClientRect().width);
    expect(box).toBeLessThanOrEqual(390);
    expect(await fits()).toBe(true);
  });

  test('the zones dialog on a 390-pixel phone: names keep their words, Edit is on the screen and opens the zone’s quick edit', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPanels(page);
    await action(page, OFFICE, 'zones').click();
    await page.getByRole('dialog').getByTestId('panel-password').fill(MASTER);
    await page.getByRole('dialog').getByTestId('panel-password').press('Enter');
    const zones = page.getByRole('dialog', { name: 'Merkez Ofis: zones' });
    await expect(zones.getByTestId('zone-4')).toContainText('Arka Kapi');
    // Each name (the row's second cell) takes one or two lines: a name broken letter by letter takes one a letter.
    const rows = zones.getByTestId(/^zone-\d+$/);
    expect(await rows.count()).toBeGreaterThan(1);
    const lines = await rows.evaluateAll((zoneRows) =>
      zoneRows.map((zoneRow) => {
        const name = (zoneRow as HTMLTableRowElement).cells[1]!.firstChild!;
        const range = document.createRange();
        range.selectNodeContents(name);
        return [name.textContent, new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size];
      }),
    );
    for (const [name, count] of lines) expect(count, `lines of "${name}"`).toBeLessThanOrEqual(2);
    // The dialog and every zone's Edit are within the screen's width, nothing scrolls sideways.
    for (const box of await zones
      .getByRole('button', { name: /^Edit zone / })
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect()))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const edit = zones.getByRole('button', { name: 'Edit zone 5 Arka Kapi' });
    await edit.scrollIntoViewIfNeeded();
    await expect(edit).toBeInViewport({ ratio: 1 });
    await edit.click();
    // The zone's quick edit opens over the list, on the phone's screen.
    const quickEdit = page.getByRole('dialog', { name: 'Zone 5 Arka Kapi edit' });
    await expect(quickEdit.getByLabel('Name')).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the command dialogs have no serious accessibility issue (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await openPanels(page);
      await expect(page.locator('html')).toHaveClass(new RegExp(scheme));
      await expectAccessible(page);
      // The cards' icon buttons (the ⋮ of each panel, the view toggle) are seen against the page too.
      expect(describeIconContrast(await iconContrastOffenders(page))).toEqual([]);
      await action(page, OFFICE, 'ARM').click();
      await expect(page.getByRole('dialog').getByTestId('ready-zones')).toBeVisible();
      await page.getByRole('dialog').getByTestId('panel-password').fill('12a');
      await expect(page.getByRole('dialog')).toContainText('A panel password has digits only.');
      await expectAccessible(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      await action(page, OFFICE, 'zones').click();
      await page.getByRole('dialog').getByTestId('panel-password').fill(MASTER);
      await page.getByRole('dialog').getByTestId('panel-password').press('Enter');
      await expect(page.getByRole('dialog', { name: 'Merkez Ofis: zones' }).getByTestId('zone-0')).toBeVisible();
      await expectAccessible(page);
    });
  }
});

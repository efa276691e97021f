/**
 * Panel programming against the real stack: the generated forms of the list tabs' records (zone, panel user; a zone
 * its panel reports unnamed and on no keypad reads back and saves) and
 * of the other menu's settings tabs (SIA events, remote server, the message to the panel, automation programs),
 * each field's own message, Save only for a valid change, the review of exactly what changes, the write and its
 * toast, the values read back from the mock, Turkish, the gates (armed, plan without PRG, not the installer), a
 * write the disconnected panel refuses (and the review that then queues instead), and axe-core on the forms. Every test starts from the contract's panels
 * and an empty settings store (the mock's reset control).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { expectAccessible, letTimePass, logInToPanel, MOCK_API, openSignedIn, resetPanels } from './support.ts';

const PANEL_1 = 864215040012345; // Merkez Ofis: connected, disarmed
const ARMED_PANEL = 864215040045678; // armed, no partitions
const INSTALLER = '1234'; // panel user 0, the installer
const MASTER = '5678'; // panel user 1, not the installer

const en = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, never>;
const tr = JSON.parse(readFileSync('locales/tr.json', 'utf8')) as Record<string, never>;
/** A text of a locale file by its dotted key (`settings.zone.name.label`). */
const text = (locale: Record<string, never>, key: string): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale);
  if (typeof value !== 'string') throw new Error(`No text ${key}`);
  return value;
};

const SUCCESS = text(en, 'commands.success');
const FAILED = text(en, 'commands.failed');

const detailPath = (devId: number, tab?: string) => `/PanelDetail/${devId}${tab ? `?tab=${tab}` : ''}`;

/** Opens the detail signed in as `user`, logged in to the panel with the given password. */
async function openPanel(page: Page, devId = PANEL_1, password = INSTALLER, tab?: string, language = 'en') {
  await openSignedIn(page, 'user', detailPath(devId, tab), language);
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('panel-password').fill(password);
  await dialog
    .getByRole('button', { name: text(language === 'tr' ? tr : en, 'commands.login.submit'), exact: true })
    .click();
  await expect(page.getByRole('tablist', { name: language === 'tr' ? undefined : 'Panel tabs' })).toBeVisible();
}

/** Chooses a record in a list tab's picker and opens its programming dialog. */
async function programRecord(page: Page, picker: string, number: number, button: string): Promise<Locator> {
  await page.getByRole('combobox', { name: picker, exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${number}( · |$)`) }).click();
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${number}( · .*)? — (Edit|Düzenle)$`) });
  await expect(dialog.getByRole('button', { name: /^(Save|Kaydet)$/ })).toBeVisible();
  return dialog;
}

/** A select of the form offers these options (first ones, in order) and not `absent`; closed again by Escape. */
async function expectOptions(page: Page, dialog: Locator, label: string, first: string[], absent: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  const options = page.getByRole('listbox').getByRole('option');
  // The list arrives from the server (the field shows the stored code alone until it has).
  await expect(async () => expect((await options.allTextContents()).slice(0, first.length)).toEqual(first)).toPass();
  await expect(options.filter({ hasText: absent })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** A settings tab's section, named by its form's title. */
const section = (page: Page, title: string) => page.getByRole('region', { name: title });

/** The next settings write to the mock (the group's own call), with its body. */
const nextWrite = (page: Page, operation: string): Promise<Request> =>
  page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/${operation}`));

/** The review dialog lists exactly these changes: setting, value on the panel, new value. */
async function expectReview(page: Page, changes: [string, string, string][]): Promise<Locator> {
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review).toBeVisible();
  const rows = review
    .getByRole('table', { name: 'Changes' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(changes.length);
  for (const [index, [setting, before, after]] of changes.entries()) {
    await expect(rows.nth(index).getByRole('rowheader')).toHaveText(setting);
    await expect(rows.nth(index).getByRole('cell')).toHaveText([before, after]);
  }
  return review;
}

const successToast = (page: Page) => page.getByRole('status').filter({ hasText: SUCCESS });

test.beforeEach(({ request }) => resetPanels(request));

test('a zone: three tabs, two changes reviewed, written, and read back from the panel', async ({ page }) => {
  await openPanel(page, PANEL_1, INSTALLER, 'zones');
  let dialog = await programRecord(page, 'Zone', 2, 'Program zone');
  await expect(dialog).toHaveAccessibleName('2 · Salon PIR — Edit');
  // The lists the server words (zone types, behaviours) come in the person's language (the `language` header).
  await expectOptions(page, dialog, 'Zone type', ['Burglary', 'Fire', 'Panic'], 'Hırsız');
  await expectOptions(page, dialog, 'Behaviour', ['Instant', 'Entry/exit delay'], 'Giriş/Çıkış Gecikmeli');
  const formTabs = dialog.getByRole('tablist', { name: 'Parts of the form' }).getByRole('tab');
  await expect(formTabs).toHaveText(['Zone', 'Keypads', 'Other']);
  await expect(formTabs.first()).toHaveAttribute('aria-selected', 'true');
  const status = dialog.getByRole('status');
  await expect(status).toHaveText('No changes to write.');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();

  await dialog.getByLabel('Zone name').fill('Salon PIR 2');
  await expect(status).toHaveText('1 change not written yet.');
  await dialog.getByRole('tab', { name: 'Keypads' }).click();
  await expect(dialog.getByLabel('Zone name')).toHaveCount(0);
  const light = dialog.getByRole('group', { name: 'Zone light keypads' });
  await expect(light.getByRole('checkbox', { name: 'Keypad 2' })).toBeChecked();
  await light.getByRole('checkbox', { name: 'Keypad 2' }).uncheck();
  await expect(status).toHaveText('2 changes not written yet.');
  await dialog.getByRole('tab', { name: 'Other' }).click();
  await expect(dialog.getByLabel('Wireless ID')).toBeVisible();
  // What was typed on another tab is kept.
  await dialog.getByRole('tab', { name: 'Zone' }).click();
  await expect(dialog.getByLabel('Zone name')).toHaveValue('Salon PIR 2');

  await dialog.getByRole('button', { name: 'Save' }).click();
  const review = await expectReview(page, [
    ['Zone name', 'Salon PIR', 'Salon PIR 2'],
    ['Zone light keypads', 'Keypad 1, Keypad 2', 'Keypad 1'],
  ]);
  await expect(review).toContainText('These 2 changes will be written to the panel:');
  const written = nextWrite(page, 'setzonesettings');
  await review.getByRole('button', { name: 'Write to panel' }).click();
  expect((await written).postDataJSON()).toMatchObject({
    dev_id: PANEL_1,
    command: 'SET',
    group: 0,
    member: 1,
    user_pass: INSTALLER,
    name: 'Salon PIR 2',
    light_keypad: '11000000',
    warn_keypad: '11110000',
  });
  await expect(successToast(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The zone list names the zone as the panel now holds it.
  const zoneName = page.getByTestId('zone-2').getByRole('cell').nth(1);
  await expect(zoneName).toHaveText('Salon PIR 2');

  // A new page reads the zone from the panel again: the mock stored the write. The panel password was kept in
  // memory only, so the new page asks for it again.
  await page.reload();
  await logInToPanel(page, INSTALLER);
  // The server's zone list and the picker say the new name too (one truth with the panel's record).
  await expect(zoneName).toHaveText('Salon PIR 2');
  const read = page.waitForRequest(
    (request) =>
      request.url().endsWith('/getpanelsettings') &&
      (request.postDataJSON() as { group?: number; member?: number }).group === 0 &&
      (request.postDataJSON() as { member?: number }).member === 1,
  );
  dialog = await programRecord(page, 'Zone', 2, 'Program zone');
  await read;
  await expect(dialog).toHaveAccessibleName('2 · Salon PIR 2 — Edit');
  await expect(dialog.getByLabel('Zone name')).toHaveValue('Salon PIR 2');
  await dialog.getByRole('tab', { name: 'Keypads' }).click();
  const lightAgain = dialog.getByRole('group', { name: 'Zone light keypads' });
  await expect(lightAgain.getByRole('checkbox', { name: 'Keypad 1' })).toBeChecked();
  await expect(lightAgain.getByRole('checkbox', { name: 'Keypad 2' })).not.toBeChecked();
  await expect(dialog.getByRole('status')).toHaveText('No changes to write.');
});

test('a zone its panel reports unnamed and on no keypad reads back, is renamed, saved, and its name cleared again', async ({
  page,
}) => {
  await openPanel(page, PANEL_1, INSTALLER, 'zones');
  // Zone 7 is in no zone list: its panel reports it as a zone never set up (contract example group-0-zone-record-6).
  let dialog = await programRecord(page, 'Zone', 7, 'Program zone');
  await expect(dialog).toHaveAccessibleName('7 — Edit');
  const status = dialog.getByRole('status');
  await expect(dialog.getByLabel('Zone name')).toHaveValue('');
  await expect(status).toHaveText('No changes to write.');
  await dialog.getByRole('tab', { name: 'Keypads' }).click();
  for (const name of ['Entry chime keypads', 'Exit chime keypads', 'Zone light keypads', 'Notification keypads']) {
    const keypads = dialog.getByRole('group', { name });
    await expect(keypads.getByRole('checkbox')).toHaveCount(4);
    for (const keypad of await keypads.getByRole('checkbox').all()) await expect(keypad).not.toBeChecked();
  }
  await expect(dialog.getByRole('tab', { name: /has fields to correct/ })).toHaveCount(0);

  await dialog.getByRole('tab', { name: 'Zone' }).click();
  await dialog.getByLabel('Zone name').fill('Depo Kapisi');
  await expect(status).toHaveText('1 change not written yet.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  let review = await expectReview(page, [['Zone name', '—', 'Depo Kapisi']]);
  let written = nextWrite(page, 'setzonesettings');
  await review.getByRole('button', { name: 'Write to panel' }).click();
  expect((await written).postDataJSON()).toMatchObject({
    group: 0,
    member: 6,
    zone_no: 6,
    name: 'Depo Kapisi',
    entry_chime_keypad: '00000000',
    exit_chime_keypad: '00000000',
    light_keypad: '00000000',
    warn_keypad: '00000000',
  });
  await expect(successToast(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Cleared again, the name is written empty, as the panel held it (not left out, which would keep the old one).
  dialog = await programRecord(page, 'Zone', 7, 'Program zone');
  await expect(dialog.getByLabel('Zone name')).toHaveValue('Depo Kapisi');
  await dialog.getByLabel('Zone name').clear();
  await expect(dialog.getByRole('status')).toHaveText('1 change not written yet.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  review = await expectReview(page, [['Zone name', 'Depo Kapisi', '—']]);
  written = nextWrite(page, 'setzonesettings');
  await review.getByRole('button', { name: 'Write to panel' }).click();
  expect((await written).postDataJSON()).toMatchObject({ member: 6, name: '', warn_keypad: '00000000' });
  await expect(successToast(page)).toBeVisible();
});

test('a panel user: no day is a value, letters in the phone are refused; a day and a start time are written; the installer flag is fixed', async ({
  page,
}) => {
  await openPanel(page, PANEL_1, INSTALLER, 'users');
  const dialog = await programRecord(page, 'Panel user', 3, 'Program panel user');
  await expect(dialog).toHaveAccessibleName('3 · Ahmet — Edit');
  const status = dialog.getByRole('status');
  const save = dialog.getByRole('button', { name: 'Save' });
  await dialog.getByRole('tab', { name: 'Authorities' }).click();
  const installer = dialog.locator('[role="radiogroup"][id$="auth_installer"]');
  await expect(installer.getByRole('radio')).toHaveCount(2);
  for (const radio of await installer.getByRole('radio').all()) await expect(radio).toBeDisabled();
  await expect(installer.getByRole('radio', { name: 'No' })).toBeChecked();

  await dialog.getByRole('tab', { name: 'Days and hours' }).click();
  const days = dialog.getByRole('group', { name: 'Allowed days' });
  // One days field, drawn once.
  await expect(days).toHaveCount(1);
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await days.getByRole('checkbox', { name: day }).uncheck();
  }
  // No day chosen is a value a panel holds (a user slot not in use): "required" asks for the days, not for one.
  await expect(status).toHaveText('1 change not written yet.');
  await expect(save).toBeEnabled();

  // The phone is digits (spec 2 §5): a letter is refused with its message, and the tab says it has a field to correct.
  await dialog.getByRole('tab', { name: 'User' }).click();
  const phone = dialog.getByLabel('Phone');
  const phoneOnPanel = await phone.inputValue();
  await phone.fill('0532 111');
  await expect(dialog).toContainText('Use digits only');
  await expect(status).toHaveText('1 field needs correcting before saving.');
  await expect(save).toBeDisabled();
  await dialog.getByRole('tab', { name: 'Days and hours' }).click();
  await expect(dialog.getByRole('tab', { name: 'User: has fields to correct' })).toBeVisible();
  await dialog.getByRole('tab', { name: 'User: has fields to correct' }).click();
  await phone.fill(phoneOnPanel);
  await expect(dialog).not.toContainText('Use digits only');

  await dialog.getByRole('tab', { name: 'Days and hours' }).click();
  await days.getByRole('checkbox', { name: 'Saturday' }).check();
  const start = dialog.getByRole('group', { name: 'Start time' });
  await start.getByRole('spinbutton', { name: 'Hours' }).click();
  await page.keyboard.type('0830');
  await expect(start.getByRole('spinbutton', { name: 'Hours' })).toHaveText('08');
  await expect(start.getByRole('spinbutton', { name: 'Minutes' })).toHaveText('30');
  await expect(status).toHaveText('2 changes not written yet.');

  await dialog.getByRole('button', { name: 'Save' }).click();
  const review = await expectReview(page, [
    ['Allowed days', 'Mon, Tue, Wed, Thu, Fri, Sat, Sun', 'Sat'],
    ['Start time', '00:00', '08:30'],
  ]);
  const written = nextWrite(page, 'setusersettings');
  await review.getByRole('button', { name: 'Write to panel' }).click();
  expect((await written).postDataJSON()).toMatchObject({
    group: 2,
    member: 3,
    days: {
      monday: false,
      tuesday: false,
      wednesday: false,
      thursday: false,
      friday: false,
      saturday: true,
      sunday: false,
    },
    start_time: { hour: 8, minute: 30 },
    end_time: { hour: 23, minute: 59 },
    auth: { installer: false },
  });
  await expect(successToast(page)).toBeVisible();
});

test('a SIA code of 3 characters is refused with its message, and Enter says to correct it', async ({ page }) => {
  await openPanel(page, PANEL_1, INSTALLER, 'sia-event');
  const form = section(page, 'SIA event settings');
  const code = form.getByLabel('Event code');
  await expect(code).toHaveValue('BA');
  await code.fill('BAX');
  await expect(form).toContainText('Enter exactly 2 characters');
  await expect(form.getByRole('status')).toHaveText('1 field needs correcting before saving.');
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

  await code.press('Enter');
  const warning = page.getByRole('status').filter({ hasText: 'Please correct the highlighted fields.' });
  await expect(warning).toContainText('Warning');
  await expect(page.getByRole('dialog', { name: 'Review changes' })).toHaveCount(0);

  await code.fill('BX');
  await expect(form).not.toContainText('Enter exactly 2 characters');
  await expect(form.getByRole('status')).toHaveText('1 change not written yet.');
  await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
  // The warning stays until it is closed.
  await expect(warning).toBeVisible();
});

test('remote server: the IP is checked only while the domain name is off', async ({ page }) => {
  await openPanel(page, PANEL_1, INSTALLER, 'remote-server');
  const form = section(page, 'Remote server settings');
  const save = form.getByRole('button', { name: 'Save' });
  const useDomain = form.getByRole('switch', { name: 'Use domain name' });
  await expect(useDomain).not.toBeChecked();
  const ip = form.getByLabel('IP address');
  await expect(ip).toHaveValue('185.12.64.10');

  await ip.fill('185.12.64');
  await expect(form).toContainText(text(en, 'settings.errors.ipv4'));
  await expect(form.getByRole('status')).toHaveText('1 field needs correcting before saving.');
  await expect(save).toBeDisabled();

  await useDomain.check();
  await expect(form).not.toContainText(text(en, 'settings.errors.ipv4'));
  await expect(form.getByRole('status')).toHaveText('2 changes not written yet.');
  await expect(save).toBeEnabled();

  // Off again: the address must be one again.
  await useDomain.uncheck();
  await expect(form).toContainText(text(en, 'settings.errors.ipv4'));
  await expect(save).toBeDisabled();

  // No address at all, with the domain name off, is no address either.
  await ip.fill('');
  await expect(form.getByRole('status')).toHaveText('1 field needs correcting before saving.');
  await expect(save).toBeDisabled();
});

test('the message to the panel starts from its defaults and refuses a short period and screen time', async ({
  page,
}) => {
  await openPanel(page, PANEL_1, INSTALLER, 'panel-message');
  const form = section(page, 'Message to the panel');
  await expect(form.getByLabel('Period')).toHaveValue('60');
  await expect(form.getByLabel('Screen time')).toHaveValue('60');
  await expect(form.getByLabel('Repeat count')).toHaveValue('5');
  const send = form.getByRole('button', { name: 'Send' });

  await form.getByLabel('Message').fill('Toplanti saat 15te');
  await expect(send).toBeEnabled();
  await form.getByLabel('Period').fill('59');
  await expect(form).toContainText('At least 60 seconds');
  await form.getByLabel('Screen time').fill('9');
  await expect(form).toContainText('At least 10 seconds');
  await expect(form.getByRole('status')).toHaveText('2 fields need correcting before saving.');
  await expect(send).toBeDisabled();

  await form.getByLabel('Period').fill('60');
  await form.getByLabel('Screen time').fill('10');
  await expect(form).not.toContainText('At least 60 seconds');
  await expect(form).not.toContainText('At least 10 seconds');
  await expect(send).toBeEnabled();
});

test('an automation program is edited in its dialog, reviewed and written', async ({ page }) => {
  await openPanel(page, PANEL_1, INSTALLER, 'automation');
  const programs = section(page, 'Automation program').getByRole('list', { name: 'Programs' });
  await expect(programs.getByRole('listitem')).toHaveCount(8);
  await programs.getByRole('button', { name: 'Edit program 3' }).click();
  const dialog = page.getByRole('dialog', { name: '3 · Program 3 — Edit' });
  const description = dialog.getByLabel('Description');
  await expect(description).toHaveValue('Bahce isigi aksam');
  await description.fill('Bahce isigi gece');
  await expect(dialog.getByRole('status')).toHaveText('1 change not written yet.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const review = await expectReview(page, [['Description', 'Bahce isigi aksam', 'Bahce isigi gece']]);
  await expect(review).toContainText('This change will be written to the panel:');
  const written = nextWrite(page, 'settimersettings');
  await review.getByRole('button', { name: 'Write to panel' }).click();
  expect((await written).postDataJSON()).toMatchObject({
    group: 8,
    member: 3,
    id: 3,
    description: 'Bahce isigi gece',
  });
  await expect(successToast(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('in Turkish the zone form speaks Turkish only', async ({ page }) => {
  await openPanel(page, PANEL_1, INSTALLER, 'zones', 'tr');
  const dialog = await programRecord(
    page,
    text(tr, 'programming.pick.zone'),
    2,
    text(tr, 'programming.pick.programZone'),
  );
  await expect(dialog).toHaveAccessibleName('2 · Salon PIR — Düzenle');
  await expect(dialog.getByRole('tab')).toHaveText(['Zon', 'Tuş takımları', 'Diğer']);
  const zoneTab = ['name', 'active', 'stay_arm', 'behaviour', 'el_registor', 'zone_type', 'no_nc', 'autobypass'];
  for (const field of zoneTab) {
    await expect(dialog.getByText(text(tr, `settings.zone.${field}.label`)).first()).toBeVisible();
    await expect(dialog).not.toContainText(text(en, `settings.zone.${field}.label`));
  }
  await expect(dialog.getByRole('status')).toHaveText(text(tr, 'programming.noChanges'));
  await expectOptions(
    page,
    dialog,
    text(tr, 'settings.zone.zone_type.label'),
    ['Hırsız', 'Yangın', 'Panik'],
    'Burglary',
  );
  await expectOptions(
    page,
    dialog,
    text(tr, 'settings.zone.behaviour.label'),
    ['Anında', 'Giriş/Çıkış Gecikmeli'],
    'Entry/exit delay',
  );
  await expect(dialog.getByRole('button', { name: text(tr, 'programming.save') })).toBeDisabled();
  for (const english of ['Save', 'Cancel', 'No changes to write.', 'Yes', 'No']) {
    await expect(dialog.getByText(english, { exact: true })).toHaveCount(0);
  }
  await dialog.getByLabel(text(tr, 'settings.zone.name.label')).fill('Salon PIR!');
  await expect(dialog).toContainText(text(tr, 'settings.errors.name'));
  await expect(dialog).not.toContainText(text(en, 'settings.errors.name'));
});

test('an armed panel cannot be written, and says why', async ({ page }) => {
  await openPanel(page, ARMED_PANEL, INSTALLER, 'remote-server');
  const form = section(page, 'Remote server settings');
  await expect(form.getByRole('alert')).toHaveText('A panel can be programmed only while disarmed.');
  await form.getByLabel('Port').fill('7002');
  await expect(form.getByRole('status')).toHaveText('1 change not written yet.');
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.goto(detailPath(ARMED_PANEL, 'zones'));
  await logInToPanel(page, INSTALLER);
  const dialog = await programRecord(page, 'Zone', 1, 'Program zone');
  await expect(dialog).toContainText('A panel can be programmed only while disarmed.');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('a plan without programming cannot write, and says why', async ({ page }) => {
  await page.route(/\/api\/user-authority$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, PRG: false } } });
  });
  await openPanel(page, PANEL_1, INSTALLER, 'remote-server');
  const form = section(page, 'Remote server settings');
  await expect(form).toContainText('Your plan does not allow this.');
  await form.getByLabel('Port').fill('7002');
  await expect(form.getByRole('status')).toHaveText('1 change not written yet.');
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('the master user has no programming: no other menu, no program buttons', async ({ page }) => {
  await openPanel(page, PANEL_1, MASTER, 'zones');
  await expect(page.getByTestId('zone-1')).toBeVisible();
  await expect(page.getByTestId('panel-login-user')).toContainText('Panel user 1');
  await expect(page.getByRole('button', { name: 'Other', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Program zone' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Users', exact: true }).click();
  await expect(page.getByTestId('panel-user-2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Program panel user' })).toHaveCount(0);
});

test('a write the disconnected panel refuses: the persistent failure, and the form keeps the typed value', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await openPanel(page, PANEL_1, INSTALLER, 'remote-server');
  const form = section(page, 'Remote server settings');
  const port = form.getByLabel('Port');
  await port.fill('7002');
  await form.getByRole('button', { name: 'Save' }).click();
  const review = await expectReview(page, [['Port', '7001', '7002']]);

  // The write leaves while the panel is still connected and reaches it after the panel went away: it is held until
  // the panel is disconnected, so the console could not know before sending it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/setremotesettings$/, async (route) => {
    await held;
    await route.continue();
  });
  const written = page.waitForResponse((response) => response.url().endsWith('/setremotesettings'));
  await review.getByRole('button', { name: 'Write to panel' }).click();
  const disconnected = await request.post(`${MOCK_API}/__mock/panels/connection`, {
    data: { dev_id: PANEL_1, connected: false },
  });
  expect(disconnected.ok()).toBe(true);
  release();
  expect(((await (await written).json()) as { Err: number }).Err).not.toBe(0);
  const failure = page.getByRole('alert').filter({ hasText: FAILED });
  await expect(failure).toBeVisible();
  await expect(successToast(page)).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Review changes' })).toHaveCount(0);
  await expect(port).toHaveValue('7002');
  await expect(form.getByRole('status')).toHaveText('1 change not written yet.');
  // The panel is now known to be disconnected: nothing is written to it until it is back; saving queues instead
  // (tests/e2e/queue.spec.ts).
  await expect(form.getByTestId('settings-offline-note')).toHaveText(
    'The panel is offline. Saving queues the change for when it connects.',
  );
  await form.getByRole('button', { name: 'Save' }).click();
  const queueReview = await expectReview(page, [['Port', '7001', '7002']]);
  await expect(queueReview.getByRole('button', { name: 'Write to panel' })).toHaveCount(0);
  await expect(queueReview.getByRole('button', { name: 'Queue for when the panel connects' })).toBeEnabled();
  await queueReview.getByRole('button', { name: 'Cancel' }).click();
  // A success would have gone after 5 seconds; the failure stays until closed.
  await letTimePass(page, 6_000);
  await expect(failure).toBeVisible();
});

test('the review queues instead of writing once the panel goes away while it is open', async ({ page, request }) => {
  await openPanel(page, PANEL_1, INSTALLER, 'remote-server');
  const form = section(page, 'Remote server settings');
  await form.getByLabel('Port').fill('7002');
  await form.getByRole('button', { name: 'Save' }).click();
  const review = await expectReview(page, [['Port', '7001', '7002']]);
  const write = review.getByRole('button', { name: 'Write to panel' });
  await expect(write).toBeEnabled();

  const disconnected = await request.post(`${MOCK_API}/__mock/panels/connection`, {
    data: { dev_id: PANEL_1, connected: false },
  });
  expect(disconnected.ok()).toBe(true);
  await expect(write).toHaveCount(0);
  await expect(review).toContainText('This change will be queued and written when the panel connects:');
  await expect(review.getByRole('button', { name: 'Queue for when the panel connects' })).toBeEnabled();
  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(form.getByTestId('settings-offline-note')).toBeVisible();
});

test('a form names its yes/no choices by their labels and draws no heading for help', async ({ page }) => {
  await openPanel(page, PANEL_1, INSTALLER, 'users');
  const dialog = await programRecord(page, 'Panel user', 3, 'Program panel user');
  await expect(dialog.locator('h6')).toHaveCount(0);
  await dialog.getByRole('tab', { name: 'Authorities' }).click();
  const installer = dialog.getByRole('radiogroup', { name: 'Installer' });
  await expect(installer.getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(dialog.getByRole('heading', { level: 3, name: 'Authorities' })).toBeVisible();
  await expect(dialog.locator('h6')).toHaveCount(0);
});

test('no serious accessibility issue in the zone dialog, the user’s days tab and the remote server tab', async ({
  page,
}) => {
  await openPanel(page, PANEL_1, INSTALLER, 'zones');
  let dialog = await programRecord(page, 'Zone', 2, 'Program zone');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Users', exact: true }).click();
  dialog = await programRecord(page, 'Panel user', 3, 'Program panel user');
  await dialog.getByRole('tab', { name: 'Days and hours' }).click();
  await expect(dialog.getByRole('group', { name: 'Start time' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(detailPath(PANEL_1, 'remote-server'));
  await logInToPanel(page, INSTALLER);
  await expect(section(page, 'Remote server settings').getByLabel('IP address')).toBeVisible();
  await expectAccessible(page);
});

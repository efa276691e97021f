/**
 * The audit log against the real stack (Prism mock, broker, simulator): an arm, a bypass and a settings write made
 * through the mock API by different accounts each appear in `/Audit` with who made them, the filters live in the
 * URL, and the settings write opens with its old → new values as the programming's review of changes shows them.
 * An entry opens on a click or Enter (the line under the table says so); a panel a user added is named in its entry.
 * A panel's detail has an "Audit" tab with that panel's entries for dealers and administrators, none for the end user.
 * Every test starts from an empty log and the contract's panels (the mock's reset controls).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  contractToken,
  expectAccessible,
  localeText,
  logInToPanel,
  MOCK_API,
  openSignedIn,
  resetPanels,
} from './support.ts';
import { readBody } from '../../src/lib/forms/settings/settings-body.ts';

const OFFICE = 864215040012345; // Merkez Ofis: connected, disarmed, no partitions
const DEPOT = 864215040023456; // Zeynep's second panel
const MASTER = '5678';
const INSTALLER = '1234';

async function call(request: APIRequestContext, username: string, path: string, data: object): Promise<void> {
  const response = await request.post(`${MOCK_API}${path}`, {
    headers: { authorization: `Bearer ${contractToken(username)}`, agent: 'browser' },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { Err?: number }).Err).toBe(0);
}

/**
 * Zone 2 of Merkez Ofis (record 1) as the settings form writes it: read from the panel (the mock's settings read),
 * then written back whole with the fields given changed. `before` is the record as read.
 */
async function zoneWrite(request: APIRequestContext, fields: object) {
  const target = { devId: OFFICE, password: INSTALLER, record: 1 };
  const read = await request.post(`${MOCK_API}/command/devices/getpanelsettings`, {
    headers: { authorization: `Bearer ${contractToken('dealer')}`, agent: 'browser' },
    data: readBody(0, target),
  });
  expect(read.status()).toBe(200);
  const before = ((await read.json()) as { data: Record<string, unknown> }).data;
  return { before, body: { ...before, ...readBody(0, target), command: 'SET', ...fields } };
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Audit log entries', exact: true });
const rows = (page: Page) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });

test.beforeEach(async ({ request }) => {
  expect((await request.post(`${MOCK_API}/__mock/areas/reset`)).status()).toBe(200);
  await resetPanels(request);
});

test.afterEach(async ({ request }) => {
  await resetPanels(request);
});

test('an arm, a bypass and a settings write appear in /Audit with their user and old → new values', async ({
  page,
  request,
}) => {
  await call(request, 'user', '/command/devices/controlpanel', {
    dev_id: OFFICE,
    command: 'ARM',
    password: MASTER,
    partno: 0,
    ispart: false,
  });
  await call(request, 'user', '/command/devices/controlpanel', {
    dev_id: OFFICE,
    command: 'BYPASS',
    password: MASTER,
    zoneoutno: 4,
    status: 1,
  });
  const zone = await zoneWrite(request, { name: 'Salon PIR 2', act_time: 5 });
  await call(request, 'dealer', '/command/devices/setzonesettings', zone.body);

  await openSignedIn(page, 'admin', '/Audit');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  // Newest first: the dealer's settings write, then Zeynep's bypass and arm, all on Merkez Ofis.
  await expect(rows(page).nth(0)).toContainText('Mehmet Demir');
  await expect(rows(page).nth(0)).toContainText('Settings write');
  await expect(rows(page).nth(0)).toContainText('Merkez Ofis');
  await expect(rows(page).nth(1)).toContainText('Zeynep Kaya');
  await expect(rows(page).nth(1)).toContainText('Zone bypass');
  await expect(rows(page).nth(2)).toContainText('Zeynep Kaya');
  await expect(rows(page).nth(2)).toContainText('Arm');
  await expectAccessible(page);

  // The settings write opens with its changes as the programming's review shows them: labels and old → new.
  await rows(page).nth(0).getByRole('gridcell').nth(1).click();
  const dialog = page.getByRole('dialog', { name: /Audit entry/ });
  await expect(dialog).toBeVisible();
  const changes = dialog.getByRole('table', { name: 'Changes' });
  const nameRow = changes.getByRole('row', { name: new RegExp(localeText('en', 'settings.zone.name.label')) });
  await expect(nameRow.getByRole('cell')).toHaveText([String(zone.before.name), 'Salon PIR 2']);
  const timeRow = changes.getByRole('row', { name: new RegExp(localeText('en', 'settings.zone.act_time.label')) });
  await expect(timeRow.getByRole('cell')).toHaveText([String(zone.before.act_time), '5']);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The bypass: the zone and the state it set.
  await rows(page).nth(1).getByRole('gridcell').nth(1).click();
  await expect(dialog.getByRole('row', { name: /status/ }).getByRole('cell')).toHaveText(['not known', '1']);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A filter lives in the URL: a reload keeps it.
  await page.goto('/Audit?action=bypass');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).nth(0)).toContainText('Zone bypass');
});

test('a dealer sees the entries on its users’ panels', async ({ page, request }) => {
  await call(request, 'user', '/command/devices/controlpanel', {
    dev_id: OFFICE,
    command: 'ARM',
    password: MASTER,
    partno: 0,
    ispart: false,
  });
  await openSignedIn(page, 'dealer', '/Audit');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).nth(0)).toContainText('Zeynep Kaya');
});

test('a failed sign-in is a security event: filtered by its action, opened with the name given and the address', async ({
  page,
  request,
}) => {
  const failed = await request.post(`${MOCK_API}/logins`, { data: { username: 'intruder', password: 'guess' } });
  expect(failed.status()).toBe(401);
  await openSignedIn(page, 'admin', '/Audit?action=sign_in_failure');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).nth(0)).toContainText('intruder (no such account)');
  await expect(rows(page).nth(0)).toContainText('Failed sign-in');
  await rows(page).nth(0).getByRole('gridcell').nth(1).click();
  const dialog = page.getByRole('dialog', { name: /Audit entry/ });
  await expect(dialog.getByRole('row', { name: /Name given/ }).getByRole('cell')).toHaveText('intruder');
  await expect(dialog.getByRole('row', { name: /Client address/ }).getByRole('cell')).toHaveText(/\S/);
  await expect(dialog).not.toContainText('guess');
  await expectAccessible(page);
  // A dealer does not see a name no account has (on this browser once this tab is closed: open tabs share a session).
  const dealerPage = await page.context().newPage();
  await page.close();
  await openSignedIn(dealerPage, 'dealer', '/Audit?action=sign_in_failure');
  await expect(grid(dealerPage).getByText('No rows match the filters.')).toBeVisible();
  await expect(dealerPage.getByText('intruder')).toHaveCount(0);
});

test('a panel a user added is named in its entry; a click opens an entry, as the line under the table says', async ({
  page,
  request,
}) => {
  const added = { dev_id: 864215040056789, Description: 'Villa Cesme' };
  const headers = { authorization: `Bearer ${contractToken('user')}`, agent: 'browser' };
  const asked = await request.post(`${MOCK_API}/command/devices/generatecode`, { headers, data: added });
  const { code } = (await asked.json()) as { code: string };
  const saved = await request.post(`${MOCK_API}/command/devices/userdevices/addpanel`, {
    headers,
    data: { ...added, code },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, 'admin', '/Audit?action=panel_admin');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).nth(0)).toContainText('Villa Cesme');
  await expect(page.getByText('Click a row, or press Enter on one of its cells, to open it.')).toBeVisible();
  // One click (a tap on a phone) opens the entry.
  await rows(page).nth(0).getByRole('gridcell').nth(1).click();
  const dialog = page.getByRole('dialog', { name: /Audit entry/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Villa Cesme');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

const arm = (devId: number) => ({ dev_id: devId, command: 'ARM', password: MASTER, partno: 0, ispart: false });

test('a panel’s Audit tab lists that panel’s entries, with their old → new values', async ({ page, request }) => {
  await call(request, 'user', '/command/devices/controlpanel', arm(OFFICE));
  await call(request, 'user', '/command/devices/controlpanel', arm(DEPOT));
  const zone = await zoneWrite(request, { name: 'Salon PIR 2' });
  await call(request, 'dealer', '/command/devices/setzonesettings', zone.body);

  await openSignedIn(page, 'admin', `/PanelDetail/${OFFICE}?tab=audit`);
  await logInToPanel(page, INSTALLER);
  await expect(page.getByRole('tab', { name: 'Audit', exact: true })).toHaveAttribute('aria-selected', 'true');
  // Merkez Ofis's two entries, newest first; the arm of the other panel is not listed, nor a panel column.
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(0)).toContainText('Mehmet Demir');
  await expect(rows(page).nth(0)).toContainText('Settings write');
  await expect(rows(page).nth(1)).toContainText('Zeynep Kaya');
  await expect(rows(page).nth(1)).toContainText('Arm');
  await expect(grid(page).getByRole('columnheader', { name: 'Panel', exact: true })).toHaveCount(0);
  await expectAccessible(page);

  await rows(page).nth(0).getByRole('gridcell').nth(1).click();
  const dialog = page.getByRole('dialog', { name: /Audit entry/ });
  const changes = dialog.getByRole('table', { name: 'Changes' });
  const nameRow = changes.getByRole('row', { name: new RegExp(localeText('en', 'settings.zone.name.label')) });
  await expect(nameRow.getByRole('cell')).toHaveText([String(zone.before.name), 'Salon PIR 2']);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Reached from another tab too, and the URL follows it.
  await page.getByRole('tab', { name: 'Zones', exact: true }).click();
  await page.getByRole('tab', { name: 'Audit', exact: true }).click();
  await expect(page).toHaveURL(/[?&]tab=audit/);
  await expect(rows(page)).toHaveCount(2);
});

test('the end user has no Audit tab, and a link to it opens General', async ({ page, request }) => {
  await call(request, 'user', '/command/devices/controlpanel', arm(OFFICE));
  await openSignedIn(page, 'user', `/PanelDetail/${OFFICE}?tab=audit`);
  await logInToPanel(page, INSTALLER);
  await expect(page.getByRole('tab', { name: 'General', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Card reader (PTS)', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Audit', exact: true })).toHaveCount(0);
  await expect(grid(page)).toHaveCount(0);
});

/**
 * Programming templates against the real stack: a whole programming exported from one panel and imported into
 * another with its diff per group, written and read back; files that are not templates, or whose values the
 * schemas refuse, refused with nothing written; a template applied to several panels, with a dry run first and a
 * panel that is not connected reported, not skipped; an armed panel cannot be chosen. Every test starts from the
 * contract's panels and an empty settings store.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import type { AuditLogResponse } from '@generated/api/types.gen.ts';
import {
  contractToken,
  expectAccessible,
  localeText,
  MOCK_API,
  logInToPanel,
  openPanelDetail,
  openSignedIn,
  resetPanels,
} from './support.ts';
import { settingsGroupNumbers } from '../contract/contract-loader.ts';

const OFFICE = 864215040012345; // Merkez Ofis: connected, disarmed
const DEPOT = 864215040023456; // Depo: connected, partition 1 armed
const SUMMER_HOUSE = 864215040034567; // Yazlık Bodrum: not connected
const SHOP = 864215040045678; // Mağaza Kadıköy: armed
/** How many settings groups a whole programming holds: the contract's (one file each). */
const GROUPS = settingsGroupNumbers().length;
const INSTALLER = '1234';
const MASTER = '5678';

const en = (key: string) => localeText('en', key);
const label = (key: string) => en(`${key}.label`);

/** The settings writes the page sends (every group's write is a POST to its own `set…settings` call). */
function recordWrites(page: Page): Request[] {
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/set[a-z]*settings$/.test(request.url())) writes.push(request);
  });
  return writes;
}

/** Disarms the depot's armed partition from the panel list, as a person would (the master password). */
async function disarmDepot(page: Page): Promise<void> {
  await openSignedIn(page, 'user', '/Panels');
  const depot = page.getByTestId(`panel-${DEPOT}`);
  await depot.getByTestId('action-DISARM-1').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('panel-password').fill(MASTER);
  await dialog.getByTestId('panel-password').press('Enter');
  await expect(depot.getByTestId('action-ARM-1')).toBeVisible();
}

/** A template file holding one record of each given group, as the console writes them. */
function templateFile(groups: Record<number, Record<string, unknown>>): {
  name: string;
  mimeType: string;
  buffer: Buffer;
} {
  const template = {
    format: 'alarm-console-programming',
    schemaVersion: 1,
    exportedAt: '2026-11-20T09:30:00.000Z',
    panel: { devId: OFFICE, description: 'Merkez Ofis' },
    groups: Object.fromEntries(Object.entries(groups).map(([group, data]) => [group, { 0: data }])),
  };
  return { name: 'template.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(template)) };
}

/** The contract's example of a settings group. */
const example = (file: string): Record<string, unknown> =>
  (JSON.parse(readFileSync(`openapi/settings/${file}.json`, 'utf8')) as { examples: Record<string, unknown>[] })
    .examples[0]!;

test.beforeEach(({ request }) => resetPanels(request));

test('a whole programming moves from one panel to another: exported, compared per group, written, read back', async ({
  page,
}) => {
  await disarmDepot(page);
  await page.goto(`/PanelDetail/${OFFICE}`);
  await logInToPanel(page, INSTALLER);
  await page.getByRole('button', { name: en('panelDetail.templates.export') }).click();
  const exporting = page.getByRole('dialog', { name: 'Export programming — Merkez Ofis' });
  await expect(exporting.getByText(`The template holds ${GROUPS} groups.`)).toBeVisible({ timeout: 60_000 });
  await expect(exporting.getByRole('table', { name: 'Read results' }).getByRole('row')).toHaveCount(GROUPS + 1);
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await exporting.getByRole('button', { name: `Download (${GROUPS} groups)` }).click();
  const file = await (await download).path();
  expect((await download).suggestedFilename()).toMatch(/^programming-864215040012345-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync(file, 'utf8')) as { groups: Record<string, Record<string, unknown>> };
  expect(Object.keys(exported.groups)).toHaveLength(GROUPS);
  expect(exported.groups['0']!['0']).toMatchObject({ zone_no: 0, name: 'Giris Kapisi' });
  // Secrets (the contract's x-secret-fields) are left out unless asked for, and the dialog says which.
  const secrets = exporting.getByTestId('template-secrets-left-out');
  await expect(secrets).toContainText(label('settings.wifi.password'));
  await expect(secrets).toContainText(label('settings.panel-user.card_id'));
  expect(exported.groups['21']!['0']).toHaveProperty('ssid');
  expect(exported.groups['21']!['0']).not.toHaveProperty('password');
  expect(exported.groups['9']!['0']).not.toHaveProperty('password');
  expect(Object.values(exported.groups['2']!).some((user) => 'card_id' in (user as object))).toBe(false);
  await expect(exporting.getByTestId('template-secrets-warning')).toHaveCount(0);
  await exporting.getByRole('checkbox', { name: en('programming.templates.export.includeSecrets') }).check();
  await expect(exporting.getByTestId('template-secrets-warning')).toHaveText(
    en('programming.templates.export.secretsWarning'),
  );
  await expect(secrets).toHaveCount(0);
  const withSecrets = page.waitForEvent('download');
  await exporting.getByRole('button', { name: `Download (${GROUPS} groups)` }).click();
  const whole = JSON.parse(readFileSync(await (await withSecrets).path(), 'utf8')) as typeof exported;
  expect(whole.groups['21']!['0']).toHaveProperty('password');
  expect(Object.values(whole.groups['2']!).every((user) => 'card_id' in (user as object))).toBe(true);

  await page.goto(`/PanelDetail/${DEPOT}`);
  await logInToPanel(page, INSTALLER);
  const writes = recordWrites(page);
  await page.getByRole('button', { name: en('panelDetail.templates.import') }).click();
  const importing = page.getByRole('dialog', { name: 'Import programming — Depo' });
  await importing.getByLabel('Template file').setInputFiles(file);
  await expect(importing).toContainText('Template of Merkez Ofis (864215040012345)');
  await expect(importing).toContainText('It comes from another panel: check the changes before writing.');
  // The file was exported without its secrets: the import names them (the depot keeps its own).
  await expect(importing.getByTestId('template-lacks-secrets')).toContainText(label('settings.wifi.password'));
  await expect(importing.getByTestId('template-lacks-secrets')).toContainText(label('settings.panel-user.card_id'));
  // The zones differ by their names: each record's change, on the depot → from the file.
  const zones = importing.getByRole('listitem').filter({ hasText: 'Zone settings' });
  await expect(zones).toContainText(/\d+ changes · \d+ records/);
  await zones.getByRole('button', { name: 'Show changes' }).click();
  const zone1 = importing.getByRole('region', { name: 'zone 1', exact: true });
  await expect(zone1.getByRole('row').filter({ hasText: label('settings.zone.name') })).toHaveText(
    /Zone name\s*Yukleme Kapisi\s*Giris Kapisi/,
  );
  await expect(importing).toContainText(/Already the same on the panel: .*NTP \(time\) settings/);
  await expectAccessible(page);
  expect(writes).toHaveLength(0);

  await importing.getByRole('button', { name: /^Write \d+ groups?$/ }).click();
  await expect(importing.getByText('Done: every group was written.')).toBeVisible({ timeout: 60_000 });
  const results = importing.getByRole('table', { name: 'Write results' });
  await expect(results.getByRole('row').filter({ hasText: 'Zone settings' })).toContainText('Written');
  expect(writes.some((write) => write.url().endsWith('/setzonesettings'))).toBe(true);
  // Only what differs was sent: no write of a group that was already the same.
  expect(writes.some((write) => write.url().endsWith('/setntpsettings'))).toBe(false);
  await importing.getByRole('button', { name: 'Close' }).click();

  // Read back from the depot: its zone 1 now has the office's name.
  await page.getByRole('tab', { name: en('panelDetail.tabs.zones') }).click();
  await page.getByRole('combobox', { name: en('programming.pick.zone'), exact: true }).click();
  await page.getByRole('option', { name: /^1( · |$)/ }).click();
  await page.getByRole('button', { name: en('programming.pick.programZone'), exact: true }).click();
  await expect(page.getByRole('dialog').getByLabel(label('settings.zone.name'))).toHaveValue('Giris Kapisi');
});

test('a file that is not a template, or whose values the schemas refuse, is refused and nothing is written', async ({
  page,
}) => {
  await openPanelDetail(page, OFFICE, INSTALLER);
  const writes = recordWrites(page);
  await page.getByRole('button', { name: en('panelDetail.templates.import') }).click();
  const importing = page.getByRole('dialog', { name: 'Import programming — Merkez Ofis' });
  const picker = importing.getByLabel('Template file');

  await picker.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('zone 1: door') });
  const problem = importing.getByRole('alert').filter({ hasText: en('programming.templates.errors.title') });
  await expect(problem).toContainText(en('programming.templates.errors.notJson'));

  await picker.setInputFiles({
    name: 'other.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ zones: [] })),
  });
  await expect(problem).toContainText(en('programming.templates.errors.wrongFormat'));

  // A SIA code of three characters: the SIA schema's own rule refuses it, named by group and field.
  await picker.setInputFiles(templateFile({ 7: { ...example('07-sia-event'), event_code: 'BAX' } }));
  await expect(problem).toContainText('1 record holds values the panel does not accept:');
  await expect(problem).toContainText(`SIA event settings: ${label('settings.sia-event.event_code')}`);
  await expect(importing.getByRole('button', { name: /^Write/ })).toHaveCount(0);
  await expectAccessible(page);
  expect(writes).toHaveLength(0);
});

test('a template applied to several panels: a dry run first, a panel not connected reported, an armed one not offered', async ({
  page,
}) => {
  await disarmDepot(page);
  await page.goto(`/PanelDetail/${OFFICE}`);
  await logInToPanel(page, INSTALLER);
  const writes = recordWrites(page);
  await page.getByRole('button', { name: en('panelDetail.templates.apply') }).click();
  const applying = page.getByRole('dialog', { name: 'Apply programming to other panels — Merkez Ofis' });

  await applying
    .getByLabel('Template file')
    .setInputFiles(
      templateFile({ 14: { ...example('14-ntp'), server1: 'tr.pool.ntp.org' }, 7: example('07-sia-event') }),
    );
  await expect(applying).toContainText('2 groups, 2 records.');
  await applying.getByRole('checkbox', { name: 'NTP (time) settings' }).check();
  await expect(applying.getByRole('checkbox', { name: 'SIA event settings' })).not.toBeChecked();

  const targets = applying.getByRole('list', { name: 'Panels to program' });
  const shop = targets.getByRole('checkbox', { name: `Mağaza Kadıköy (${SHOP})` });
  await expect(shop).toBeDisabled();
  await expect(shop).toHaveAccessibleDescription(en('commands.reason.armed'));
  await targets.getByRole('checkbox', { name: /^Depo/ }).check();
  await targets.getByRole('checkbox', { name: /Yazlık Bodrum/ }).check();
  const dryRun = applying.getByRole('button', { name: 'Dry run' });
  await expect(dryRun).toBeDisabled(); // every chosen panel needs its password first
  await applying.getByLabel(`Installer password of Depo (${DEPOT})`).fill(INSTALLER);
  await applying.getByLabel(`Installer password of Yazlık Bodrum (${SUMMER_HOUSE})`).fill(INSTALLER);
  await dryRun.click();

  const plans = applying.getByRole('region', { name: 'Changes per panel' });
  await expect(plans).toContainText('Cannot be applied: the panel is not connected.', { timeout: 30_000 });
  await expect(plans).toContainText('1 change · 1 record');
  expect(writes).toHaveLength(0);
  await expectAccessible(page);

  await applying.getByRole('button', { name: 'Apply to 1 panel' }).click();
  await expect(applying).toContainText(`Yazlık Bodrum (${SUMMER_HOUSE}): not applied (the panel is not connected).`, {
    timeout: 30_000,
  });
  await expect(applying).toContainText('Done on the other panels.');
  const results = applying.getByRole('table', { name: 'Results per panel and group' });
  await expect(results.getByRole('row').filter({ hasText: 'NTP (time) settings' })).toContainText('Written');
  expect(
    writes.map((write) => [write.url().split('/').pop(), (write.postDataJSON() as { dev_id: number }).dev_id]),
  ).toEqual([['setntpsettings', DEPOT]]);
  expect(writes[0]!.postDataJSON()).toMatchObject({ server1: 'tr.pool.ntp.org' });
  // The write says it is a template's, and the audit log records it so, by the user who applied it.
  expect(await writes[0]!.headerValue('audit-action')).toBe('template_apply');
  const log = await page.request.get(`${MOCK_API}/audit-log?action=template_apply&dev_id=${DEPOT}`, {
    headers: { authorization: `Bearer ${contractToken('admin')}` },
  });
  expect(log.status()).toBe(200);
  const entries = ((await log.json()) as AuditLogResponse).data;
  expect(entries[0]).toMatchObject({
    user: { name: 'Zeynep Kaya' },
    panel: { dev_id: DEPOT },
    operation: 'setntpsettings',
    changes: expect.arrayContaining([expect.objectContaining({ field: 'server1', new: 'tr.pool.ntp.org' })]),
  });
});

test('a template for a panel not connected is queued for when it connects, and applied then', async ({
  page,
  request,
}) => {
  expect((await request.post(`${MOCK_API}/__mock/areas/reset`)).status()).toBe(200);
  await openSignedIn(page, 'user', `/PanelDetail/${OFFICE}`);
  await logInToPanel(page, INSTALLER);
  await page.getByRole('button', { name: en('panelDetail.templates.apply') }).click();
  const applying = page.getByRole('dialog', { name: 'Apply programming to other panels — Merkez Ofis' });
  await applying
    .getByLabel('Template file')
    .setInputFiles(templateFile({ 14: { ...example('14-ntp'), server1: 'tr.pool.ntp.org' } }));
  await applying.getByRole('checkbox', { name: 'NTP (time) settings' }).check();
  const targets = applying.getByRole('list', { name: 'Panels to program' });
  await targets.getByRole('checkbox', { name: /Yazlık Bodrum/ }).check();
  await applying.getByLabel(`Installer password of Yazlık Bodrum (${SUMMER_HOUSE})`).fill(INSTALLER);
  await applying.getByRole('button', { name: 'Dry run' }).click();
  const plans = applying.getByRole('region', { name: 'Changes per panel' });
  await expect(plans).toContainText('Cannot be applied: the panel is not connected.', { timeout: 30_000 });

  const queued = page.waitForRequest((req) => req.url().endsWith('/panel-queue') && req.method() === 'POST');
  await plans.getByRole('button', { name: en('programming.queue.queue') }).click();
  const sent = await queued;
  expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent.postDataJSON()).toMatchObject({
    dev_id: SUMMER_HOUSE,
    write: { dev_id: SUMMER_HOUSE, command: 'SET', group: 14, user_pass: INSTALLER, server1: 'tr.pool.ntp.org' },
    before: { server1: example('14-ntp').server1 },
    action: 'template_apply',
  });
  await expect(plans).toContainText('Queued: 1 record will be written when the panel connects.');
  await expect(plans.getByRole('button', { name: en('programming.queue.queue') })).toHaveCount(0);
  await expectAccessible(page);

  const connected = await request.post(`${MOCK_API}/__mock/panels/connection`, {
    data: { dev_id: SUMMER_HOUSE, connected: true },
  });
  expect(connected.ok()).toBe(true);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Yazlık Bodrum: the queued change to NTP (time) settings was written.' }),
  ).toBeVisible();
});

test('a panel that disconnects in the middle of an import stops it, and the result says which groups were written', async ({
  page,
  request,
}) => {
  await openPanelDetail(page, OFFICE, INSTALLER);
  const writes = recordWrites(page);
  // The panel goes away just as the second group's write reaches the server.
  await page.route('**/api/command/devices/setntpsettings', async (route) => {
    const response = await request.post(`${MOCK_API}/__mock/panels/connection`, {
      data: { dev_id: OFFICE, connected: false },
    });
    expect(response.ok()).toBe(true);
    await route.continue();
  });
  await page.getByRole('button', { name: en('panelDetail.templates.import') }).click();
  const importing = page.getByRole('dialog', { name: 'Import programming — Merkez Ofis' });
  await importing.getByLabel('Template file').setInputFiles(
    templateFile({
      0: { ...example('00-zone'), name: 'Ana Kapi' },
      14: { ...example('14-ntp'), server1: 'tr.pool.ntp.org' },
      16: example('16-panel-general'),
    }),
  );
  await importing.getByRole('button', { name: 'Write 2 groups' }).click();
  await expect(importing.getByRole('alert').filter({ hasText: 'The panel stopped the work' })).toHaveText(
    'The panel stopped the work: the panel is not connected. Written: Zone settings.',
  );
  const results = importing.getByRole('table', { name: 'Write results' });
  await expect(results.getByRole('row').filter({ hasText: 'Zone settings' })).toContainText('Written');
  await expect(results.getByRole('row').filter({ hasText: 'NTP (time) settings' })).toContainText('Failed');
  expect(writes.map((write) => write.url().split('/').pop())).toEqual(['setzonesettings', 'setntpsettings']);
});

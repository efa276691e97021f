/**
 * The programming queue against the real stack: a change saved while the panel is offline opens from
 * the server's known copy, is queued from the review, shows in the detail's count, the Queue tab and the panel
 * list, and is applied when the panel connects again (a toast, the item applied, the form reading the new value back
 * from the panel); a change made at the panel's keypad meanwhile makes the queued write conflict, shown as three
 * values per field and resolved by a choice — in Turkish at 390 px, with axe-core on the Queue tab (light and dark)
 * and the dialog.
 * Every test starts from the contract's panels, an empty queue and no known copies (the mock's reset controls).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, localeText, logInToPanel, MOCK_API, openPanelDetail, resetPanels } from './support.ts';

const PANEL_1 = 864215040012345; // Merkez Ofis: connected, disarmed
const INSTALLER = '1234';
const REMOTE_SERVER = 13; // the remote server settings: one record, its port 7001 in the examples

async function connect(request: APIRequestContext, connected: boolean): Promise<void> {
  const response = await request.post(`${MOCK_API}/__mock/panels/connection`, {
    data: { dev_id: PANEL_1, connected },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Waits until the detail knows the panel's connection (the live feed said so). */
async function expectConnected(page: Page, connected: boolean, language: 'en' | 'tr' = 'en'): Promise<void> {
  await expect(page.getByTestId('panel-state')).toHaveText(
    connected ? /.+/ : localeText(language, 'panels.state.disconnected'),
  );
  if (connected) {
    await expect(page.getByTestId('panel-state')).not.toHaveText(localeText(language, 'panels.state.disconnected'));
  }
}

/** Opens a settings tab of the installer's other menu. */
async function openSettingsTab(page: Page, tab: string, language: 'en' | 'tr' = 'en'): Promise<void> {
  await page.getByRole('button', { name: localeText(language, 'panelDetail.otherMenu'), exact: true }).click();
  await page.getByRole('menuitem', { name: localeText(language, `panelDetail.tabs.${tab}`), exact: true }).click();
}

/** Saves the remote server's port while the panel is offline: the form says so, the review queues it. */
async function queuePort(page: Page, port: string, language: 'en' | 'tr' = 'en'): Promise<void> {
  await openSettingsTab(page, 'remoteServer', language);
  const note = page.getByTestId('settings-offline-note');
  await expect(note).toContainText(localeText(language, 'programming.queue.offlineNote').split(':')[0]!);
  const form = page.getByRole('region', { name: localeText(language, 'settings.remote-server.title') });
  await expect(form.getByLabel('Port')).toHaveValue('7001');
  await form.getByLabel('Port').fill(port);
  await form.getByRole('button', { name: localeText(language, 'programming.save'), exact: true }).click();
  const review = page.getByRole('dialog', { name: localeText(language, 'programming.diff.title') });
  await expect(review.getByRole('button', { name: localeText(language, 'programming.diff.write') })).toHaveCount(0);
  const queued = page.waitForResponse(
    (response) => response.url().endsWith('/panel-queue') && response.request().method() === 'POST',
  );
  await review.getByRole('button', { name: localeText(language, 'programming.queue.queue'), exact: true }).click();
  const request = (await queued).request();
  expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(request.postDataJSON()).toMatchObject({
    dev_id: PANEL_1,
    write: {
      dev_id: PANEL_1,
      command: 'SET',
      group: REMOTE_SERVER,
      member: 0,
      user_pass: INSTALLER,
      port: Number(port),
    },
    before: { port: 7001 },
    action: 'settings_write',
  });
  await expect(page.getByRole('status').filter({ hasText: localeText(language, 'queue.queued') })).toBeVisible();
  await expect(review).toHaveCount(0);
}

test.beforeEach(async ({ request }) => {
  await resetPanels(request);
  expect((await request.post(`${MOCK_API}/__mock/areas/reset`)).status()).toBe(200);
});

test('a change queued for an offline panel: counted, listed, applied when it connects and read back', async ({
  page,
  request,
}) => {
  await openPanelDetail(page, PANEL_1, INSTALLER);
  await connect(request, false);
  await expectConnected(page, false);
  await queuePort(page, '7002');

  // The detail's count and the Queue tab.
  await expect(page.getByTestId('queue-count')).toHaveText('1 queued');
  await page.getByRole('tab', { name: 'Queue', exact: true }).click();
  const item = page.getByRole('listitem').filter({ hasText: 'Remote server settings' });
  await expect(item).toContainText('Queued');
  await expect(item).toContainText('Port: 7001 → 7002');
  await expect(item).toContainText('Zeynep Kaya');

  // The panel list counts it too.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Panels' }).click();
  const row = page.getByTestId(`panel-${PANEL_1}`);
  await expect(row.getByTestId('queue-count')).toHaveText('1 queued');

  // The panel connects: the server applies the write, the console tells once and the count goes.
  await connect(request, true);
  const applied = page
    .getByRole('status')
    .filter({ hasText: 'Merkez Ofis: the queued change to Remote server settings was written.' });
  await expect(applied).toBeVisible();
  await expect(applied).toHaveCount(1);
  await expect(row.getByTestId('queue-count')).toHaveCount(0);

  // Back in the detail: the item applied, and the form reads the new value from the panel.
  await page.goto(`/PanelDetail/${PANEL_1}?tab=queue`);
  await logInToPanel(page, INSTALLER);
  await expect(page.getByRole('listitem').filter({ hasText: 'Remote server settings' })).toContainText('Applied');
  await openSettingsTab(page, 'remoteServer');
  await expect(page.getByTestId('settings-offline-note')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Remote server settings' }).getByLabel('Port')).toHaveValue('7002');
});

test('a conflict in Turkish at 390 px: three values per field, a choice, applied; axe on the tab and the dialog', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPanelDetail(page, PANEL_1, INSTALLER, { language: 'tr' });
  await connect(request, false);
  await expectConnected(page, false, 'tr');
  await queuePort(page, '7002', 'tr');

  // Someone changes the port at the panel's keypad; then the panel connects.
  const keypad = await request.post(`${MOCK_API}/__mock/panels/settings`, {
    data: { dev_id: PANEL_1, group: REMOTE_SERVER, values: { port: 7005 } },
  });
  expect(keypad.ok(), await keypad.text()).toBe(true);
  await connect(request, true);
  await expect(
    page.getByRole('status').filter({
      hasText: 'Merkez Ofis: Uzak sunucu ayarları için sıradaki değişiklik seçim bekliyor',
    }),
  ).toBeVisible();
  await expect(page.getByTestId('queue-count')).toHaveText('1 seçim bekliyor');

  await page.getByRole('tab', { name: 'Sıra', exact: true }).click();
  const item = page.getByRole('listitem').filter({ hasText: 'Uzak sunucu ayarları' });
  await expect(item).toContainText('Seçim bekliyor');
  await expect(item).toContainText('Port: 7001 → 7002 (paneldeki şimdi: 7005)');
  // It is not done: it says it waits for a choice, never "Bitti".
  await expect(item).toContainText(/itibarıyla seçiminizi bekliyor/);
  await expect(item).not.toContainText('Bitti');
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectAccessible(page);

  await item.getByRole('button', { name: 'Değerleri seç' }).click();
  const dialog = page.getByRole('dialog', { name: 'Panel değişti: ne yazılacağını seçin' });
  const port = dialog.getByRole('group', { name: 'Port' });
  await expect(port.getByTestId('conflict-before')).toHaveText('7001');
  await expect(port.getByTestId('conflict-now')).toHaveText('7005');
  await expect(port.getByTestId('conflict-queued')).toHaveText('7002');
  // Closing and cancelling the queued write are named apart: "Kapat" beside "Değişikliği iptal et", no "İptal".
  await expect(dialog.getByRole('button', { name: 'Kapat', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Değişikliği iptal et', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'İptal', exact: true })).toHaveCount(0);
  await expectAccessible(page);
  const resolved = page.waitForRequest((req) => req.url().includes('/resolve') && req.method() === 'POST');
  await port.getByRole('radio', { name: 'Sıradaki: 7002' }).check();
  await dialog.getByRole('button', { name: 'Seçilen değerleri sıraya al' }).click();
  expect((await resolved).postDataJSON()).toEqual({ values: { port: 7002 } });
  await expect(dialog).toHaveCount(0);
  // The panel is connected: the write is applied at once.
  await expect(item).toContainText('Uygulandı');
  await expect(page.getByTestId('queue-count')).toHaveCount(0);
});

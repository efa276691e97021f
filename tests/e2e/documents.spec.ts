/**
 * The document browsers (/Help/List for everyone, /Help/Updates for administrators) against the real mock stack's
 * file store (mocks/areas/file-store.ts): folder tabs, opening folders by double click and by Enter, breadcrumbs, a PDF
 * download, the firmware page's confirm modal with its signed link, the store's error description in one danger
 * toast, the level rules, axe in both languages, and `/files` refused without a session (on the console's own server
 * and under `npm run preview`, which asks the API's `GET /file-access` as nginx does).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_PORTS } from '../../playwright.config.ts';
import { paths } from '../../src/lib/routing/paths.ts';
import {
  contractToken,
  expectAccessible,
  letTimePass,
  localeText,
  openSignedIn,
  withoutNewOrderModal,
} from './support.ts';

const toasts = (page: Page) => page.locator('[data-toasts]');
const grid = (page: Page) => page.getByRole('grid');
const row = (page: Page, name: string) => grid(page).getByRole('row').filter({ hasText: name });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const crumbs = (page: Page, language: 'en' | 'tr' = 'en') =>
  page.getByRole('navigation', { name: localeText(language, 'documents.breadcrumb') });

test.beforeEach(async ({ page }) => {
  await withoutNewOrderModal(page);
});

test('help shows the documentation folders as tabs; folders open by double click and Enter, breadcrumbs go back', async ({
  page,
}) => {
  await openSignedIn(page, 'user', paths.help);
  await expect(page.getByRole('heading', { level: 1, name: 'Help documents' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Document folders' }).getByRole('tab');
  await expect(tabs).toHaveText(['Kullanim Kilavuzlari', 'Teknik Belgeler']);
  await expect(tab(page, 'Kullanim Kilavuzlari')).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'MX-16G Kurulum.pdf')).toContainText('PDF document');
  await expect(row(page, 'Eski Surumler')).toContainText('Folder');

  // Double click opens a folder; its path is in the URL.
  await row(page, 'Eski Surumler').getByRole('gridcell').first().dblclick();
  await expect(row(page, 'MX-16G Kurulum 2022.pdf')).toBeVisible();
  await expect(page).toHaveURL(/\?path=%2FKullanim(\+|%20)Kilavuzlari%2FEski(\+|%20)Surumler$/);
  await expect(crumbs(page).getByText('Eski Surumler')).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);

  // The breadcrumb goes back up; the browser's back button too.
  await crumbs(page).getByRole('link', { name: 'Kullanim Kilavuzlari' }).click();
  await expect(row(page, 'MX-8 Kullanici Kilavuzu.pdf')).toBeVisible();
  await page.goBack();
  await expect(row(page, 'MX-16G Kurulum 2022.pdf')).toBeVisible();
  await page.goBack();

  // Enter on a focused cell opens a folder too.
  await row(page, 'Eski Surumler').getByRole('gridcell').first().click();
  await page.keyboard.press('Enter');
  await expect(row(page, 'MX-16G Kurulum 2022.pdf')).toBeVisible();

  // Another tab.
  await tab(page, 'Teknik Belgeler').click();
  await expect(row(page, 'Baglanti Semasi.pdf')).toBeVisible();
  await expect(tab(page, 'Teknik Belgeler')).toHaveAttribute('aria-selected', 'true');
});

test('a PDF downloads from its button and by Enter, as a real PDF', async ({ page }) => {
  await openSignedIn(page, 'dealer', paths.help);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download MX-16G Kurulum.pdf' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('MX-16G Kurulum.pdf');
  const bytes = await readFile((await saved.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const byEnter = page.waitForEvent('download');
  await row(page, 'MX-8 Kullanici Kilavuzu.pdf').getByRole('gridcell').first().click();
  await page.keyboard.press('Enter');
  expect((await byEnter).suggestedFilename()).toBe('MX-8 Kullanici Kilavuzu.pdf');
  await expect(toasts(page).getByRole('alert')).toHaveCount(0);
});

test('the firmware page shows only the firmware folder and confirms a download with its link', async ({ page }) => {
  await openSignedIn(page, 'admin', paths.firmware);
  await expect(page.getByRole('heading', { level: 1, name: 'Firmware files' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Document folders' }).getByRole('tab')).toHaveText(['Firmware']);
  await expect(row(page, 'mx16g-3.4.2.bin')).toContainText('Firmware file');
  // The store gives each file's size (optional in the contract), so the grid shows it.
  await expect(row(page, 'mx16g-3.4.2.bin')).toContainText('64 kB');

  await row(page, 'mx16g-3.4.2.bin').getByRole('gridcell').first().dblclick();
  const dialog = page.getByRole('dialog', { name: 'Download a firmware file' });
  await expect(dialog).toContainText('Download mx16g-3.4.2.bin?');
  const link = dialog.getByRole('link', { name: /\/files\/download\/fs-2002\?expires=\d+&sig=[\w-]+$/ });
  await expect(link).toBeVisible();
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download', exact: true }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('mx16g-3.4.2.bin');
  expect((await readFile((await saved.path())!)).length).toBe(64 * 1024);
  await expect(dialog).toBeHidden();

  // A subfolder, and Cancel leaves without a download.
  await row(page, 'MX-8').getByRole('gridcell').first().dblclick();
  await page.getByRole('button', { name: 'Download mx8-2.0.7.bin' }).click();
  await expect(dialog.getByRole('link', { name: /fs-2101/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('the console sends its token to the store; the download link it gets opens without one', async ({
  page,
  browser,
}) => {
  const seen: (string | null)[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/files/resources') seen.push(request.headers()['authorization'] ?? null);
  });
  await openSignedIn(page, 'user', paths.help);
  await expect(row(page, 'MX-16G Kurulum.pdf')).toBeVisible();
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((header) => header === `Bearer ${contractToken('user')}`)).toBe(true);

  // The signed link works from a context that holds no session at all; the listing does not.
  const answer = await page.request.get(
    `/files/resources/download?path=${encodeURIComponent('/Kullanim Kilavuzlari/MX-16G Kurulum.pdf')}`,
    { headers: { authorization: `Bearer ${contractToken('user')}` } },
  );
  const { href } = (await answer.json()) as { href: string };
  const fresh = await browser.newContext();
  const download = await fresh.request.get(href);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toContain('attachment');
  expect((await download.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect((await fresh.request.get(new URL(href).pathname)).status()).toBe(401);
  await fresh.close();
});

/** `/files` as a browser without a session, a user and an administrator get it from a server. */
async function expectFilesGuarded(request: APIRequestContext, origin: string) {
  const firmware = `${origin}/files/resources?path=${encodeURIComponent('/Firmware')}`;
  const bearer = (username: string) => ({ authorization: `Bearer ${contractToken(username)}` });
  const anonymous = await request.get(firmware);
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toMatchObject({ error: 'Unauthorized' });
  expect((await request.get(`${origin}/files/resources?path=%2F`)).status()).toBe(401);
  expect((await request.get(firmware, { headers: bearer('user') })).status()).toBe(403);
  expect((await request.get(firmware, { headers: bearer('dealer') })).status()).toBe(403);
  expect((await request.get(firmware, { headers: bearer('admin') })).status()).toBe(200);
  for (const uri of [
    '/files/resources?path=/Kullanim%20Kilavuzlari/%2e%2e/Firmware',
    '/files/resources?path=%252e%252e%252fFirmware',
    '/files/secret',
  ]) {
    expect((await request.get(`${origin}${uri}`, { headers: bearer('admin') })).status(), uri).toBe(400);
  }
  expect((await request.get(`${origin}/files/download/fs-2002`)).status()).toBe(401);
  expect((await request.get(`${origin}/files/download/fs-2002?expires=9999999999&sig=forged`)).status()).toBe(403);
}

test('/files is refused without a session, and firmware to anyone but an administrator', async ({ browser }) => {
  // The mock's file store itself, as `npm start`'s development server passes /files on to it.
  const fresh = await browser.newContext();
  await expectFilesGuarded(fresh.request, `http://127.0.0.1:${E2E_PORTS.api}`);
  await fresh.close();
});

test('the production preview refuses /files the same way (it asks GET /file-access first)', async ({ browser }) => {
  const fresh = await browser.newContext();
  await expectFilesGuarded(fresh.request, `http://127.0.0.1:${E2E_PORTS.console}`);
  await fresh.close();
});

test("an unknown folder shows the store's description in one danger toast", async ({ page }) => {
  await page.clock.install();
  await openSignedIn(page, 'user', `${paths.help}?path=${encodeURIComponent('/Yok/Boyle')}`);
  await expect(toasts(page).getByRole('alert')).toHaveText([/Resource not found\./]);
  await expect(page.getByText('The folder could not be read.')).toBeVisible();
  await letTimePass(page, 5_000);
  await expect(toasts(page).getByRole('alert')).toHaveCount(1);
});

test('a firmware path on the help page opens the help folders instead', async ({ page }) => {
  await openSignedIn(page, 'user', `${paths.help}?path=%2FFirmware`);
  await expect(page).toHaveURL(/\/Help\/List$/);
  await expect(row(page, 'MX-16G Kurulum.pdf')).toBeVisible();
  await expect(grid(page)).not.toContainText('.bin');
});

test('firmware files are for administrators; help is for everyone', async ({ page }) => {
  for (const username of ['user', 'dealer']) {
    await openSignedIn(page, username, paths.firmware);
    await expect(page).toHaveURL(/\/Error\/Forbidden$/);
    await page.goto(paths.help);
    await expect(page.getByRole('heading', { level: 1, name: 'Help documents' })).toBeVisible();
    await expect(row(page, 'MX-16G Kurulum.pdf')).toBeVisible();
    await page.evaluate(() => sessionStorage.clear());
  }
});

for (const language of ['tr', 'en'] as const) {
  test(`both pages are accessible in ${language}`, async ({ page }) => {
    await openSignedIn(page, 'admin', paths.help, language);
    await expect(
      page.getByRole('heading', { level: 1, name: localeText(language, 'documents.help.title') }),
    ).toBeVisible();
    await expect(row(page, 'MX-16G Kurulum.pdf')).toContainText(localeText(language, 'documents.kind.pdf'));
    await expectAccessible(page);
    await page.goto(`${paths.firmware}?path=%2FFirmware%2FMX-8`);
    await expect(
      page.getByRole('heading', { level: 1, name: localeText(language, 'documents.firmware.title') }),
    ).toBeVisible();
    await expect(row(page, 'mx8-2.0.7.bin')).toContainText(localeText(language, 'documents.kind.firmware'));
    await expect(crumbs(page, language).getByRole('link', { name: 'Firmware' })).toBeVisible();
    await expectAccessible(page);
  });
}

import { expect, test, type Page } from '@playwright/test';
import { contractToken, expectAccessible, localeText, MOCK_API, openSignedIn } from './support.ts';

// The firmware test workflow (spec 2 §2-§4) against the mock stack, whose firmware area (mocks/areas/firmware-tests.ts)
// remembers versions, stages, tests and results until `areas/reset`.

test.use({ timezoneId: 'Europe/Istanbul', viewport: { width: 1600, height: 900 } });

test.beforeEach(async ({ request }) => {
  expect((await request.post(`${MOCK_API}/__mock/areas/reset`)).status()).toBe(200);
});

const ROUTES = [
  '/PanelTest/List',
  '/PanelTest/Add',
  '/PanelTest/Models',
  '/PanelTest/2/Versions',
  '/PanelTest/2/Stages',
  '/PanelTest/401/test',
];

const grid = (page: Page, name: string) => page.getByRole('grid', { name, exact: true });
const rowWith = (page: Page, table: string, text: string) =>
  grid(page, table)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name: text, exact: true }) });

test('a whole test: added (model, then firmware), run with one error, reloaded mid-test, reported', async ({
  page,
}) => {
  await openSignedIn(page, 'admin', '/PanelTest/List');
  await expect(page.getByRole('heading', { name: 'Firmware tests', level: 1 })).toBeVisible();
  await expect(grid(page, 'Firmware tests').getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('progressbar', { name: 'Progress of test 401' })).toHaveAttribute('aria-valuenow', '66');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Add test' }).click();
  await expect(page.getByRole('heading', { name: 'Add test', level: 1 })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Start test' });
  await expect(submit).toBeDisabled();
  // The firmware list follows the model: MX-8 has none, MX-16G has 3.4.1 and 3.4.2.
  await page.getByRole('combobox', { name: 'Model' }).click();
  await page.getByRole('option', { name: 'MX-8' }).click();
  await expect(page.getByText('This model has no firmware versions.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Model' }).click();
  await page.getByRole('option', { name: 'MX-16G' }).click();
  await page.getByRole('combobox', { name: 'Firmware' }).click();
  await expect(page.getByRole('option')).toHaveCount(2);
  await page.getByRole('option', { name: /^3\.4\.1/ }).click();
  await expectAccessible(page);
  const added = page.waitForResponse((response) => response.url().endsWith('/command/devices/addfirmwaretest'));
  await submit.click();
  expect((await added).status()).toBe(200);

  // Test 402 opens on its run page: three stages, none answered.
  await expect(page).toHaveURL('/PanelTest/402/test');
  await expect(page.getByRole('heading', { name: 'Test 402', level: 1 })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Progress of test 402' });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText('0 of 3 stages answered · 0%')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Guc testi', level: 2 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText('1 of 3 stages answered · 33%')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Zon testi', level: 2 })).toBeVisible();

  // Error: a modal asks what went wrong; it cannot be sent empty.
  await page.getByRole('button', { name: 'Error', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'What went wrong in "Zon testi"?' });
  const record = dialog.getByRole('button', { name: 'Record the error' });
  await expect(record).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Error description' }).fill('Zon 3 alarm vermedi');
  await expectAccessible(page);
  const sent = page.waitForRequest((request) => request.url().endsWith('/command/devices/updatefirmwaretestresult'));
  await record.click();
  expect((await sent).postDataJSON()).toMatchObject({ result: false, result_description: 'Zon 3 alarm vermedi' });
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 of 3 stages answered · 66%')).toBeVisible();

  // A reload mid-test keeps the progress and the stage to run: both come from the server.
  await page.reload();
  await expect(page.getByText('2 of 3 stages answered · 66%')).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '66');
  await expect(page.getByRole('heading', { name: 'GSM testi', level: 2 })).toBeVisible();
  const ok = page.waitForRequest((request) => request.url().endsWith('/command/devices/updatefirmwaretestresult'));
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  expect((await ok).postDataJSON()).toMatchObject({ result: true, result_description: '' });
  await expect(page.getByText('The test is finished: 2 passed, 1 failed.')).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expectAccessible(page);

  // The list shows it finished; its report lists every result.
  await page.getByRole('link', { name: 'Back to the test list' }).click();
  await expect(page.getByRole('progressbar', { name: 'Progress of test 402' })).toHaveAttribute('aria-valuenow', '100');
  // Three tests now, none of them running.
  await expect(grid(page, 'Firmware tests').getByRole('row')).toHaveCount(4);
  await expect(grid(page, 'Firmware tests').getByRole('row').filter({ hasText: 'Running' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Actions of test 402' }).click();
  await expect(page.getByRole('menuitem', { name: /Start test/ })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: 'Get report' }).click();
  const report = page.getByRole('dialog', { name: 'Report of test 402' });
  const results = report.getByRole('list', { name: 'Results of test 402' }).getByRole('listitem');
  await expect(results).toHaveCount(3);
  await expect(results.nth(0)).toContainText('Guc testi');
  await expect(results.nth(0)).toContainText('Passed');
  await expect(results.nth(1)).toContainText('Failed');
  await expect(results.nth(1)).toContainText('Zon 3 alarm vermedi');
  await expect(results.nth(2)).toContainText('Passed');
  await expect(results.nth(2)).toContainText('Ayşe Yılmaz');
  await expectAccessible(page);
});

/** The SHA-256 of the 3.4.3 binary (the contract's `addFirmware` example). */
const DIGEST_343 = 'f58b587a8422c2022c4f42d0c0d43e841b7246a05802a135cfb668577070f1e0';

test('the API refuses a firmware version whose link is not https, or without its digest, as the form does', async ({
  request,
}) => {
  const headers = { authorization: `Bearer ${contractToken('admin')}` };
  const version = { firm_ver: '3.4.3', description: 'GSM', model_id: 2, sha256: DIGEST_343 };
  const refused = await request.post(`${MOCK_API}/command/devices/addfirmware`, {
    headers,
    data: { ...version, url: 'http://files.example.com/Firmware/mx16g-3.4.3.bin' },
  });
  // The operation's declared 400; the contract violation names the rule.
  expect(refused.status()).toBe(400);
  expect(refused.headers()['sl-violations']).toContain('^https://');
  const url = 'https://files.example.com/Firmware/mx16g-3.4.3.bin';
  for (const sha256 of [undefined, DIGEST_343.toUpperCase(), DIGEST_343.slice(2)]) {
    const noDigest = await request.post(`${MOCK_API}/command/devices/addfirmware`, {
      headers,
      data: { ...version, url, sha256 },
    });
    expect(noDigest.status()).toBe(400);
  }
  const added = await request.post(`${MOCK_API}/command/devices/addfirmware`, {
    headers,
    data: { ...version, url: 'https://files.example.com/Firmware/mx16g-3.4.3.bin' },
  });
  expect(added.status()).toBe(200);
});

test('versions of a model: add, edit, delete (confirmed), the list reloading', async ({ page }) => {
  await openSignedIn(page, 'admin', '/PanelTest/Models');
  await expect(grid(page, 'Panel models').getByRole('row')).toHaveCount(4);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Versions of MX-16G' }).click();
  await expect(page).toHaveURL('/PanelTest/2/Versions');
  await expect(page.getByRole('heading', { name: 'Versions of MX-16G', level: 1 })).toBeVisible();
  const table = 'Firmware versions of MX-16G';
  await expect(grid(page, table).getByRole('row')).toHaveCount(3);

  await page.getByRole('button', { name: 'Add version' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a version to MX-16G' });
  await dialog.getByRole('textbox', { name: 'Version' }).fill('3.4.3');
  await dialog.getByRole('textbox', { name: 'Download link' }).fill('mx16g-3.4.3.bin');
  await dialog.getByRole('textbox', { name: 'Release notes' }).fill('GSM yeniden bağlanma düzeltmesi');
  await expect(dialog.getByText(localeText('en', 'firmwareTests.versions.urlInvalid'))).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  // A plain http link is refused like every other link (the contract's HttpsUrl): the form says so and sends nothing.
  await dialog
    .getByRole('textbox', { name: 'Download link' })
    .fill('http://files.example.com/Firmware/mx16g-3.4.3.bin');
  await expect(dialog.getByText(localeText('en', 'firmwareTests.versions.urlHttps'))).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Download link' })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog
    .getByRole('textbox', { name: 'Download link' })
    .fill('https://files.example.com/Firmware/mx16g-3.4.3.bin');
  await expect(dialog.getByText(localeText('en', 'firmwareTests.versions.urlHttps'))).toBeHidden();
  // The binary's SHA-256 is required (the contract's FirmwareDigest): 64 hexadecimal digits, with its help text.
  const digest = dialog.getByRole('textbox', { name: 'SHA-256 digest' });
  await expect(digest).toHaveAccessibleDescription(localeText('en', 'firmwareTests.versions.sha256Help'));
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await digest.fill(DIGEST_343.slice(1));
  await digest.blur();
  await expect(dialog.getByText(localeText('en', 'firmwareTests.versions.sha256Invalid'))).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  // Pasted in capitals (as some tools write it): sent in lower case.
  await digest.fill(DIGEST_343.toUpperCase());
  await expect(dialog.getByText(localeText('en', 'firmwareTests.versions.sha256Invalid'))).toBeHidden();
  await expectAccessible(page);
  const sent = page.waitForRequest((request) => request.url().endsWith('/command/devices/addfirmware'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ firm_ver: '3.4.3', sha256: DIGEST_343 });
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Version 3.4.3 was added.')).toBeVisible();
  await expect(rowWith(page, table, '3.4.3')).toHaveCount(1);

  await page.getByRole('button', { name: 'Actions of version 3.4.3' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit version 3.4.3' });
  await dialog.getByRole('textbox', { name: 'Release notes' }).fill('GSM ve NTP düzeltmeleri');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowWith(page, table, '3.4.3')).toContainText('GSM ve NTP düzeltmeleri');

  // A version under test cannot go: the server's refusal, the dialog stays.
  await page.getByRole('button', { name: 'Actions of version 3.4.2' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete version 3.4.2?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This version is used in a test and cannot be deleted')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Actions of version 3.4.3' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete version 3.4.3?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Version 3.4.3 was deleted.')).toBeVisible();
  await expect(rowWith(page, table, '3.4.3')).toHaveCount(0);
  await expect(grid(page, table).getByRole('row')).toHaveCount(3);
});

test('stages of a model: add, update, delete (confirmed), the list reloading', async ({ page }) => {
  await openSignedIn(page, 'admin', '/PanelTest/2/Stages');
  const table = 'Test stages of MX-16G';
  await expect(page.getByRole('heading', { name: 'Stages of MX-16G', level: 1 })).toBeVisible();
  await expect(grid(page, table).getByRole('row')).toHaveCount(4);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add stage' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a stage to MX-16G' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'What the tester checks' }).fill('Pil testi');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowWith(page, table, 'Pil testi')).toHaveCount(1);
  await expect(rowWith(page, table, 'Pil testi')).toContainText('4');

  await page.getByRole('button', { name: 'Actions of stage 4 (Pil testi)' }).click();
  await page.getByRole('menuitem', { name: 'Update' }).click();
  dialog = page.getByRole('dialog', { name: 'Update stage 4' });
  await dialog.getByRole('textbox', { name: 'What the tester checks' }).fill('Pil ve şarj testi');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowWith(page, table, 'Pil ve şarj testi')).toHaveCount(1);

  await page.getByRole('button', { name: 'Actions of stage 4 (Pil ve şarj testi)' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete stage 4?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Stage "Pil ve şarj testi" was deleted.')).toBeVisible();
  await expect(grid(page, table).getByRole('row')).toHaveCount(4);
});

test('an address that names no model or test says so, with the way back', async ({ page }) => {
  await openSignedIn(page, 'admin', '/PanelTest/abc/Versions');
  await expect(page.getByRole('alert').filter({ hasText: localeText('en', 'firmwareTests.invalidId') })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the models' }).click();
  await expect(page).toHaveURL('/PanelTest/Models');
  await page.goto('/PanelTest/9/Stages');
  await expect(page.getByText('There is no model 9.')).toBeVisible();
  await page.goto('/PanelTest/999/test');
  await expect(page.getByText('There is no test 999.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the test list' })).toBeVisible();
});

test('every /PanelTest route is for administrators: a dealer and a user are sent to /Error/Forbidden', async ({
  page,
}) => {
  for (const username of ['dealer', 'user']) {
    for (const path of ROUTES) {
      const tab = await page.context().newPage();
      await openSignedIn(tab, username, path);
      await expect(tab).toHaveURL('/Error/Forbidden');
      await tab.close();
    }
  }
});

// Every /PanelTest page is checked with axe, in Turkish (light) and English (dark), by the every-route walk of
// appearance.spec.ts.

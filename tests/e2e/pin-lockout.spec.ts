/**
 * The panel password as a barrier, in the console, against the mock stack: wrong panel passwords at a panel's detail
 * are each one call, and the attempt limit's lock (429) shows in the dialog as a lock with the time left (Turkish and
 * English), the submit waiting and what was typed kept, and reaches the panel's users as the alarm bar's notice; a
 * command refused by the lock says so in its dialog and nothing more is sent, from any prompt of that panel. The
 * number of wrong passwords that lock a panel is read from the contract (`x-attempt-limits`). The alarm bar's notice
 * itself: security-notice.spec.ts.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PANEL_PASSWORD_ATTEMPTS as ATTEMPTS } from './attempt-limits.ts';
import { expectAccessible, localeText, MOCK_API, openSignedIn, resetPanels } from './support.ts';

const OFFICE = 864215040012345; // Merkez Ofis
const SHOP = 864215040045678; // Mağaza Kadıköy: no other spec logs in to it
const MASTER = '5678';

const lockout = (scope: Page | Locator) => scope.getByTestId('panel-lockout');
const countdown = (scope: Page | Locator) => scope.getByTestId('panel-lockout-left');

/** The mock forgets what the tests did: panels, areas (and the attempt limiter's counts with them). */
async function resetMock(request: APIRequestContext): Promise<void> {
  await resetPanels(request);
  const response = await request.post(`${MOCK_API}/__mock/areas/reset`);
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The calls the page sends with a panel password in their body (`user_pass`, `password`, a queued write's), so a test
 * sees that each submit is one call and nothing else goes out with a password not yet checked.
 */
function recordChecks(page: Page): unknown[] {
  const sent: unknown[] = [];
  page.on('request', (request) => {
    if (!['POST', 'PUT'].includes(request.method()) || !request.url().includes('/api/')) return;
    const text = request.postData() ?? '';
    if (/"(user_pass|password)"\s*:/.test(text)) sent.push(JSON.parse(text));
  });
  return sent;
}

async function submitCheck(page: Page, dialog: Locator, password: string, language: 'en' | 'tr'): Promise<void> {
  await dialog.getByTestId('panel-password').fill(password);
  const answered = page.waitForResponse((response) => response.url().endsWith('/command/devices/getpanelsettings'));
  await dialog.getByRole('button', { name: localeText(language, 'commands.login.submit'), exact: true }).click();
  await answered;
}

test.describe('the panel password lockout', () => {
  test.beforeEach(({ request }) => resetMock(request));
  test.afterEach(({ request }) => resetMock(request));

  test('wrong panel passwords at a detail lock it: the lock and the time left in Turkish and English', async ({
    page,
  }) => {
    const checks = recordChecks(page);
    await openSignedIn(page, 'user', `/PanelDetail/${SHOP}`, 'tr');
    const dialog = page.getByRole('dialog');
    const submit = dialog.getByRole('button', { name: localeText('tr', 'commands.login.submit'), exact: true });
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      await submitCheck(page, dialog, `000${attempt}`, 'tr');
      // Each wrong password is one call (the check), sent by the person only: nothing else goes out with it.
      expect(checks).toHaveLength(attempt);
      if (await lockout(dialog).isVisible()) break;
      // A wrong password: the existing text, and the field is emptied for the next try.
      await expect(page.getByRole('alert').filter({ hasText: 'Yetki Bulunamadı' })).toBeVisible();
      await expect(dialog.getByTestId('panel-password')).toHaveValue('');
    }
    // The limit's last wrong password locks the panel; if it was still answered as wrong, the next try (even the
    // right password) meets the lock.
    if (!(await lockout(dialog).isVisible())) await submitCheck(page, dialog, MASTER, 'tr');
    await expect(lockout(dialog)).toContainText('Çok fazla hatalı panel şifresi');
    await expect(lockout(dialog)).toContainText(/Bu panel \d\d:\d\d saatine kadar sizin için kilitlendi/);
    await expect(countdown(dialog)).toHaveText(/^Kalan süre: 1[45]:\d\d$/);
    await expect(submit).toBeDisabled();
    // The lock reached the panel's users as the alarm bar's notice (behind the dialog here).
    await expect(page.getByTestId(`security-notice-${SHOP}`)).toContainText(
      'Birisi bu panelin şifresini tahmin etmeye çalışıyor',
    );
    await expectAccessible(page);
    // What was typed stays; typing does not open the submit while the lock lasts.
    const typed = await dialog.getByTestId('panel-password').inputValue();
    expect(typed).not.toBe('');
    await dialog.getByTestId('panel-password').fill('1234');
    await expect(submit).toBeDisabled();
    // The countdown runs, and nothing is sent by itself meanwhile.
    const first = await countdown(dialog).textContent();
    await expect.poll(() => countdown(dialog).textContent()).not.toBe(first);
    const sent = checks.length;
    expect(sent).toBeLessThanOrEqual(ATTEMPTS + 1);
    await page.keyboard.press('Enter');
    expect(checks).toHaveLength(sent);

    // Another tab, in English, with the right password: the server's lock holds, said as such.
    const english = await page.context().newPage();
    await openSignedIn(english, 'user', `/PanelDetail/${SHOP}`, 'en');
    const englishDialog = english.getByRole('dialog');
    await submitCheck(english, englishDialog, MASTER, 'en');
    await expect(lockout(englishDialog)).toContainText('Too many wrong panel passwords');
    await expect(lockout(englishDialog)).toContainText(/This panel is locked for you until \d\d:\d\d/);
    await expect(countdown(englishDialog)).toHaveText(/^Time left: 1[45]:\d\d$/);
    await expect(
      englishDialog.getByRole('button', { name: localeText('en', 'commands.login.submit'), exact: true }),
    ).toBeDisabled();
    await expect(englishDialog.getByTestId('panel-password')).toHaveValue(MASTER);
    await expect(english.getByRole('tablist')).toHaveCount(0);
  });

  test('a command the lock refuses says so in its dialog, and nothing more is sent to that panel', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const commands: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/command/devices/controlpanel')) {
        commands.push(request.postDataJSON());
      }
    });
    // The contract's own 429 answer (TooManyRequests: Retry-After 900, the Lockout body), asked of the mock.
    await page.route('**/api/command/devices/controlpanel', (route) =>
      route.continue({ headers: { ...route.request().headers(), prefer: 'code=429' } }),
    );
    await openSignedIn(page, 'user', '/Panels');
    await page.getByTestId(`panel-${OFFICE}`).getByTestId('action-ARM').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('panel-password').fill(MASTER);
    // Salon PIR is open: arming is a forced arm, chosen before it is sent.
    await dialog.getByRole('checkbox', { name: /^Forced arm/ }).check();
    await dialog.getByTestId('panel-password').press('Enter');
    await expect(lockout(dialog)).toContainText('Too many wrong panel passwords');
    await expect(countdown(dialog)).toHaveText(/^Time left: 1[45]:\d\d$/);
    await expect(dialog.getByRole('button', { name: 'Arm', exact: true })).toBeDisabled();
    await expect(dialog.getByTestId('panel-password')).toHaveValue(MASTER);
    // Said in the dialog, not again in a toast.
    await expect(page.getByRole('alert').filter({ hasText: 'Error!' })).toHaveCount(0);
    expect(commands).toHaveLength(1);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveClass(new RegExp(scheme));
      await expectAccessible(page);
    }
    await page.screenshot({ path: testInfo.outputPath('lockout-dialog-390-dark.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Another prompt of the same panel knows the lock at once and sends nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId(`panel-${OFFICE}`).getByTestId('action-STAYARM').click();
    await expect(lockout(dialog)).toBeVisible();
    await dialog.getByTestId('panel-password').fill(MASTER);
    await dialog.getByTestId('panel-password').press('Enter');
    await expect(dialog.getByRole('button', { name: 'Stay arm', exact: true })).toBeDisabled();
    expect(commands).toHaveLength(1);
    // So does the zone list's password prompt: no check is sent while the lock lasts.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const checks = recordChecks(page);
    await page.getByTestId(`panel-${OFFICE}`).getByTestId('action-zones').click();
    await expect(lockout(dialog)).toBeVisible();
    await dialog.getByTestId('panel-password').fill(MASTER);
    await dialog.getByTestId('panel-password').press('Enter');
    await expect(dialog.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
    expect(checks).toEqual([]);
  });
});

/**
 * Someone guessing a panel's password, in the alarm bar, against the mock stack: the live feed's `security_notice`
 * (published through the mock's control, as the mock publishes it when its attempt limit locks a panel) shows as
 * "someone is guessing this panel's password" with the panel, when and until when, announced once, dismissed in every
 * tab (the same lock heard again stays away), readable at 390 px in both themes (axe), and in Turkish.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PANEL_PASSWORD_ATTEMPTS as ATTEMPTS } from './attempt-limits.ts';
import { expectAccessible, MOCK_API, openSignedIn, resetPanels } from './support.ts';

const OFFICE = 864215040012345; // Merkez Ofis
const DEPOT = 864215040023456; // Depo
/** A page that shows no panel: the signed-in user's profile. */
const PROFILE = '/User/Edit';

async function publish(page: Page, devId: number, payload: object): Promise<void> {
  const response = await page.request.post(`${MOCK_API}/__mock/publish`, {
    data: { topic: `panels/${devId}`, payload: JSON.stringify(payload) },
  });
  expect(response.status()).toBe(200);
}

test.describe('someone guessing a panel’s password', () => {
  test.beforeEach(({ request }) => resetPanels(request));

  const notice = (changes: object = {}) => ({
    security_notice: {
      kind: 'pin_lockout',
      at: new Date(Date.now() - 60_000).toISOString(),
      failures: ATTEMPTS,
      scope: 'account',
      locked_until: new Date(Date.now() + 14 * 60_000).toISOString(),
      ...changes,
    },
  });

  /** Publishes until the page shows it (the fleet's subscription may still be on its way): one notice however often. */
  async function publishUntilShown(page: Page, devId: number, payload: object): Promise<Locator> {
    const shown = page.getByTestId(`security-notice-${devId}`);
    await expect(async () => {
      await publish(page, devId, payload);
      await expect(shown).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    return shown;
  }

  test('shows in the alarm bar with the panel, when and until when; announced; dismissed in every tab', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'user', PROFILE);
    const other = await page.context().newPage();
    await openSignedIn(other, 'user', PROFILE);
    const payload = notice();
    const shown = await publishUntilShown(page, OFFICE, payload);
    const region = page.getByRole('region', { name: 'Security notices' });
    await expect(region).toBeVisible();
    await expect(shown).toContainText("Someone is guessing this panel's password");
    await expect(shown).toContainText('Merkez Ofis (device 864215040012345)');
    await expect(shown).toContainText(/One account is locked out of it until \d\d:\d\d/);
    await expect(shown).toContainText(`${ATTEMPTS} wrong passwords`);
    await expect(shown).toContainText(/since \d\d\.\d\d\.\d{4} \d\d:\d\d/);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Security notice: someone is guessing the password of Merkez Ofis' }),
    ).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveClass(new RegExp(scheme));
      await expectAccessible(page);
    }
    await region.screenshot({ path: testInfo.outputPath('security-notice-390-dark.png') });

    // The other tab heard it too (published again until its own feed has the topic: a message before its subscription
    // is granted reaches no one); dismissing here dismisses there, and the same lock heard again stays away.
    await expect(async () => {
      await publish(page, OFFICE, payload);
      await expect(other.getByTestId(`security-notice-${OFFICE}`)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await shown.getByRole('button', { name: 'Dismiss: security notice of Merkez Ofis' }).click();
    await expect(shown).toHaveCount(0);
    await expect(other.getByTestId(`security-notice-${OFFICE}`)).toHaveCount(0);
    await publish(page, OFFICE, payload);
    // A notice of another panel, published after it, shows: the one before it has been heard by then.
    await publish(page, DEPOT, notice());
    await expect(page.getByTestId(`security-notice-${DEPOT}`)).toBeVisible();
    await expect(shown).toHaveCount(0);
  });

  test('in Turkish: every account locked out, go to the panel', async ({ page }) => {
    await openSignedIn(page, 'user', PROFILE, 'tr');
    const shown = await publishUntilShown(page, OFFICE, notice({ scope: 'panel' }));
    await expect(shown).toContainText('Birisi bu panelin şifresini tahmin etmeye çalışıyor');
    await expect(shown).toContainText(/Tüm hesaplar \d\d:\d\d saatine kadar bu panele giremez/);
    await expect(page.getByRole('region', { name: 'Güvenlik uyarıları' })).toBeVisible();
    await shown.getByRole('button', { name: 'Panele git: Merkez Ofis' }).click();
    await expect(page).toHaveURL(new RegExp(`/PanelDetail/${OFFICE}`));
    // The notice stays until dismissed, whatever page is open.
    await expect(shown).toBeVisible();
    await expectAccessible(page);
  });
});

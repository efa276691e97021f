/**
 * The proposed second factor in the console. The sign-in's second step: the dealer enrolled through the API, the page
 * asks for a code after the password, a wrong code is refused, a right one (computed here from
 * the secret with otpauth) signs in, and neither the code nor the challenge is left in web storage. The profile's
 * enrolment: the key read from the page, a code computed from it, the recovery codes shown once; the sign-in with a
 * code, then with a recovery code; turning it off; none of it for an end user.
 */
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible, MOCK_API, openSignedIn, signInWithForm } from './support.ts';

test.afterEach(async ({ request }) => {
  // The dealer signs in with its password alone again for the tests after this one.
  expect((await request.post(`${MOCK_API}/__mock/areas/reset`)).status()).toBe(200);
});

test('an account with a second factor is asked for a code after its password', async ({ page, request }) => {
  expect((await request.post(`${MOCK_API}/__mock/limits/reset`)).status()).toBe(200);
  const signedIn = await request.post(`${MOCK_API}/logins`, { data: { username: 'dealer', password: 'x' } });
  const token = ((await signedIn.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const started = await request.post(`${MOCK_API}/user/totp/enrol`, { headers });
  const { secret } = ((await started.json()) as { data: { secret: string } }).data;
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const codeAt = (steps: number) => totp.generate({ timestamp: Date.now() + steps * 30_000 });
  expect((await request.post(`${MOCK_API}/user/totp/confirm`, { headers, data: { code: codeAt(-1) } })).status()).toBe(
    200,
  );

  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.goto('/login');
  await page.getByLabel('Username').fill('dealer');
  await page.getByLabel('Password').first().fill('x');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  const field = page.getByLabel('Verification code');
  // The confirmation's code was accepted once: a replay is refused and the page stays.
  await field.fill(codeAt(-1));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const code = codeAt(0);
  await field.fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/Panels$/);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain(code);
  expect(stored).not.toContain(secret);
});

test('a dealer turns it on from the profile, signs in with a code, then a recovery code, and turns it off', async ({
  page,
  request,
}) => {
  expect((await request.post(`${MOCK_API}/__mock/limits/reset`)).status()).toBe(200);
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await signInWithForm(page, 'dealer');
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/User/Edit');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await expect(section.getByRole('status')).toHaveText('Off: your password alone signs you in.');
  await section.getByRole('button', { name: 'Turn on' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  const shown = await dialog.getByRole('textbox', { name: 'Key' }).inputValue();
  expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const totp = new TOTP({ secret: Secret.fromBase32(shown.replace(/ /g, '')) });
  const codeAt = (steps: number) => totp.generate({ timestamp: Date.now() + steps * 30_000 });
  const wrong = ['000000', '111111'].find((code) => ![-1, 0, 1].some((step) => codeAt(step) === code))!;
  await expect(dialog.getByLabel('Code from the app')).toBeFocused();
  await page.keyboard.type(wrong);
  await page.keyboard.press('Enter');
  await expect(page.getByText('The code is wrong or has expired: enter the code the app shows now.')).toHaveCount(1);
  await dialog.getByLabel('Code from the app').fill(codeAt(0));
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(dialog.getByText(/shown only once/)).toBeVisible();
  const recovery = await codes.allTextContents();
  await dialog.getByRole('button', { name: 'I saved them' }).click();
  await expect(section.getByRole('status')).toHaveText('On. 10 recovery codes are left.');
  // Neither the secret nor a recovery code is kept anywhere a script reads once the dialog is closed.
  const kept = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(kept).not.toContain(shown.replace(/ /g, ''));
  for (const code of recovery) expect(kept).not.toContain(code);

  const signOut = async () => {
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  };
  const secondStep = async (typed: string) => {
    await signInWithForm(page, 'dealer');
    await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
    await page.getByLabel('Verification code').fill(typed);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL(/\/Panels$/);
  };
  await signOut();
  // The confirmation's step was accepted: the next step's code, within the contract's window.
  await secondStep(codeAt(1));
  await signOut();
  await secondStep(recovery[0]!);

  await page.goto('/User/Edit');
  await expect(section.getByRole('status')).toHaveText('On. 9 recovery codes are left.');
  await section.getByRole('button', { name: 'Turn off' }).click();
  await dialog.getByLabel('Code or recovery code').fill(recovery[1]!);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Two-step verification is off.')).toBeVisible();
  await expect(section.getByRole('status')).toHaveText('Off: your password alone signs you in.');
});

test('an end user sees no two-step verification on the profile', async ({ page }) => {
  await openSignedIn(page, 'user', '/User/Edit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  await expect(page.getByRole('region', { name: 'Two-step verification' })).toHaveCount(0);
});

test('an administrator requires it: a dealer without one enrols before anything else, then goes on', async ({
  page,
  request,
}) => {
  expect((await request.post(`${MOCK_API}/__mock/limits/reset`)).status()).toBe(200);
  await openSignedIn(page, 'admin', '/User/Edit');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  const required = section.getByLabel('Require two-step verification for dealers and administrators');
  await expect(required).not.toBeChecked();
  // The switch shows what the server stored: it turns once the answer came.
  await required.click();
  await expect(required).toBeChecked();
  // Stored by the server: the page drawn again says so.
  await page.reload();
  await expect(required).toBeChecked();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInWithForm(page, 'dealer');
  await expect(page).toHaveURL(/\/User\/TwoStepRequired$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-step verification is required');
  await expect(
    page.getByText('Your administrator requires two-step verification: turn it on to continue.'),
  ).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  // Nothing else opens.
  await page.goto('/Panels');
  await expect(page).toHaveURL(/\/User\/TwoStepRequired$/);
  await expect(section.getByLabel('Require two-step verification for dealers and administrators')).toHaveCount(0);
  await section.getByRole('button', { name: 'Turn on' }).click();
  const dialog = page.getByRole('dialog');
  const shown = await dialog.getByRole('textbox', { name: 'Key' }).inputValue();
  const totp = new TOTP({ secret: Secret.fromBase32(shown.replace(/ /g, '')) });
  await dialog.getByLabel('Code from the app').fill(totp.generate());
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await dialog.getByRole('button', { name: 'I saved them' }).click();
  await expect(section.getByRole('status')).toHaveText('On. 10 recovery codes are left.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/Panels$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Two-step verification is required');
});

/**
 * The sign-in's second step (proposed second factor): the dealer enrolled through the API (the profile's enrolment is
 * not built yet), the page asks for a code after the password, a wrong code is refused, a right one (computed here from
 * the secret with otpauth) signs in, and neither the code nor the challenge is left in web storage.
 */
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { MOCK_API } from './support.ts';

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

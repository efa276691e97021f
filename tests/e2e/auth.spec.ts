/** The login page and its dialogs against the mock (the contract's examples answer every call). */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, heldToken, MOCK_API, storedCopies } from './support.ts';

/** The sign-in's per-account limit, as the contract states it (`x-attempt-limits`). */
const signInLimit = (
  JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
    'x-attempt-limits': {
      policies: Record<string, { limits: { per: string; attempts: number; lockMinutes: number }[] }>;
    };
  }
)['x-attempt-limits'].policies['sign-in']!.limits.find((limit) => limit.per === 'account')!;

test.beforeEach(async ({ page, request }) => {
  // The worker's earlier tests share this client address: no count of theirs may lock these.
  expect((await request.post(`${MOCK_API}/__mock/limits/reset`)).status()).toBe(200);
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
  });
  await page.goto('/login');
});

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

test('the login page offers remember me, forgot password, register and the account links', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  for (const name of ['Reset login info', 'Verify account', 'Register', 'Forgot password?']) {
    await expect(page.getByRole('button', { name }).first()).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await expectAccessible(page);
  // Remember me keeps the username for the next visit.
  await page.getByLabel('Username').fill('dealer');
  await page.getByLabel('Password').first().fill('x');
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/Panels$/);
  // Signed in, and no web storage holds the access token: the console keeps it in memory only.
  const token = (await heldToken(page))!;
  expect(token).toMatch(/^ey/);
  expect(await storedCopies(page, token)).toEqual([]);
  // A closed browser drops the session cookie; the remembered username stays.
  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page.getByLabel('Username')).toHaveValue('dealer');
});

test('the dealer application link opens the public application page', async ({ page }) => {
  await page.getByRole('link', { name: 'Dealer application' }).click();
  await expect(page).toHaveURL(/\/Dealer\/Create$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dealership application');
});

test('register checks every rule, then creates the account and asks for the verification code', async ({ page }) => {
  await page.getByRole('button', { name: 'Register' }).first().click();
  const form = dialog(page, 'Register');
  await expect(form).toBeVisible();
  await form.getByLabel('Full name').fill('Al');
  await form.getByLabel('E-mail').fill('not-an-email');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('secret-1');
  await form.getByLabel('Repeat password').fill('secret-2');
  await form.getByLabel('Phone number').fill('12345');
  // Leaving the field shows its message (and moves the buttons down) before the click.
  await form.getByLabel('Phone number').blur();
  await form.getByRole('button', { name: 'Register' }).click();
  // Behind an aria-modal dialog the toast is seen, not in the dialog's accessibility tree: find it by its region.
  await expect(
    page.locator('[data-toasts]').getByText('The form has errors. Please correct the highlighted fields.'),
  ).toBeVisible();
  await expect(form.getByText('The passwords do not match.')).toBeVisible();
  await expect(form.getByText('Enter a valid phone number for the selected country.')).toBeVisible();
  await expect(form.getByText('Enter a valid e-mail address.')).toBeVisible();
  await expectAccessible(page);

  // The contract's password policy (NewPassword): at least 8 characters, not a common password (the list loads with
  // the form), each said under the field; its help says both.
  const password = form.getByRole('textbox', { name: 'Password', exact: true });
  await expect(password).toHaveAccessibleDescription('At least 8 characters, not a common password.');
  await password.fill('secret');
  await password.blur();
  await expect(form.getByText('The password must have at least 8 characters.')).toBeVisible();
  await password.fill('Password1');
  await expect(form.getByText('This password is too common. Choose another one.')).toBeVisible();
  await password.fill('secret-1');
  await form.getByLabel('Full name').fill('Deniz Şahin');
  await form.getByLabel('E-mail').fill('deniz@example.com');
  await form.getByLabel('Repeat password').fill('secret-1');
  await form.getByLabel('Phone number').fill('532 111 00 06');
  const sent = page.waitForRequest((req) => req.url().endsWith('/api/register'));
  await form.getByRole('button', { name: 'Register' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    name: 'Deniz Şahin',
    email: 'deniz@example.com',
    password: 'secret-1',
    phone_no: '905321110006',
  });
  await expect(page.getByText('Your account has been created.', { exact: false })).toBeVisible();
  await expect(dialog(page, 'Verify account')).toBeVisible();
});

test('verify account: enter a code, or resend it and come back to code entry', async ({ page }) => {
  await page.getByRole('button', { name: 'Verify account' }).click();
  const verify = dialog(page, 'Verify account');
  await expectAccessible(page);
  await verify.getByRole('button', { name: "Didn't get a code? Send it again" }).click();
  const resend = dialog(page, 'Send the verification code again');
  await resend.getByLabel('Username').fill('user');
  await resend.getByLabel('Password').fill('secret');
  await resend.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('A new verification code has been sent.')).toBeVisible();
  await expect(dialog(page, 'Verify account').getByLabel('Verification code')).toBeVisible();
  await dialog(page, 'Verify account').getByLabel('Verification code').fill('482913');
  await dialog(page, 'Verify account').getByLabel('Verification code').press('Enter');
  await expect(page.getByText('Your account has been verified. You can sign in now.')).toBeVisible();
  await expect(dialog(page, 'Verify account')).toBeHidden();
});

test('forgot password sends the account info', async ({ page }) => {
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = dialog(page, 'Forgot password');
  await expectAccessible(page);
  await forgot.getByLabel('Username, e-mail or phone').fill('user@example.com');
  const sent = page.waitForRequest((req) => req.url().endsWith('/api/forget-password'));
  await forgot.getByRole('button', { name: 'Send' }).click();
  expect((await sent).postDataJSON()).toEqual({ info: 'user@example.com' });
  await expect(
    page.getByText('If an account matches what you entered, password reset information has been sent to it.'),
  ).toBeVisible();
});

test('forgot password answers a name no account has as it answers a known one', async ({ page }) => {
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = dialog(page, 'Forgot password');
  await forgot.getByLabel('Username, e-mail or phone').fill('nobody@example.com');
  await forgot.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText('If an account matches what you entered, password reset information has been sent to it.'),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /not found|no such|bulunamadı/i })).toHaveCount(0);
});

test('too many wrong sign-ins show a lockout with the minutes left, in both languages', async ({ page, request }) => {
  const username = `nobody-${test.info().workerIndex}`;
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').first().fill('wrong-password');
  const submit = page.getByRole('button', { name: 'Sign in' });
  for (let i = 0; i < signInLimit.attempts; i++) {
    const answered = page.waitForResponse((res) => res.url().endsWith('/api/logins'));
    await submit.click();
    expect((await answered).status()).toBe(401);
  }
  const locked = page.waitForResponse((res) => res.url().endsWith('/api/logins'));
  await submit.click();
  expect((await locked).status()).toBe(429);
  await expect(page.getByRole('alert').filter({ hasText: 'locked for your security' })).toHaveText(
    `Too many attempts: this is locked for your security. Try again in ${signInLimit.lockMinutes} minutes.`,
  );
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);
  // In Turkish, the same lockout.
  await page.evaluate(() => localStorage.setItem('lang', 'tr'));
  await page.reload();
  await page.getByLabel('Kullanıcı adı').fill(username);
  await page.getByLabel('Şifre').first().fill('x');
  await page.getByRole('button', { name: 'Giriş yap' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'güvenliğiniz için kilitlendi' })).toContainText(
    `${signInLimit.lockMinutes} dakika sonra tekrar deneyin`,
  );
  expect((await request.post(`${MOCK_API}/__mock/limits/reset`)).status()).toBe(200);
});

test('reset login info: username, then the code, then the relogin message', async ({ page }) => {
  await page.getByRole('button', { name: 'Reset login info' }).click();
  const reset = dialog(page, 'Reset login info');
  await expectAccessible(page);
  await reset.getByLabel('Username, e-mail or phone').fill('user');
  await reset.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('If an account matches what you entered, a code has been sent to it.')).toBeVisible();
  await reset.getByLabel('Verification code').fill('730215');
  await reset.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Your login info has been reset. Please sign in again.')).toBeVisible();
  await expect(reset).toBeHidden();
});

test('the keyboard alone signs in: type, Tab, type, Enter', async ({ page }) => {
  await page.getByLabel('Username').focus();
  await page.keyboard.type('user');
  await page.keyboard.press('Tab');
  await page.keyboard.type('any-password');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/Panels$/);
  // On a freshly opened page the skip link is the first stop and jumps to the content.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panels');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  // Moving to another page puts the keyboard on that page's content.
  await page.getByRole('link', { name: 'Subscriptions' }).click();
  await expect(page.locator('#main-content')).toBeFocused();
});

test('the sign-in page switches the language by keyboard, and the console opens in it', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The shell's own choice, on the sign-in page: reached and used with the keyboard alone.
  const language = page.getByRole('combobox', { name: 'Language', exact: true });
  await language.focus();
  await page.keyboard.press('Enter');
  // The list opens on the chosen language (English, before Türkçe in the list); one step down is Türkçe.
  await expect(page.getByRole('option', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Türkçe' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Giriş yap' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hesap' }).getByRole('button', { name: 'Kayıt ol' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Dil', exact: true })).toContainText('Türkçe');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('tr');
  await page.getByLabel('Kullanıcı adı').fill('user');
  await page.getByLabel('Şifre').first().fill('any-password');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/Panels$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paneller');
  await expect(page.getByRole('combobox', { name: 'Dil', exact: true })).toContainText('Türkçe');
});

/**
 * One-time passwords end to end, in a real browser against the mock stack: an administrator adds a user and sees the
 * account's one-time password once (copy, valid until, to be changed); that user signs in with it and is held to the
 * password change (every other page leads back to it), where the contract's policy refuses a short and a common
 * password; the change signs in again and lands in the console, and the one-time password signs in no more. Every
 * test starts from the example accounts (the mock's `areas/reset`), and leaves them so.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, MOCK_API, openSignedIn } from './support.ts';

const resetAccounts = async (request: APIRequestContext) =>
  expect((await request.post(`${MOCK_API}/__mock/areas/reset`)).status()).toBe(200);

test.beforeEach(({ request }) => resetAccounts(request));
test.afterAll(({ request }) => resetAccounts(request));

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').first().fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an added user signs in with the one-time password, is led to change it, and lands in the console', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openSignedIn(page, 'admin', '/User/Add');
  const add = page.getByRole('form', { name: 'Add user' });
  await expect(add).toContainText('A one-time password is shown once');
  await field(page, 'Name').fill('Deniz Çelik');
  await field(page, 'Email').fill('deniz@example.com');
  await field(page, 'Phone number').fill('905321110006');
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/user/adduser'));
  await add.getByRole('button', { name: 'Add user' }).click();
  const { one_time_password: once } = (await (await answered).json()) as { one_time_password: { password: string } };

  // Shown once, with its note and a copy button; nothing of it in the address or in storage.
  const dialog = page.getByRole('dialog', { name: 'One-time password' });
  await expect(dialog).toContainText('Give this password to Deniz Çelik');
  await expect(dialog).toContainText('must be changed at the first sign-in');
  await expect(dialog.getByRole('textbox', { name: 'One-time password of Deniz Çelik' })).toHaveValue(once.password);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(once.password);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/Users\?search=deniz%40example\.com$/);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(
    once.password,
  );

  // The new user signs in with it: only the password change opens.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'deniz@example.com', once.password);
  await expect(page).toHaveURL(/\/User\/FirstPassword$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your password');
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await page.goto('/Panels');
  await expect(page).toHaveURL(/\/User\/FirstPassword$/);

  // The contract's policy, before anything is sent: at least 8 characters, not a common password.
  await field(page, 'One-time password').fill(once.password);
  const next = field(page, 'New password');
  await next.fill('Kapi.12');
  await next.blur();
  await expect(page.getByText('The new password must have at least 8 characters.')).toBeVisible();
  await next.fill('Password123');
  await next.blur();
  await expect(page.getByText('This password is too common. Choose another one.')).toBeVisible();
  await next.fill('Kapi.Zili.2026');
  await field(page, 'New password (repeat)').fill('Kapi.Zili.2026');
  await expectAccessible(page);
  const again = page.waitForRequest((request) => request.url().endsWith('/api/logins'));
  await page.getByRole('button', { name: 'Change password' }).click();
  expect((await again).postDataJSON()).toEqual({ username: 'deniz@example.com', password: 'Kapi.Zili.2026' });

  // Signed in again with the new password: the console (a new account has no subscription: the price list).
  await expect(page).toHaveURL(/\/Payment\/List\?type=noSub$/);
  await expect(page.getByRole('navigation').first()).toBeVisible();

  // The one-time password is spent.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signIn(page, 'deniz@example.com', once.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong username or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

/** The signed-in user's own account: profile, password change (page and dialog), coupon redeem. */
import { expect, test } from '@playwright/test';
import {
  heldToken,
  contractToken,
  expectAccessible,
  MOCK_API,
  openSignedIn,
  tokenClaims,
  tokenWith,
} from './support.ts';

// A password change revokes the account's other sessions (openapi/README.md "Sessions"), the example tokens of the
// files after this one among them, and the mock keeps the changed password: the mock's sessions and the example
// accounts' "any password" go back as the examples have them after each test.
test.afterEach(async ({ request }) => {
  expect((await request.post(`${MOCK_API}/__mock/areas/reset`)).status()).toBe(200);
});

test('the profile shows the own record with phone and dealer code locked, and saves a change', async ({ page }) => {
  await openSignedIn(page, 'user', '/User/Edit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  await expect(page.getByLabel('Name')).toHaveValue('Zeynep Kaya');
  await expect(page.getByLabel('Phone number')).toBeDisabled();
  await expect(page.getByLabel('Dealer code')).toBeDisabled();
  const save = page.getByRole('button', { name: 'Save profile' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Name').fill('Ze');
  await page.getByLabel('Name').blur();
  await expect(page.getByText('The name must be at least 3 characters.')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('Name').fill('Zeynep Kaya Demir');
  await expectAccessible(page);
  const saved = page.waitForRequest((req) => req.url().endsWith('/api/user/updateregister') && req.method() === 'PUT');
  await save.click();
  expect((await saved).postDataJSON()).toMatchObject({ name: 'Zeynep Kaya Demir', email: 'user@example.com' });
  await expect(page.getByText('Operation completed successfully')).toBeVisible();
});

test('the password change page checks the repeat and sends old, new, new_retry', async ({ page }) => {
  await openSignedIn(page, 'user', '/User/ChangePassword');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change password');
  await page.getByLabel('Current password').fill('old-secret');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('new-secret');
  await page.getByLabel('New password (repeat)').fill('new-secreT');
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change password' })).toBeDisabled();
  await page.getByLabel('New password (repeat)').fill('new-secret');
  await expectAccessible(page);
  const sent = page.waitForRequest((req) => req.url().endsWith('/api/user/changepass'));
  await page.getByLabel('New password (repeat)').press('Enter');
  expect((await sent).postDataJSON()).toEqual({ old: 'old-secret', new: 'new-secret', new_retry: 'new-secret' });
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
});

test('the password change page shows no error before the person has typed', async ({ page }) => {
  await openSignedIn(page, 'user', '/User/ChangePassword');
  const current = page.getByLabel('Current password');
  await expect(current).toBeVisible();
  // Focus moves on its own when the page opens (and Tab leaves fields untouched): no message yet.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByText('Password is required.')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveAttribute(
    'aria-invalid',
    'false',
  );
  // A field typed in and emptied again shows its message once left.
  await current.fill('x');
  await current.fill('');
  await current.blur();
  await expect(page.getByText('Password is required.')).toHaveCount(1);
  await expectAccessible(page);
});

test('the header menu opens the password dialog and closes it on success', async ({ page }) => {
  await openSignedIn(page, 'dealer', '/Panels');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Current password').fill('a');
  // The contract's minimum (NewPassword: 8 characters), before anything is sent.
  const next = dialog.getByRole('textbox', { name: 'New password', exact: true });
  await expect(next).toHaveAccessibleDescription('At least 8 characters, not a common password.');
  await next.fill('b1');
  await next.blur();
  await expect(dialog.getByText('The new password must have at least 8 characters.')).toBeVisible();
  await next.fill('Bahce.Kapisi.7');
  await dialog.getByLabel('New password (repeat)').fill('Bahce.Kapisi.7');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
});

test('redeeming a coupon refreshes the token through changed-jwt and goes home', async ({ page }) => {
  // An older token of the same user (signed a day earlier): the redeem must replace it with the one changed-jwt returns.
  const stale = tokenWith('admin', { iat: 1795132800 });
  await openSignedIn(page, 'admin', '/Panels', 'en', stale);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Redeem coupon' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem coupon' });
  await expect(dialog.getByRole('button', { name: 'Redeem' })).toBeDisabled();
  await dialog.getByLabel('Coupon code').fill('PRM-3JD8-44LM');
  await expectAccessible(page);
  const refreshed = page.waitForResponse((res) => res.url().endsWith('/api/changed-jwt'));
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await refreshed;
  await expect(page.getByText('Your subscription has been extended. Please sign out and sign in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The refreshed token is a new one of the signed-in user, with the subscription the server has now.
  const stored = (await heldToken(page))!;
  expect(stored).not.toBe(stale);
  expect(tokenClaims(stored)).toMatchObject({
    Username: 'admin',
    SubExpireDate: tokenClaims(contractToken('admin')).SubExpireDate,
  });
});

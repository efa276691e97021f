/**
 * Re-authentication before a dangerous action (the contract's `x-reauth`, proposed `POST /logins/reauth`): the admin,
 * with a password of its own, signs in with the form; its session is made stale with the mock's test control (the
 * window is minutes long); deleting a user is refused by the server with 403 `reauth-required`, the dialog asks for
 * the password, a wrong one shows the error and keeps the session, the right one swaps the token and its confirmation
 * sends the delete once more, which the server now accepts. Nothing typed is left in web storage.
 */
import { expect, test, type Request } from '@playwright/test';
import { expectAccessible, MOCK_API } from './support.ts';

const PASSWORD = 'Tepe-Kule-42!';

test.beforeEach(async ({ request }) => {
  expect((await request.post(`${MOCK_API}/__mock/areas/reset`)).status()).toBe(200);
});
test.afterEach(async ({ request }) => {
  // The admin signs in with any password again for the tests after this one.
  expect((await request.post(`${MOCK_API}/__mock/areas/reset`)).status()).toBe(200);
});

test('a stale session proves the password before a user is deleted, and the delete is sent once more', async ({
  page,
  request,
}) => {
  const signedIn = await request.post(`${MOCK_API}/logins`, { data: { username: 'admin', password: 'x' } });
  const token = ((await signedIn.json()) as { data: { token: string } }).data.token;
  const changed = await request.post(`${MOCK_API}/user/changepass`, {
    headers: { authorization: `Bearer ${token}` },
    data: { old: 'x', new: PASSWORD, new_retry: PASSWORD },
  });
  expect(changed.status()).toBe(200);

  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.goto('/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/Users');
  const grid = page.getByRole('grid', { name: 'Users', exact: true });
  await expect(grid.getByRole('row').filter({ hasText: 'Can Öztürk' })).toBeVisible();
  // The admin's session authenticated longer ago than the contract's window.
  const aged = await request.post(`${MOCK_API}/__mock/reauth/age`, { data: { user_id: 1, minutes: 6 } });
  expect(aged.status()).toBe(200);

  const deletes: Request[] = [];
  page.on('request', (sent) => void (sent.url().includes('/user/deleteappuser') && deletes.push(sent)));
  await page.getByRole('button', { name: 'Actions for Can Öztürk', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  const refused = page.waitForResponse((response) => response.url().includes('/user/deleteappuser'));
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  expect((await refused).status()).toBe(403);

  const reauth = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(reauth).toContainText('more than 5 minutes ago');
  const password = reauth.getByLabel('Password');
  await expect(password).toBeFocused();
  await expectAccessible(page);
  await password.fill('not-the-password');
  await password.press('Enter');
  await expect(reauth.getByRole('alert')).toHaveText('The password or code is wrong');
  await expect(password).toHaveValue('');
  expect(deletes).toHaveLength(1);
  // The session goes on: a wrong password is no refused token.
  await expect(page).toHaveURL(/\/Users$/);

  await password.fill(PASSWORD);
  const accepted = page.waitForResponse(
    (response) => response.url().includes('/user/deleteappuser') && response.status() === 200,
  );
  await reauth.getByRole('button', { name: 'Confirm and continue' }).click();
  await accepted;
  await expect(reauth).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Operation completed successfully' })).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'Can Öztürk' })).toHaveCount(0);
  expect(deletes).toHaveLength(2);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain(PASSWORD);
});

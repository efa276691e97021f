/**
 * The user list (/Users and /User/List) and the console's table in a real browser against the mock stack (whose
 * front answers a generated list of 5,000 users behind the contract's five, honouring limit, offset and search):
 * page sizes up to 1000 with every row rendered, the column layout changed with the mouse and with the keyboard and
 * kept over a reload, the search and the filter dialog reaching the call, a row opened by double click and by Enter,
 * the Excel export's columns, each row action with its confirmation and the reload after it, the actions that depend
 * on the token (mobile reset without OldUserId, admin-only below type 2), adding a user, editing one by its address,
 * moving subscriptions between users (the proposed calls, acting on the mock's one store of accounts), a dealer held
 * to its reach, loading, empty and error states, Turkish, 390 px, light and dark, and axe. Every test starts from
 * the example accounts (the mock's `areas/reset`), and leaves them so for the files after it.
 */
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import {
  seedSession,
  expectAccessible,
  letTimePass,
  localeText,
  MOCK_API,
  openSignedIn,
  tokenWith,
} from './support.ts';

const TOTAL_USERS = 5000;

const isUserList = (url: string) => /\/api\/user\/getuserlist(\?|$)/.test(url);
const listParams = (request: Request) => new URL(request.url()).searchParams;
const grid = (page: Page, language: 'en' | 'tr' = 'en') =>
  page.getByRole('grid', { name: localeText(language, 'menu.users'), exact: true });
const row = (page: Page, name: string) => grid(page).getByRole('row').filter({ hasText: name });
const headers = (page: Page) => grid(page).getByRole('columnheader');
const actionsOf = (page: Page, name: string, language: 'en' | 'tr' = 'en') =>
  page.getByRole('button', { name: localeText(language, 'users.actions.menu').replace('{{name}}', name), exact: true });
const successToast = (page: Page) => page.getByRole('status').filter({ hasText: 'Operation completed successfully' });

/** The mock's accounts back as the examples have them (what one test added, saved, moved or deleted is gone). */
const resetAccounts = async (request: APIRequestContext) =>
  expect((await request.post(`${MOCK_API}/__mock/areas/reset`)).status()).toBe(200);

test.beforeEach(({ request }) => resetAccounts(request));
test.afterAll(({ request }) => resetAccounts(request));

/** Opens the list signed in and waits for its first page of rows. */
async function openList(page: Page, username = 'admin', path = '/Users', language: 'en' | 'tr' = 'en', token?: string) {
  const first = page.waitForResponse((response) => isUserList(response.url()));
  await openSignedIn(page, username, path, language, token);
  await first;
  await expect(grid(page, language).getByRole('row').nth(1)).toBeVisible();
}

/** Every row of the grid's current page: the grid draws only what is in view, so it is scrolled to the end. */
async function renderedRowIds(page: Page): Promise<string[]> {
  return grid(page).evaluate(async (element) => {
    const scroller = element.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller')!;
    const seen = new Set<string>();
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    scroller.scrollTop = 0;
    await frame();
    for (let guard = 0; guard < 5000; guard++) {
      element.querySelectorAll('[role="row"][data-id]').forEach((node) => seen.add(node.getAttribute('data-id')!));
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
      scroller.scrollTop += Math.max(100, scroller.clientHeight - 60);
      await frame();
    }
    return [...seen];
  });
}

test.describe('the user list', () => {
  test('shows the users with the breadcrumb, the columns and the pager, and answers on both paths', async ({
    page,
  }) => {
    await openList(page);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toHaveText(/Users\s*\/\s*User list/);
    await expect(page.getByRole('heading', { level: 1, name: 'User list' })).toBeVisible();
    await expect(headers(page)).toHaveText([
      'Name',
      'Email',
      'Phone number',
      'Dealer code',
      'User type',
      'Active',
      'Actions',
    ]);
    await expect(row(page, 'Ayşe Yılmaz')).toContainText('admin@example.com');
    await expect(row(page, 'Ayşe Yılmaz')).toContainText('Administrator');
    await expect(row(page, 'Can Öztürk').getByRole('gridcell').nth(5)).toHaveText('No');
    await expect(row(page, 'Mehmet Demir')).toContainText('IST034');
    await expect(page.getByText(`1–10 of ${TOTAL_USERS.toLocaleString('en')}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add user' })).toHaveAttribute('href', '/User/Add');

    await openList(page, 'admin', '/User/List');
    await expect(page.getByRole('heading', { level: 1, name: 'User list' })).toBeVisible();
    await expect(grid(page)).toHaveAttribute('aria-rowcount', '11');
  });

  test('asks for each page size, up to 1000 rows, and renders every row of the page', async ({ page }) => {
    test.setTimeout(120_000);
    await openList(page);
    const sizeSelect = page.getByRole('combobox', { name: 'Rows per page' });
    for (const size of [25, 100]) {
      const asked = page.waitForRequest(
        (request) => isUserList(request.url()) && listParams(request).get('limit') === String(size),
      );
      await sizeSelect.selectOption(String(size));
      expect(listParams(await asked).get('offset')).toBe('0');
      await expect(grid(page)).toHaveAttribute('aria-rowcount', String(size + 1));
      await expect(page).toHaveURL(new RegExp(`[?&]size=${size}(&|$)`));
    }
    // Page 2 of 100 starts at offset 100: (page − 1) × limit.
    const second = page.waitForRequest(
      (request) => isUserList(request.url()) && listParams(request).get('offset') === '100',
    );
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    expect(listParams(await second).get('limit')).toBe('100');
    await expect(page.getByText(`101–200 of ${TOTAL_USERS.toLocaleString('en')}`)).toBeVisible();

    const thousand = page.waitForRequest(
      (request) => isUserList(request.url()) && listParams(request).get('limit') === '1000',
    );
    await sizeSelect.selectOption('1000');
    expect(listParams(await thousand).get('offset')).toBe('0');
    await expect(page.getByText(`1–1,000 of ${TOTAL_USERS.toLocaleString('en')}`)).toBeVisible();
    await expect(grid(page)).toHaveAttribute('aria-rowcount', '1001');
    const ids = await renderedRowIds(page);
    expect(ids).toHaveLength(1000);
    expect(new Set(ids)).toEqual(new Set(Array.from({ length: 1000 }, (_, index) => String(index + 1))));

    // The last page of 1000 holds the rest; the view survives a reload.
    await page.getByRole('button', { name: 'Go to the last page' }).click();
    const last = `${(TOTAL_USERS - 999).toLocaleString('en')}–${TOTAL_USERS.toLocaleString('en')}`;
    await expect(page.getByText(`${last} of ${TOTAL_USERS.toLocaleString('en')}`)).toBeVisible();
    await page.reload();
    await expect(page.getByText(`${last} of ${TOTAL_USERS.toLocaleString('en')}`)).toBeVisible();
    await expect(grid(page)).toHaveAttribute('aria-rowcount', '1001');
    expect((await renderedRowIds(page)).at(-1)).toBe(String(TOTAL_USERS));
  });

  test('hides and reorders columns with the mouse, and keeps the layout over a reload', async ({ page }) => {
    await openList(page);
    await page.getByRole('button', { name: 'Columns' }).click();
    const dialog = page.getByRole('dialog', { name: 'Columns' });
    await dialog.getByRole('checkbox', { name: 'Phone number' }).click();
    // The name column may not be hidden.
    await expect(dialog.getByRole('checkbox', { name: 'Name' })).toBeDisabled();
    await dialog
      .getByRole('listitem')
      .filter({ hasText: 'Dealer code' })
      .dragTo(dialog.getByRole('listitem').filter({ hasText: 'Name' }));
    await expect(dialog.getByRole('listitem')).toHaveText(
      ['Dealer code', 'Name', 'Email', 'Phone number', 'User type', 'Active', 'Actions'].map(
        (text) => new RegExp(text),
      ),
    );
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const changed = ['Dealer code', 'Name', 'Email', 'User type', 'Active', 'Actions'];
    await expect(headers(page)).toHaveText(changed);
    await page.reload();
    await expect(headers(page)).toHaveText(changed);

    // "Default" goes back to the page's own layout.
    await page.getByRole('button', { name: 'Columns' }).click();
    await dialog.getByRole('button', { name: 'Default' }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(headers(page)).toHaveText([
      'Name',
      'Email',
      'Phone number',
      'Dealer code',
      'User type',
      'Active',
      'Actions',
    ]);
  });

  test('hides and reorders columns with the keyboard, and keeps the layout over a reload', async ({ page }) => {
    await openList(page);
    await page.getByRole('button', { name: 'Columns' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Columns' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Email' }).focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    // Active moves up twice with its arrow button; the focus stays on it and the move is announced.
    await dialog.getByRole('button', { name: 'Move Active up' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toHaveText('Active: position 5 of 7');
    await expect(dialog.getByRole('button', { name: 'Move Active up' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toHaveText('Active: position 4 of 7');
    await dialog.getByRole('button', { name: 'Apply' }).focus();
    await page.keyboard.press('Enter');
    const changed = ['Name', 'Phone number', 'Active', 'Dealer code', 'User type', 'Actions'];
    await expect(headers(page)).toHaveText(changed);
    await page.reload();
    await expect(headers(page)).toHaveText(changed);
  });

  test('sends the search of the search box and of the filter dialog as the call’s search parameter', async ({
    page,
  }) => {
    await openList(page);
    const searched = page.waitForRequest(
      (request) => isUserList(request.url()) && listParams(request).get('search') === 'ozturk',
    );
    await page.getByRole('textbox', { name: 'Search users' }).fill('ozturk');
    await page.keyboard.press('Enter');
    const request = await searched;
    expect(listParams(request).get('offset')).toBe('0');
    await expect(page).toHaveURL(/[?&]search=ozturk(&|$)/);
    await expect(row(page, 'Can Öztürk')).toBeVisible();
    // Can Öztürk is on the first page of everyone too: the rows are read until the search's answer is drawn.
    const names = () => grid(page).locator('[role="row"][data-id] [data-field="name"]').allTextContents();
    await expect.poll(async () => (await names()).filter((name) => !/Öztürk/.test(name))).toEqual([]);
    expect((await names()).length).toBeGreaterThan(1);
    await expect(page.getByRole('list', { name: 'Filters in force' })).toContainText('Search: ozturk');

    // The filter dialog writes the same parameter.
    await page.getByRole('button', { name: /^Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('textbox', { name: 'Search' }).fill('IST034');
    const filtered = page.waitForRequest((r) => isUserList(r.url()) && listParams(r).get('search') === 'IST034');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await filtered;
    await expect(page.getByRole('textbox', { name: 'Search users' })).toHaveValue('IST034');
    await expect(row(page, 'Mehmet Demir')).toBeVisible();

    // Clearing it shows everyone again.
    const cleared = page.waitForRequest((r) => isUserList(r.url()) && !listParams(r).has('search'));
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await cleared;
    await expect(page.getByText(`1–10 of ${TOTAL_USERS.toLocaleString('en')}`)).toBeVisible();
  });

  test('opens a user’s edit page by its menu’s Edit (on a phone), by double click and by Enter on a cell', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openList(page);
    await expect(page.getByText('Double-click a row, or press Enter on one of its cells, to open it.')).toBeVisible();
    // The grid scrolls sideways inside itself on a phone (a swipe): the row's menu is at its end.
    await grid(page)
      .locator('.MuiDataGrid-virtualScroller')
      .evaluate((scroller) => scroller.scrollTo({ left: scroller.scrollWidth }));
    await actionsOf(page, 'Zeynep Kaya').click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/User\/3\/Edit$/);
    await page.getByRole('link', { name: 'Back to the user list' }).click();
    await page.setViewportSize({ width: 1366, height: 900 });
    await row(page, 'Zeynep Kaya').getByRole('gridcell', { name: 'user@example.com' }).dblclick();
    await expect(page).toHaveURL(/\/User\/3\/Edit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit user' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Zeynep Kaya');
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeEnabled();
    // Nothing changed yet: nothing to save.
    await expect(page.getByRole('button', { name: 'Save user' })).toBeDisabled();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Back to the user list' }).click();
    await expect(grid(page).getByRole('row').nth(1)).toBeVisible();
    const cell = row(page, 'Emre Aydın').getByRole('gridcell', { name: 'olduser@example.com' });
    await cell.click();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/User\/4\/Edit$/);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('olduser@example.com');

    // The signed-in user's own row leads to the profile, where editing works.
    await page.goto('/User/1/Edit');
    await expect(page.getByText('This is your own account: edit it on your profile page.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/User/Edit');
  });

  test('exports the view to Excel with the visible columns in their order', async ({ page }) => {
    await openList(page, 'admin', '/Users?search=ozturk');
    // Hide the phone number: the export writes what the table shows.
    await page.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByRole('dialog', { name: 'Columns' });
    await columns.getByRole('checkbox', { name: 'Phone number' }).click();
    await columns.getByRole('button', { name: 'Apply' }).click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}-\d{4}\.xlsx$/);
    await expect(page.getByRole('dialog', { name: 'Export to Excel' })).toContainText(/The file is ready: \d+ rows\./);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Name', 'Email', 'Dealer code', 'User type', 'Active']);
    expect(values(2)).toEqual(['Can Öztürk', 'nosub@example.com', '', 'User', 'No']);
    const names = Array.from({ length: sheet.rowCount - 1 }, (_, index) => String(values(index + 2)[0]));
    expect(names.every((name) => name.includes('Öztürk'))).toBe(true);
    // The filters in force are on the second sheet.
    expect((workbook.worksheets[1]!.getRow(2).values as unknown[]).slice(1)).toEqual(['Search', 'ozturk']);
  });
});

test.describe('the row actions', () => {
  /** Each action asked for, its confirmation, the call it sends and the reload after it. */
  const cases = [
    {
      name: 'Can Öztürk',
      action: 'Activate',
      submit: 'Activate',
      path: '/user/setuseractivestatus',
      method: 'PUT',
      body: { user_id: 5, state: 1 },
    },
    {
      name: 'Zeynep Kaya',
      action: 'Deactivate',
      submit: 'Deactivate',
      path: '/user/setuseractivestatus',
      method: 'PUT',
      body: { user_id: 3, state: 0 },
    },
    {
      name: 'Zeynep Kaya',
      action: 'Mobile reset',
      submit: 'Mobile reset',
      path: '/user/resetuseruid',
      method: 'DELETE',
      body: { user_id: 3 },
    },
    {
      name: 'Emre Aydın',
      action: 'Password reset',
      submit: 'Password reset',
      path: '/user/changepasstodefault',
      method: 'PUT',
      body: { user_id: 4, state: 1 },
    },
    {
      name: 'Can Öztürk',
      action: 'Delete',
      submit: 'Delete',
      path: '/user/deleteappuser',
      method: 'DELETE',
      body: { user_id: 5 },
    },
  ];

  test('each action confirms naming the user, sends its call once, says it worked and reloads the list', async ({
    page,
  }) => {
    await openList(page);
    for (const { name, action, submit, path, method, body } of cases) {
      await actionsOf(page, name).click();
      await page.getByRole('menuitem', { name: action, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(name);
      if (action === 'Delete')
        await expect(dialog).toContainText('Delete the user Can Öztürk (nosub@example.com)? This cannot be undone.');
      const sent: Request[] = [];
      const watch = (request: Request) => void (request.url().includes(path) && sent.push(request));
      page.on('request', watch);
      const answered = page.waitForResponse((response) => response.url().includes(path));
      const reloaded = page.waitForRequest((request) => isUserList(request.url()));
      await dialog.getByRole('button', { name: submit, exact: true }).click();
      const response = await answered;
      expect(response.status()).toBe(200);
      expect(response.request().method()).toBe(method);
      expect(response.request().postDataJSON()).toEqual(body);
      await expect(successToast(page)).toBeVisible();
      await reloaded;
      // A password reset shows the account's new one-time password once, then closes.
      if (action === 'Password reset') {
        const { one_time_password: once } = (await response.json()) as { one_time_password: { password: string } };
        await expect(dialog.getByRole('textbox', { name: `One-time password of ${name}` })).toHaveValue(once.password);
        await expect(dialog).toContainText('must be changed at the first sign-in');
        await dialog.getByRole('button', { name: 'Done' }).click();
      }
      await expect(dialog).toBeHidden();
      page.off('request', watch);
      expect(sent).toHaveLength(1);
      // A deleted user is gone from the list the reload reads.
      if (action === 'Delete') await expect(row(page, name)).toHaveCount(0);
      await page.getByRole('button', { name: 'Close' }).first().click();
    }
  });

  test('cancel sends nothing; a refused call keeps the dialog open, says why and is not retried', async ({ page }) => {
    await page.clock.install();
    await openList(page);
    let calls = 0;
    await page.route('**/api/user/deleteappuser', (route) => {
      calls += 1;
      return route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Kullanıcı silinemedi', status: 'Error' }),
      });
    });
    await actionsOf(page, 'Mehmet Demir').click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(calls).toBe(0);

    await actionsOf(page, 'Mehmet Demir').click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Kullanıcı silinemedi' });
    await expect(toast).toContainText('Error!');
    await expect(page.getByRole('dialog')).toBeVisible();
    // Well past the back-off of a read's one retry (1 s); a change is never retried.
    await letTimePass(page, 5_000);
    expect(calls).toBe(1);
  });

  test('a state action is disabled when the user is already in that state, and a user cannot remove themself', async ({
    page,
  }) => {
    await openList(page);
    await actionsOf(page, 'Can Öztürk').click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /^Deactivate/ })).toBeDisabled();
    await expect(menu.getByRole('menuitem', { name: /^Deactivate/ })).toContainText('Already passive.');
    await expect(menu.getByRole('menuitem', { name: /^Activate/ })).toBeEnabled();
    // Can Öztürk has no subscription to move.
    await expect(menu.getByRole('menuitem', { name: /^Move subscriptions/ })).toBeDisabled();
    await expect(menu.getByRole('menuitem', { name: /^Move subscriptions/ })).toContainText('No subscription to move.');
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await actionsOf(page, 'Ayşe Yılmaz').click();
    await expect(menu.getByRole('menuitem', { name: /^Activate/ })).toContainText('Already active.');
    await expect(menu.getByRole('menuitem', { name: /^Delete/ })).toBeDisabled();
    await expect(menu.getByRole('menuitem', { name: /^Delete/ })).toContainText('Not for your own account.');
  });

  test('the admin-only actions are disabled below user type 2, with the reason', async ({ page }) => {
    await openList(page, 'dealer');
    await actionsOf(page, 'Zeynep Kaya').click();
    const menu = page.getByRole('menu');
    for (const action of ['Password reset', 'Move subscriptions', 'Delete']) {
      const item = menu.getByRole('menuitem', { name: new RegExp(`^${action}`) });
      await expect(item).toBeDisabled();
      await expect(item).toContainText('Administrators only.');
    }
    await expect(menu.getByRole('menuitem', { name: /^Deactivate/ })).toBeEnabled();
    await expect(menu.getByRole('menuitem', { name: /^Mobile reset/ })).toBeEnabled();
    // The reasons are reachable with the keyboard too.
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem').nth(1)).toBeFocused();
  });

  test('a row’s actions work with the keyboard alone, and the focus comes back to the row', async ({ page }) => {
    await openList(page);
    const button = actionsOf(page, 'Zeynep Kaya');
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Actions for Zeynep Kaya' });
    await expect(menu).toBeVisible();
    // (The page behind the menu is hidden from the accessibility tree while it is open: found by its label.)
    await expect(page.locator('button[aria-label="Actions for Zeynep Kaya"]')).toHaveAttribute('aria-expanded', 'true');
    // The first item (Edit) takes the focus; Activate (disabled: already active) does too, so its reason is read out.
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await expect(menu.getByRole('menuitem').first()).toHaveText('Edit');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: /^Activate/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: /^Deactivate/ })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Deactivate' });
    await expect(dialog).toContainText('Deactivate the account of Zeynep Kaya (user@example.com)?');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('mobile reset is absent for a token whose OldUserId is above 0', async ({ page }) => {
    // The contract's olduser is an end user (type 0): the user list is not theirs to open.
    await openSignedIn(page, 'olduser', '/Users');
    await expect(page).toHaveURL(/\/Error\/Forbidden$/);

    // The same migrated account as a dealer (type 1) sees the list without mobile reset.
    const first = page.waitForResponse((response) => isUserList(response.url()));
    await seedSession(page, tokenWith('olduser', { UserType: 1 }));
    await page.goto('/Users');
    await first;
    await actionsOf(page, 'Zeynep Kaya').click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /^Deactivate/ })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /^Mobile reset/ })).toHaveCount(0);
    await expect(menu.getByRole('menuitem')).toHaveCount(6);
  });
});

test.describe('the users pages', () => {
  test('loading, empty and error states, and server text shown as text', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/getuserlist*', async (route) => {
      await held;
      await route.continue({ headers: { ...route.request().headers(), prefer: 'example=empty' } });
    });
    await openSignedIn(page, 'admin', '/Users');
    await expect(page.getByRole('status').filter({ hasText: 'Loading rows' })).toBeAttached();
    release();
    await expect(grid(page)).toContainText('There are no users.');

    await page.unroute('**/api/user/getuserlist*');
    await page.route('**/api/user/getuserlist*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Sunucu hatası', status: 'Error' }),
      }),
    );
    await page.reload();
    await expect(page.getByText('The list could not be loaded.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

    await page.unroute('**/api/user/getuserlist*');
    const hostile = '<img src=x onerror="window.hacked=1">Kötü Ad';
    await page.route('**/api/user/getuserlist*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          data: [
            {
              id: 77,
              name: hostile,
              email: 'x@example.com',
              Phonenumber: '905320000077',
              Dealercode: '',
              user_type: 0,
              active: true,
              subscribes: [],
              state: 1,
            },
          ],
          list_info: { total_count: 1, limit: 10, offset: 0 },
        }),
      }),
    );
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(row(page, 'Kötü Ad').getByRole('gridcell').first()).toHaveText(hostile);
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  });

  test('speaks Turkish', async ({ page }) => {
    await openList(page, 'admin', '/Users', 'tr');
    await expect(page.getByRole('navigation', { name: 'Sayfa yolu' })).toHaveText(
      /Kullanıcılar\s*\/\s*Kullanıcı listesi/,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Kullanıcı listesi' })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Kullanıcılar' }).getByRole('columnheader')).toHaveText([
      'Ad soyad',
      'E-posta',
      'Telefon numarası',
      'Bayi kodu',
      'Kullanıcı tipi',
      'Aktif',
      'İşlemler',
    ]);
    await expect(page.getByRole('link', { name: 'Kullanıcı ekle' })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Kullanıcılar' })).toContainText('Yönetici');
    await page.getByRole('button', { name: 'Zeynep Kaya için işlemler' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      /^Düzenle$/,
      /^Aktifleştir\s*Zaten aktif\.$/,
      /^Pasifleştir$/,
      /^Mobil sıfırlama$/,
      /^Şifre sıfırlama$/,
      /^Abonelikleri taşı/,
      /^Sil$/,
    ]);
    await menu.getByRole('menuitem', { name: 'Sil', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText(
      'Zeynep Kaya (user@example.com) kullanıcısı silinsin mi? Bu işlem geri alınamaz.',
    );
    const answered = page.waitForResponse((response) => response.url().includes('/user/deleteappuser'));
    await page.getByRole('dialog').getByRole('button', { name: 'Sil', exact: true }).click();
    await answered;
    await expect(page.getByRole('status').filter({ hasText: localeText('tr', 'errors.statusSuccess') })).toBeVisible();
    expect(localeText('tr', 'errors.statusSuccess')).toBe('İşlem Başarıyla Gerçekleşti');
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no serious axe violation at 390 px and on a desk, ${theme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width: 390, height: 844 });
      const language = theme === 'dark' ? 'tr' : 'en';
      await openList(page, 'admin', '/Users', language);
      // Nothing wider than the screen but the grid, which scrolls inside itself.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page);
      await page.setViewportSize({ width: 1366, height: 900 });
      await actionsOf(page, 'Zeynep Kaya', language).click();
      await expectAccessible(page);
      await page.getByRole('menuitem').nth(2).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page);
    });
  }
});

test.describe('adding and editing users, moving subscriptions', () => {
  const form = (page: Page, name: string) => page.getByRole('form', { name });
  const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

  test('an administrator adds a user, finds them with the list’s search, and cannot add the same e-mail twice', async ({
    page,
  }) => {
    await openList(page);
    await page.getByRole('link', { name: 'Add user' }).click();
    await expect(page).toHaveURL(/\/User\/Add$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add user' })).toBeVisible();
    const add = form(page, 'Add user');
    // An administrator may give every type.
    await expect(add.getByRole('combobox', { name: 'User type' }).getByRole('option')).toHaveText([
      'User',
      'Dealer',
      'Administrator',
    ]);
    const submit = add.getByRole('button', { name: 'Add user' });
    await expect(submit).toBeDisabled();
    // The contract's rules, with their messages once a field is left.
    await field(page, 'Name').fill('De');
    await field(page, 'Email').focus();
    await expect(add).toContainText('The name must be at least 3 characters.');
    await field(page, 'Name').fill('Deniz Çelik');
    await field(page, 'Email').fill('deniz@example.com');
    // A phone as people type it: a number that is none says the format; a real one is sent as the contract's digits.
    const phone = field(page, 'Phone number');
    await expect(add).toContainText('For example 0532 111 22 33 or +90 532 111 22 33');
    await phone.fill('0532 111 00 0');
    await field(page, 'Dealer code').focus();
    await expect(add).toContainText('This is not a phone number. Type it with its country code (+90 532 111 22 33)');
    await expect(submit).toBeDisabled();
    await phone.fill('0532 111 00 06');
    await expect(add).not.toContainText('This is not a phone number.');
    await field(page, 'Dealer code').fill('IST034');
    await add.getByRole('combobox', { name: 'User type' }).selectOption({ label: 'Dealer' });
    await expectAccessible(page);

    const sent = page.waitForRequest((request) => request.url().endsWith('/api/user/adduser'));
    await submit.click();
    expect((await sent).postDataJSON()).toEqual({
      name: 'Deniz Çelik',
      email: 'deniz@example.com',
      phone: '905321110006',
      dealercode: 'IST034',
      user_type: 1,
    });
    await expect(successToast(page)).toBeVisible();
    // The account's one-time password is shown once (one-time-password.spec.ts follows it to the first sign-in).
    const once = page.getByRole('dialog', { name: 'One-time password' });
    await expect(once.getByRole('textbox', { name: 'One-time password of Deniz Çelik' })).toHaveValue(/^\w{12}$/);
    await once.getByRole('button', { name: 'Done' }).click();
    // The list opens searched for the new address: the new row, found by the server's search.
    await expect(page).toHaveURL(/\/Users\?search=deniz%40example\.com$/);
    await expect(row(page, 'Deniz Çelik')).toContainText('905321110006');
    await expect(row(page, 'Deniz Çelik')).toContainText('Dealer');
    await expect(grid(page).getByRole('row')).toHaveCount(2);

    // The same address again: the e-mail field itself says it (no toast), the form kept as typed; another address
    // clears it. The phone typed internationally is sent as the contract's digits.
    await page.getByRole('link', { name: 'Add user' }).click();
    await field(page, 'Name').fill('Deniz Çelik');
    await field(page, 'Email').fill('DENIZ@example.com');
    await field(page, 'Phone number').fill('+90 532 111 00 66');
    const again = page.waitForRequest((request) => request.url().endsWith('/api/user/adduser'));
    await form(page, 'Add user').getByRole('button', { name: 'Add user' }).click();
    expect((await again).postDataJSON()).toMatchObject({ phone: '905321110066' });
    await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(form(page, 'Add user')).toContainText('Another user already has this email address.');
    await expect(
      page.getByRole('alert').filter({ hasText: 'A user with this e-mail address already exists' }),
    ).toHaveCount(0);
    await expect(page).toHaveURL(/\/User\/Add$/);
    await expect(field(page, 'Email')).toHaveValue('DENIZ@example.com');
    await field(page, 'Email').fill('deniz2@example.com');
    await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'false');
  });

  test('a user’s page opened by its address reads the user, saves a change, and the list shows it', async ({
    page,
  }) => {
    await openSignedIn(page, 'admin', '/User/4/Edit');
    const edit = form(page, 'Edit user');
    await expect(field(page, 'Name')).toHaveValue('Emre Aydın');
    // Read again by its id after a reload, not from a list read before.
    await page.reload();
    await expect(field(page, 'Email')).toHaveValue('olduser@example.com');
    await expect(edit.getByRole('combobox', { name: 'User type' })).toHaveValue('0');
    await expect(page.getByRole('region', { name: 'Subscriptions' })).toContainText('Premium, until 31.03.2027');
    const save = edit.getByRole('button', { name: 'Save user' });
    await expect(save).toBeDisabled();

    await field(page, 'Name').fill('Emre Karadeniz');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/user/updateuser'));
    await save.click();
    expect((await sent).postDataJSON()).toMatchObject({ user_id: 4, name: 'Emre Karadeniz', user_type: 0 });
    await expect(successToast(page)).toBeVisible();
    // The page stays on the saved account: nothing left to save.
    await expect(field(page, 'Name')).toHaveValue('Emre Karadeniz');
    await expect(save).toBeDisabled();

    await page.getByRole('link', { name: 'Back to the user list' }).click();
    await expect(row(page, 'Emre Karadeniz')).toContainText('olduser@example.com');
    await expect(row(page, 'Emre Aydın')).toHaveCount(0);
  });

  test('moves one user’s subscriptions to another, and both users show it', async ({ page }) => {
    await openList(page);
    await actionsOf(page, 'Emre Aydın').click();
    await page.getByRole('menuitem', { name: 'Move subscriptions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move subscriptions' });
    await expect(dialog).toContainText(
      'Every subscription of Emre Aydın (olduser@example.com) moves to the user you pick',
    );
    await expect(dialog).toContainText('Premium, until 31.03.2027');
    const submit = dialog.getByRole('button', { name: 'Move subscriptions' });
    await expect(submit).toBeDisabled();
    const picker = dialog.getByRole('combobox', { name: 'Receiving user' });
    await picker.fill('user@example');
    // The user moved from is not offered.
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText([/Zeynep Kaya\s*user@example.com/]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Receives the subscriptions: Zeynep Kaya (user@example.com)')).toBeVisible();
    await expectAccessible(page);

    const sent = page.waitForRequest((request) => request.url().endsWith('/api/user/movesubscriptions'));
    const reloaded = page.waitForRequest((request) => isUserList(request.url()) && !listParams(request).has('search'));
    await submit.click();
    expect((await sent).postDataJSON()).toEqual({ user_id: 4, new_user_id: 3 });
    await expect(successToast(page)).toBeVisible();
    await expect(dialog).toBeHidden();
    await reloaded;
    // Emre has nothing left to move.
    await actionsOf(page, 'Emre Aydın').click();
    await expect(page.getByRole('menuitem', { name: /^Move subscriptions/ })).toContainText('No subscription to move.');
    await page.keyboard.press('Escape');

    await row(page, 'Zeynep Kaya').dblclick();
    await expect(page).toHaveURL(/\/User\/3\/Edit$/);
    const subscriptions = page.getByRole('region', { name: 'Subscriptions' }).getByRole('listitem');
    await expect(subscriptions).toHaveText(['Premium, until 31.03.2027', 'Premium, until 31.03.2027']);
    await page.goto('/User/4/Edit');
    await expect(page.getByRole('region', { name: 'Subscriptions' })).toContainText('No subscription.');
  });

  test('a dealer adds only its own customers, and a user outside its reach is not found', async ({ page }) => {
    await openSignedIn(page, 'dealer', '/User/Add');
    const add = form(page, 'Add user');
    await expect(field(page, 'Dealer code')).toHaveValue('IST034');
    await expect(field(page, 'Dealer code')).toBeDisabled();
    await expect(add).toContainText('Your dealer code: your customers carry it.');
    await expect(add.getByRole('combobox', { name: 'User type' }).getByRole('option')).toHaveText(['User', 'Dealer']);

    // Can Öztürk (user 5) has no dealer code: not the dealer's customer, answered as unknown.
    const read = page.waitForResponse((response) => response.url().endsWith('/api/user/getuserdetail/5'));
    await page.goto('/User/5/Edit');
    expect((await read).status()).toBe(404);
    await expect(page.getByText('There is no such user, or it is not one of yours.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Edit user' })).toHaveCount(0);

    // A customer of the dealer opens; a failed read says so, with a retry.
    await page.route('**/api/user/getuserdetail/3', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Sunucu hatası"}' }),
    );
    await page.goto('/User/3/Edit');
    await expect(page.getByText('The user could not be loaded.')).toBeVisible({ timeout: 15_000 });
    await page.unroute('**/api/user/getuserdetail/3');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(field(page, 'Name')).toHaveValue('Zeynep Kaya');
    await expect(field(page, 'Dealer code')).toBeDisabled();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page);
  });
});

/**
 * The whole chain in a real browser: sign in through the generated client against Prism (via the mock
 * front), land on the panel list rendered from the generated query hook, and see live state arrive from the
 * panel simulator over the MQTT broker, including the effect of a command sent through the mock.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_PORTS } from '../../playwright.config.ts';
import { heldToken, accessibilityViolations } from './support.ts';

const PANEL_1 = 864215040012345;
const mockApi = `http://127.0.0.1:${E2E_PORTS.api}/api`;

const signIn = async (page: Page, username: string) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('any-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
};

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
  });
});

test('signs in and lists the panels with their live state', async ({ page, request }) => {
  const panelListRequest = page.waitForRequest((req) => req.url().includes('/api/command/devices/userdevices/0'));
  await signIn(page, 'user');
  await expect(page).toHaveURL(/\/Panels$/);

  // The call went through the gateway with every common header.
  const headers = (await panelListRequest).headers();
  expect(headers.authorization).toMatch(/^Bearer eyJ/);
  expect(headers.agent).toBe('browser');
  expect(headers.language).toBe('en');
  expect(headers.country).toBe('USD');

  // The four panels of the example installation, from the contract's examples.
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Merkez Ofis',
    'Depo',
    'Yazlık Bodrum',
    'Mağaza Kadıköy',
  ]);
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  const panel1 = page.getByTestId(`panel-${PANEL_1}`);
  await expect(panel1.getByTestId('panel-state')).toHaveText('Disarmed');
  await expect(page.getByTestId('panel-864215040034567').getByTestId('panel-state')).toHaveText('Disconnected');

  // A command sent through the mock reaches the simulated panel; its new state arrives on the live feed.
  const token = await heldToken(page);
  const response = await request.post(`${mockApi}/command/devices/controlpanel`, {
    headers: { authorization: `Bearer ${token}` },
    data: { dev_id: PANEL_1, command: 'ARM', password: '1234', partno: 0, ispart: false },
  });
  expect(await response.json()).toMatchObject({ Err: 0 });
  await expect(panel1.getByTestId('panel-state')).toHaveText('Armed');

  const disarm = await request.post(`${mockApi}/command/devices/controlpanel`, {
    headers: { authorization: `Bearer ${token}` },
    data: { dev_id: PANEL_1, command: 'DISARM', password: '1234', partno: 0, ispart: false },
  });
  expect(await disarm.json()).toMatchObject({ Err: 0 });
  await expect(panel1.getByTestId('panel-state')).toHaveText('Disarmed');

  expect(await accessibilityViolations(page)).toEqual([]);
});

test('an unknown account gets the error toast with the server message', async ({ page }) => {
  await signIn(page, 'nobody');
  const toast = page.getByRole('alert');
  await expect(toast).toContainText('Error!');
  await expect(toast).toContainText('Wrong username or password');
  await expect(page).toHaveURL(/\/login$/);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('the Turkish interface sends the Turkish headers', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'tr'));
  await page.goto('/login');
  await page.getByLabel('Kullanıcı adı').fill('dealer');
  await page.getByLabel('Şifre').fill('x');
  const panelListRequest = page.waitForRequest((req) => req.url().includes('/api/command/devices/userdevices/0'));
  await page.getByRole('button', { name: 'Giriş yap' }).click();
  const headers = (await panelListRequest).headers();
  expect(headers.language).toBe('tr');
  expect(headers.country).toBe('TRY');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paneller');
});

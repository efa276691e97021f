/**
 * The console as an operator deploys it: the build's own nginx deployment (`<dist>-nginx/start.sh`, deploy/nginx/)
 * under Debian's nginx, configured from the environment (playwright.config.ts), in front of the mock stack: the API,
 * the file store and the broker's websocket all on the console's origin. Runs where nginx is installed (CI installs
 * it).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIResponse } from '@playwright/test';
import { E2E_NGINX, E2E_PORTS, E2E_PRODUCTION_DIST as DIST } from '../../playwright.config.ts';
import { paths } from '../../src/lib/routing/paths.ts';
import { securityHeaders } from '../../src/lib/config/security-headers.ts';
import { contractToken, openSignedIn, payWithTestCard, withoutNewOrderModal } from './support.ts';

test.skip(!E2E_NGINX.installed, 'nginx is not installed');

const NGINX = `http://127.0.0.1:${E2E_PORTS.nginx}`;
test.use({ baseURL: NGINX });
test.beforeEach(({ page }) => withoutNewOrderModal(page));

/** The config.json nginx serves: written at start from the environment, not part of the build. */
const servedConfig = () => JSON.parse(readFileSync(path.join(E2E_NGINX.runtime, 'config.json'), 'utf8'));

/** Every security header, exactly as the one module builds it for the served config.json. */
function expectSecurityHeaders(response: APIResponse, what: string): void {
  const expected = securityHeaders(servedConfig());
  for (const [name, value] of Object.entries(expected)) {
    expect(response.headers()[name.toLowerCase()], `${name} on ${what}`).toBe(value);
  }
}

const plan = (() => {
  const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
    paths: Record<string, { get: { responses: { 200: { content: { 'application/json': { examples: never } } } } } }>;
  };
  const examples = contract.paths['/payment-plans']!.get.responses[200].content['application/json'].examples as {
    default: { value: { data: { id: number; prices: { id: number }[] }[] } };
  };
  return examples.default.value.data[0]!;
})();

test('config.json is written from the environment at start, with the same-origin paths', async ({ request }) => {
  const response = await request.get('/config.json');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({
    apiBaseUrl: '/api',
    fileStoreBaseUrl: '/files',
    brokerUrl: '/mqtt',
    brokerUsername: 'console',
    liveTopicTemplate: 'panels/{dev_id}',
    developmentSameOriginPayments: true,
    photoBaseUrl: '/api/__mock-files/',
  });
  expect(response.headers()['cache-control']).toBe('no-cache');
  expectSecurityHeaders(response, 'config.json');
});

test('every answer carries the security headers: the index, a page, an asset, an API call and errors', async ({
  request,
}) => {
  const asset = readdirSync(path.join(DIST, 'assets')).find((name) => name.endsWith('.js'))!;
  const answers: [string, APIResponse, number][] = [
    ['the index', await request.get('/'), 200],
    ['a page of the router', await request.get(paths.panels), 200],
    ['a hashed asset', await request.get(`/assets/${asset}`), 200],
    ['an API call', await request.get('/api/payment-plans'), 401],
    ['a missing asset', await request.get('/assets/missing-0123abcd.js'), 404],
    ['a refused file', await request.get('/files/resources?path=/Kullanim%20Kilavuzlari'), 401],
  ];
  for (const [what, response, status] of answers) {
    expect(response.status(), what).toBe(status);
    expectSecurityHeaders(response, what);
  }
});

test('hashed assets are cached for a year and gzipped; the index and pages are revalidated on every load', async ({
  request,
}) => {
  const script = readdirSync(path.join(DIST, 'assets')).find((name) => name.endsWith('.js'))!;
  const asset = await request.get(`/assets/${script}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('gzip');
  expect(asset.headers()['content-type']).toBe('text/javascript; charset=utf-8');
  expect(await asset.text()).toBe(readFileSync(path.join(DIST, 'assets', script), 'utf8'));

  // The index is compressed when it is as large as nginx's threshold (smaller, compressing saves nothing).
  const gzipFrom = Number(/gzip_min_length (\d+);/.exec(readFileSync('deploy/nginx/nginx.conf.template', 'utf8'))![1]);
  const indexBytes = statSync(path.join(DIST, 'index.html')).size;
  for (const url of ['/', '/index.html', paths.panels]) {
    const page = await request.get(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers()['cache-control'], url).toBe('no-cache');
    expect(page.headers()['content-encoding'], url).toBe(indexBytes >= gzipFrom ? 'gzip' : undefined);
    expect(await page.text(), url).toBe(readFileSync(path.join(DIST, 'index.html'), 'utf8'));
  }
  // A missing asset is a 404, never the index served as a script, and is not cached.
  const missing = await request.get('/assets/missing-0123abcd.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control']).toBeUndefined();
});

test('the file store answers only a session: 401 without one, 403 for the firmware folder to a user, 400 for a traversal', async ({
  request,
}) => {
  const manuals = '/files/resources?path=%2FKullanim%20Kilavuzlari';
  const anonymous = await request.get(manuals);
  expect(anonymous.status()).toBe(401);
  // The refusal is the API's own answer (its description is what the console shows), not nginx's page.
  expect((await anonymous.json()).description).toEqual(expect.any(String));

  const user = { authorization: `Bearer ${contractToken('user')}` };
  const listed = await request.get(manuals, { headers: user });
  expect(listed.status()).toBe(200);
  expect((await listed.json()).name).toBe('Kullanim Kilavuzlari');

  expect((await request.get('/files/resources?path=%2FFirmware', { headers: user })).status()).toBe(403);
  const admin = { authorization: `Bearer ${contractToken('admin')}` };
  expect((await request.get('/files/resources?path=%2FFirmware', { headers: admin })).status()).toBe(200);
  const traversal = await request.get('/files/resources?path=%2FKullanim%20Kilavuzlari%2F..%2F..%2Fetc', {
    headers: admin,
  });
  expect(traversal.status()).toBe(400);
  // The check itself is not reachable from outside.
  expect((await request.get('/.file-access')).status()).not.toBe(204);
});

test('the file store: read-only, and a path spelt around the firmware folder is still refused to a user', async ({
  request,
}) => {
  const user = { authorization: `Bearer ${contractToken('user')}` };
  const admin = { authorization: `Bearer ${contractToken('admin')}` };
  // (An administrator passes the check with each spelling; whether the store then finds the folder is its own matter.)
  for (const spelling of ['/./Firmware', '/%2e/Firmware', '/Firmware.', '/Firmware%20']) {
    const uri = `/files/resources?path=${spelling}`;
    expect((await request.get(uri, { headers: user })).status(), spelling).toBe(403);
    expect((await request.head(uri, { headers: user })).status(), spelling).toBe(403);
  }
  const manuals = '/files/resources?path=%2FKullanim%20Kilavuzlari';
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    const refused = await request.fetch(manuals, { method, headers: admin, data: '{}' });
    expect(refused.status(), method).toBe(405);
    expect(refused.headers()['allow']).toBe('GET, HEAD');
    expectSecurityHeaders(refused, `${method} on the file store`);
  }
});

test('API answers are never cached and carry no CORS header of the upstream (the console is same-origin)', async ({
  request,
}) => {
  const headers = { authorization: `Bearer ${contractToken('user')}`, origin: 'https://elsewhere.example' };
  for (const [what, response] of [
    ['a read', await request.get('/api/payment-plans', { headers })],
    ['a refusal', await request.get('/api/payment-plans')],
    ['a preflight', await request.fetch('/api/payment-plans', { method: 'OPTIONS', headers })],
  ] as const) {
    expect(response.headers()['cache-control'], what).toBe('no-store');
    for (const name of Object.keys(response.headers())) expect(name, what).not.toMatch(/^access-control-/);
  }
});

test('signed in through nginx: the panel list is live over the proxied websocket', async ({ page }) => {
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await page.addInitScript(() => localStorage.setItem('lang', 'tr'));
  await page.goto(paths.login);
  await page.getByLabel('Kullanıcı adı').fill('user');
  await page.getByLabel('Şifre').first().fill('any-password');
  await page.getByRole('button', { name: 'Giriş yap' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(paths.panels);
  await expect(page.getByTestId('live-status')).toHaveText('Canlı');
  expect(sockets).toContain(`ws://127.0.0.1:${E2E_PORTS.nginx}/mqtt`);
});

test('the help documents list through the protected file store with the session', async ({ page }) => {
  await openSignedIn(page, 'user', paths.help);
  await expect(page.getByRole('heading', { level: 1, name: 'Help documents' })).toBeVisible();
  await expect(page.getByRole('grid').getByRole('row').filter({ hasText: 'MX-16G Kurulum.pdf' })).toBeVisible();
});

test('a card payment runs end to end: the order posts to the provider on the console origin, its page takes the card, and it reports back', async ({
  page,
  request,
}) => {
  expect((await request.post('/api/__mock/orders/reset')).status()).toBe(200);
  await openSignedIn(page, 'user', paths.pay(plan.id, plan.prices[0]!.id, 'subscription'));
  const providerPolicies: string[] = [];
  page.context().on('response', (response) => {
    if (/\/provider\/(pay|card)$/.test(response.url()))
      providerPolicies.push(response.headers()['content-security-policy'] ?? '');
  });
  const popup = await payWithTestCard(page);
  await expect(popup).toHaveURL(new RegExp(`^${NGINX}/provider/`));
  // Through nginx too, the provider's card form and 3-D Secure step carry the provider's own strict policy.
  expect(providerPolicies).toHaveLength(2);
  for (const policy of providerPolicies) expect(policy).toContain("default-src 'none'");
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await popup.waitForEvent('close');
  await expect(page.getByText('Your payment was completed.')).toBeVisible();
  const { payments } = (await (await request.get('/api/__mock/payments')).json()) as {
    payments: { result: string; last4: string }[];
  };
  expect(payments).toEqual([expect.objectContaining({ result: 'ok', last4: '1111' })]);
  // The payment credited 'user' with the plan bought on this stack, which other tests share: back to the examples.
  expect((await request.post('/api/__mock/orders/reset')).status()).toBe(200);
});

/**
 * The console as it ships: `vite build` (the one build every browser test opens, see tests/e2e/stack-ports.ts), served by the production preview server (which sends the
 * Content-Security-Policy and the other security headers, and proxies /api and /mqtt to the mock stack). The policy is enforced (every route is opened
 * under it by the every-route walk of appearance.spec.ts), the live feed connects under it, and dist/ carries no credentials.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_PORTS, E2E_PRODUCTION_DIST as DIST } from '../../playwright.config.ts';
import { paths } from '../../src/lib/routing/paths.ts';
import { securityHeaders } from '../../src/lib/config/security-headers.ts';
import { localConsoleConfig } from '../../scripts/console-config.ts';
import { EXAMPLE_PANEL as panel, EXAMPLE_PLAN as plan } from './route-urls.ts';
import { watchPolicy } from './policy-watch.ts';
import { openPanelDetail, openSignedIn, payWithTestCard, withoutNewOrderModal } from './support.ts';

test.beforeEach(({ page }) => withoutNewOrderModal(page));

const PRODUCTION = `http://127.0.0.1:${E2E_PORTS.console}`;

const builtFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? builtFiles(file) : [file];
  });

test('the build ships config.example.json, no config.json and no broker password', () => {
  const files = builtFiles(DIST);
  const names = files.map((file) => path.relative(DIST, file));
  expect(names).toContain('config.example.json');
  expect(names).not.toContain('config.json');
  // A password value anywhere in the output (the validator's message naming the old setting is not one).
  const leaks = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/"?brokerPassword"?\s*:\s*"[^"]*"|console-dev/g)].map(
      (match) => `${file}: ${match[0]}`,
    ),
  );
  expect(leaks).toEqual([]);
  expect(readFileSync(path.join(DIST, 'index.html'), 'utf8')).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
});

test('the production server sends the strict policy on every page', async ({ request }) => {
  for (const url of [paths.home, paths.panelDetail(panel), '/config.json']) {
    const response = await request.get(url);
    expect(response.ok(), url).toBe(true);
    const policy = response.headers()['content-security-policy'] ?? `no policy on ${url}`;
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("worker-src 'self' blob:");
  }
});

test('the production server sends every security header of the one module, on pages, assets and errors', async ({
  request,
}) => {
  const expected = securityHeaders(localConsoleConfig());
  const asset = readdirSync(path.join(DIST, 'assets')).find((name) => name.endsWith('.js'))!;
  for (const url of [paths.home, `/assets/${asset}`, '/api/payment-plans']) {
    const response = await request.get(url);
    for (const [name, value] of Object.entries(expected)) {
      expect(response.headers()[name.toLowerCase()], `${name} on ${url} (${response.status()})`).toBe(value);
    }
  }
});

test('the policy is enforced and the watch sees a violation (the every-route walk of appearance.spec.ts relies on it)', async ({
  page,
}) => {
  const violations = await watchPolicy(page);
  await openSignedIn(page, 'admin', paths.home);
  await expect(page.getByRole('main')).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineScriptRan = true';
    document.head.append(script);
  });
  await expect.poll(violations.seen).toContain('script-src-elem blocked inline');
  expect(await page.evaluate(() => 'inlineScriptRan' in window)).toBe(false);
});

test('the live feed connects under the policy', async ({ page }) => {
  const violations = await watchPolicy(page);
  await openSignedIn(page, 'admin', paths.panels);
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  await expect(page.getByTestId(`panel-${panel}`).getByTestId('panel-state')).toHaveText(/\S/);
  // The keepalive ticks in a worker made from a blob: URL (src/lib/live/worker-ticker.ts), allowed by worker-src.
  await expect.poll(() => page.workers().some((worker) => worker.url().startsWith('blob:'))).toBe(true);
  expect(await violations.seen()).toEqual([]);
});

test('a settings form validates under the policy: a bad value is refused, a valid change enables Save', async ({
  page,
}) => {
  // AJV compiles schemas with `new Function` unless precompiled; the policy has no 'unsafe-eval'.
  const violations = await watchPolicy(page);
  await openPanelDetail(page, 864215040012345, '1234', { tab: 'sia-event' });
  const form = page.getByRole('region', { name: 'SIA event settings' });
  const code = form.getByLabel('Event code');
  await expect(code).toHaveValue('BA');
  const save = form.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await code.fill('BAX');
  await expect(form).toContainText('Enter exactly 2 characters');
  await expect(save).toBeDisabled();
  await code.fill('BX');
  await expect(form).not.toContainText('Enter exactly 2 characters');
  await expect(form.getByRole('status')).toHaveText('1 change not written yet.');
  await expect(save).toBeEnabled();
  expect(await violations.seen()).toEqual([]);
});

test('a card payment runs under the policy: the order posts to the provider, whose own page takes the card under its own policy, and its result page reports back', async ({
  page,
  request,
}) => {
  expect((await request.post(`${PRODUCTION}/api/__mock/orders/reset`)).status()).toBe(200);
  const violations = await watchPolicy(page);
  // The provider's pages (card form, 3-D Secure, result) each come with the provider's own strict policy, and nothing
  // on them breaks it.
  const providerPolicies: string[] = [];
  const providerViolations: string[] = [];
  page.context().on('response', (response) => {
    if (/\/provider\/(pay|card|confirm|ok)/.test(response.url()) && response.status() < 300)
      providerPolicies.push(response.headers()['content-security-policy'] ?? '');
  });
  page.context().on('console', (message) => {
    if (message.page() !== page && /content security policy/i.test(message.text()))
      providerViolations.push(message.text());
  });
  await openSignedIn(page, 'user', paths.pay(plan.id, plan.prices[0]!.id, 'subscription'));
  const popup = await payWithTestCard(page);
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await popup.waitForEvent('close');
  // The result page's script ran under the same policy and told the console.
  await expect(page.getByText('Your payment was completed.')).toBeVisible();
  expect(await violations.seen()).toEqual([]);
  expect(providerPolicies.length).toBeGreaterThanOrEqual(3);
  for (const policy of providerPolicies) {
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe');
  }
  expect(providerViolations).toEqual([]);
  // The payment credited 'user' with the plan bought on this stack, which other tests share: back to the examples.
  expect((await request.post(`${PRODUCTION}/api/__mock/orders/reset`)).status()).toBe(200);
});

import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/chromium.ts';
import { E2E_DIST, E2E_WORKERS, NGINX_BINARY, READY_PORT, nginxRuntime, stackPorts } from './tests/e2e/stack-ports.ts';

// Browser tests run the real stack in Debian's Chromium: the mock stack, the built console under its production
// server, and nginx, one such stack per worker (tests/e2e/stacks.ts). Playwright loads this file again in every
// worker with its TEST_PARALLEL_INDEX set, so `ports` (and `baseURL`) are the worker's own stack's.
const stackIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const ports = stackPorts(stackIndex);

/**
 * The mock API's merchant signing key and salt for this run (mocks/db/merchant-ledger.ts), made once by the runner and
 * inherited by the mock stacks it starts and by its workers: tests/e2e/payments.spec.ts checks the order tokens with
 * them and looks for both in every answer the browser sees.
 */
process.env.MOCK_MERCHANT_KEY ||= randomBytes(32).toString('base64');
process.env.MOCK_MERCHANT_SALT ||= randomBytes(12).toString('base64url');

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // A file's tests run in order in one worker (they share its stack); files are spread over the workers.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${ports.console}`,
    screenshot: 'only-on-failure',
    // The console's service worker (src/app/pwa/) stays out of every test but pwa.spec.ts, which allows it: a page
    // it controls would be answered by its cache, past `page.route` (which never sees a service worker's requests).
    serviceWorkers: 'block',
    // As a person who asked for less motion: dialogs, menus, drawers, toasts and tooltips show at once (the console
    // honours the setting, src/app/theme-motion.ts), so no test waits for an animation to settle. A test about motion
    // itself sets `reducedMotion` to 'no-preference' (shell.spec.ts checks both).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node --import tsx tests/e2e/stacks.ts',
    url: `http://127.0.0.1:${READY_PORT}/`,
    // A cold machine builds the console and starts Prism for each stack.
    timeout: 240_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    // The stacks' banners stay out of the report; their errors and the "stacks up" line (stderr) do not.
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

export const E2E_PORTS = ports;
export const E2E_PRODUCTION_DIST = E2E_DIST;
export const E2E_NGINX = { installed: existsSync(NGINX_BINARY), runtime: nginxRuntime(stackIndex) };

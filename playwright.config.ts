import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';

// Browser tests run the real stack (`npm start` on its own ports) in Debian's Chromium.
// E2E_PORT_OFFSET moves the whole stack (for running two suites side by side on one machine).
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const ports = {
  console: 5183 + offset,
  api: 4510 + offset,
  prism: 4511 + offset,
  broker: 4512 + offset,
  /** The built console (dist/) under its production server, for tests/e2e/csp.spec.ts. */
  production: 4513 + offset,
  /** The same build behind Debian's nginx with deploy/nginx/ (tests/e2e/nginx.spec.ts). */
  nginx: 4514 + offset,
};

/** Where the browser tests build the console: its own folder per offset, so suites side by side never rebuild it
 * under each other's server (`npm run build` writes dist/ with the same configuration). */
const productionDist = `build/e2e-dist-${offset}`;

/**
 * The mock API's merchant signing key and salt for this run (mocks/merchant-ledger.ts), made once by the runner and
 * inherited by the mock stack it starts and by its workers: tests/e2e/payments.spec.ts checks the order tokens with
 * them and looks for both in every answer the browser sees.
 */
process.env.MOCK_MERCHANT_KEY ||= randomBytes(32).toString('base64');
process.env.MOCK_MERCHANT_SALT ||= randomBytes(12).toString('base64url');

/** nginx, when installed (.ci/run installs Debian's): tests/e2e/nginx.spec.ts runs only then. */
const nginxBinary = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';
const nginxInstalled = existsSync(nginxBinary);
/** The runtime folder of that nginx: config.json, nginx.conf and the headers written at start, its pid and temp files. */
const nginxRuntime = path.resolve(`build/e2e-nginx-${offset}`);

/**
 * The build's own nginx deployment (`<dist>-nginx/start.sh`, written by `vite build`, see deploy/nginx/) in front of
 * the mock stack, configured from the environment exactly as an operator would, plus the fake payment provider's
 * include. Started after the production server above, whose build it serves.
 */
const nginxServer = {
  command: `${productionDist}-nginx/start.sh`,
  env: {
    CONSOLE_API_UPSTREAM: `http://127.0.0.1:${ports.api}`,
    CONSOLE_FILES_UPSTREAM: `http://127.0.0.1:${ports.api}`,
    CONSOLE_BROKER_UPSTREAM: `ws://127.0.0.1:${ports.broker}`,
    CONSOLE_BROKER_USERNAME: 'console',
    CONSOLE_LIVE_TOPIC_TEMPLATE: 'panels/{dev_id}',
    CONSOLE_DEVELOPMENT_SAME_ORIGIN_PAYMENTS: 'true',
    CONSOLE_LISTEN: `127.0.0.1:${ports.nginx}`,
    CONSOLE_NGINX_RUNTIME: nginxRuntime,
    CONSOLE_NGINX_INCLUDE: path.resolve('deploy/nginx/mock-provider.conf.template'),
    CONSOLE_NGINX_ACCESS_LOG: 'off',
    CONSOLE_NGINX_BINARY: nginxBinary,
    // Started as root (CI), nginx's workers would run as nobody, who may not read a checkout under /root.
    ...(process.getuid?.() === 0 ? { CONSOLE_NGINX_USER: 'root' } : {}),
  },
  url: `http://127.0.0.1:${ports.nginx}/config.json`,
  timeout: 30_000,
  reuseExistingServer: false,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
};

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${ports.console}`,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      // Spontaneous simulator changes are off (--tick-ms 0) so what the tests see is caused by the tests.
      command: `node --import tsx mocks/start.ts --quiet --tick-ms 0 --console-port ${ports.console} --api-port ${ports.api} --prism-port ${ports.prism} --broker-port ${ports.broker}`,
      url: `http://127.0.0.1:${ports.console}/config.json`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // The production build served as it ships (`npm run build && npm run preview`: the CSP header, no inline
      // script), proxying /api and /mqtt to the same mock stack. A build takes a few seconds.
      command: `node_modules/.bin/vite build --logLevel warn --outDir ${productionDist} --emptyOutDir && node_modules/.bin/vite preview --outDir ${productionDist} --host 127.0.0.1 --port ${ports.production} --strictPort`,
      env: { API_TARGET: `http://127.0.0.1:${ports.api}`, BROKER_TARGET: `ws://127.0.0.1:${ports.broker}` },
      url: `http://127.0.0.1:${ports.production}/config.json`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    ...(nginxInstalled ? [nginxServer] : []),
  ],
});

export const E2E_PORTS = ports;
export const E2E_PRODUCTION_DIST = productionDist;
export const E2E_NGINX = { installed: nginxInstalled, runtime: nginxRuntime };

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
};

/** Where the browser tests build the console: its own folder per offset, so suites side by side never rebuild it
 * under each other's server (`npm run build` writes dist/ with the same configuration). */
const productionDist = `build/e2e-dist-${offset}`;

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
  ],
});

export const E2E_PORTS = ports;
export const E2E_PRODUCTION_DIST = productionDist;

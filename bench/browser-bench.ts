/**
 * What the browser benchmarks (bench:forms, bench:table, bench:phone, bench:live) share to set up: the console built
 * as it ships into the bench's own folder (or that build reused), the mock stack on the bench's ports, Vite's
 * production preview (the policy header, config.json) proxying to it, Chromium launched with its flags, and a time
 * limit on a step.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { DEVELOPMENT_CONFIG } from '../mocks/console-config.ts';
import { ensurePortFree } from '../mocks/ports.ts';
import { startMockStack, type RunningStack } from '../mocks/stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium.ts';

/** The desktop window the console's benchmarks measure in (bench:forms, bench:table, bench:live). */
export const DESKTOP_VIEWPORT = { width: 1366, height: 900 };

/** A step that must end within `ms`, or the run fails saying which. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} (${ms} ms)`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Builds the console as `npm run build` does (the project's configuration), into `<outDir>/console`. */
export async function buildConsole(outDir: string): Promise<void> {
  await build({ logLevel: 'warn', build: { outDir: path.join(outDir, 'console'), emptyOutDir: true } });
}

/**
 * The console as it ships in `<outDir>/console`: built now, or with `reuse` (a bench's `--no-build`) the build already
 * there. Says which, and how long the build took.
 */
export async function buildOrReuse(outDir: string, reuse: boolean, log: (line: string) => void): Promise<void> {
  const shown = path.relative('.', outDir);
  if (reuse && existsSync(path.join(outDir, 'console', 'index.html'))) {
    log(`Reusing the build in ${shown}/.`);
    return;
  }
  log(`Building the console as it ships (vite build, into ${shown}/)...`);
  const started = Date.now();
  await buildConsole(outDir);
  log(`   built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/**
 * The mock stack of a bench on `--port-base` and the next three ports (the site, the API, Prism, the broker), its
 * simulator's spontaneous changes off, with the development console's broker account and topics.
 */
export async function startBenchStack(
  portBase: string | undefined,
): Promise<{ ports: { site: number; api: number; prism: number; broker: number }; stack: RunningStack }> {
  const base = Number(portBase);
  if (!Number.isInteger(base) || base < 1024 || base > 65532) throw new Error(`--port-base ${portBase}?`);
  const ports = { site: base, api: base + 1, prism: base + 2, broker: base + 3 };
  const stack = await startMockStack({
    ports: { api: ports.api, prism: ports.prism, broker: ports.broker },
    brokerUsername: DEVELOPMENT_CONFIG.brokerUsername,
    topicTemplate: DEVELOPMENT_CONFIG.liveTopicTemplate,
    tickMs: 0,
  });
  return { ports, stack };
}

/** Headless Chromium (/usr/bin/chromium, or CHROMIUM_PATH) with the benches' flags; the bench's own signal handler closes it. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`No Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/**
 * The production preview of playwright.config.ts (`vite preview` on the build: the policy header, config.json),
 * proxying to this run's stack.
 */
export async function servePreview(outDir: string, port: number, stack: RunningStack): Promise<PreviewServer> {
  await ensurePortFree({ name: 'console (production preview)', port, setting: '--port-base' });
  return preview({
    logLevel: 'warn',
    build: { outDir: path.join(outDir, 'console') },
    preview: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      open: false,
      proxy: {
        '/api': { target: stack.apiUrl, changeOrigin: true },
        '/files': { target: stack.apiUrl, changeOrigin: true },
        '/mqtt': { target: stack.brokerUrl, ws: true, changeOrigin: true },
      },
    },
  });
}

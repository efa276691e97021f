/**
 * `npm run bench:phone`: the console on an installer's phone on a weak mobile signal. A benchmark, not a
 * test: it prints figures and writes them to build/bench-phone.json; it exits non-zero only when it could not run
 * (the flow broke). A missed goal is printed as `MISSES`, never hidden.
 *
 * The setup, as the console ships: `vite build` with the project's configuration into build/bench-phone/console,
 * which also writes the build's own nginx deployment (build/bench-phone/console-nginx/start.sh, deploy/nginx/);
 * that nginx serves it (gzip, hashed assets `Cache-Control: public, max-age=31536000, immutable`, index.html and
 * config.json `no-cache`), configured from the environment as tests/e2e/stacks.ts does, in front of the mock stack
 * started in-process (mocks/stack.ts: Prism on the contract, the mock front, the broker, the simulator with
 * spontaneous changes off). Without nginx (or with `--server node`) a node server of this file stands in: static
 * files gzip-compressed, the same caching headers and security headers, /api, /files and /mqtt passed to the stack.
 * Before measuring, the bench asks the server for index.html and the entry script with `Accept-Encoding: gzip` and
 * prints their content-encoding and cache-control; in the browser every script answer's content-encoding is
 * counted (CDP `Network.responseReceived`) and printed.
 *
 * The phone: Chromium (/usr/bin/chromium, or CHROMIUM_PATH) through Playwright, 390 × 844, deviceScaleFactor 3,
 * touch, a mobile user agent, locale tr-TR (the console starts in Turkish); through a CDP session of the page,
 * `Network.emulateNetworkConditions` as Lighthouse's "Slow 4G" (latency 150 ms, 1.6 Mbps down = 200,000 B/s,
 * 750 kbps up = 93,750 B/s) and `Emulation.setCPUThrottlingRate` 4. Cold: a new browser context per run (an empty
 * HTTP cache, no storage). Second visit: after the run's flow and once the console's service worker is active (its
 * precache of the first screens done; printed, with how long it took), the same context (its HTTP cache warm) signed out
 * (local and session storage cleared) and /login loaded again in the same tab; a new tab of the same context
 * (a new renderer: the HTTP cache alone, without the tab's memory cache) is measured and printed beside it.
 *
 * How "usable" and "live" are measured: an in-page probe (an init script, run before the page's own scripts)
 * checks on every animation frame and notes `performance.now()` (milliseconds since the document's navigation
 * start, `performance.timeOrigin`) at the first frame where the condition holds; the bench reads the notes
 * afterwards (page.waitForFunction polling every 250 ms, so its own checks do not load the page's frames).
 * - /login usable: the user name field, the password field and the sign-in button are visible (a box of their own,
 *   `checkVisibility` with visibility and opacity), the two fields enabled, writable and labelled with their
 *   Turkish texts (locales/tr.json `auth.login.username` and `.password`: the texts have loaded). The sign-in button is
 *   disabled by design until both fields hold text (src/features/auth/login-form.tsx, canSignIn): it counts as
 *   usable when enabled, or disabled while a field is still empty (it is React's button, rendered with its handler).
 * - sign-in → panel list live: from the click on the sign-in button (the click event's `timeStamp`, same clock)
 *   to the first frame on /Panels where at least one panel card or row (`data-testid="panel-<dev_id>"`) is visible
 *   and the live chip (`data-testid="live-status"`, src/features/panels/list/live-chip.tsx) says
 *   locales/tr.json `panels.live.connected` ("Canlı"). The fields are filled (Playwright `fill`) before the click.
 * - JS: the page's resource timing entries (the probe raises the buffer to 2000) whose path ends in .js and that
 *   started before the moment measured: their count and `encodedBodySize` (the body as it crossed the network,
 *   gzip), `transferSize` (with headers) beside it. /login usable: up to usable, cold; the whole /Panels flow: from
 *   navigation to the panel list live, cold. The build's size budget stays `npm run bench:size` (CI); this one
 *   counts what the browser really fetched.
 *
 * One unmeasured warm-up run first (the servers' first answers: Prism, nginx's file cache), then `--runs` runs;
 * each figure is printed as median and min–max, with the goal, and `MET` or `MISSES by`. The machine's load
 * (os.loadavg) is printed at start and end: compare runs at the same load.
 *
 * Flags: --runs <n> (default 3), --warmup <n> (default 1), --no-build (reuse build/bench-phone), --user <name> (a
 * sign-in example of the contract: admin, dealer, user...; default dealer, the installers' company),
 * --profile <dir> (a CPU profile of each cold /login, navigation to usable, for DevTools; profiling slows the page),
 * --waterfall (print each run's requests up to the live panel list, with start, end and size, beside the moments
 * measured: where the time goes), --server nginx|node (default nginx when installed), --port-base <port> (the site, API, Prism and broker on it and
 * the next three; default 7500), --json <file> (default build/bench-phone.json).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, get, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { RunningStack } from '../mocks/stack.ts';
import { DEVELOPMENT_CONFIG } from '../mocks/console-config.ts';
import { ensurePortFree } from '../mocks/ports.ts';
import type { ConsoleConfig } from '../src/lib/config/config.ts';
import { securityHeaders } from '../src/lib/config/security-headers.ts';
import { paths } from '../src/lib/routing/paths.ts';
import { nginxDeployDir } from '../deploy/nginx/build-plugin.ts';
import { NGINX_BINARY } from '../tests/e2e/stack-ports.ts';
import {
  buildOrReuse,
  launchChromium,
  machineLoad,
  round,
  startBenchStack,
  stopOnExit,
  within,
} from './browser-bench.ts';
import { median, show, tableLines, verdict, type Figure } from './phone-figures.ts';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    'no-build': { type: 'boolean', default: false },
    user: { type: 'string', default: 'dealer' },
    server: { type: 'string' },
    'port-base': { type: 'string', default: '7500' },
    json: { type: 'string', default: 'build/bench-phone.json' },
    waterfall: { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});

const RUNS = Math.max(1, Number(flags.runs));
const WARMUP = Math.max(0, Number(flags.warmup));
const OUT_DIR = path.resolve('build/bench-phone');
const CONSOLE_DIR = path.join(OUT_DIR, 'console');
const NGINX_DIR = nginxDeployDir(CONSOLE_DIR);
const NGINX_RUNTIME = path.join(OUT_DIR, 'nginx-runtime');

/** The phone: a Pixel 7's CSS viewport, pixel ratio 3, touch, in Turkish. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'tr-TR',
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
} as const;
/** Lighthouse's "Slow 4G" as CDP takes it: latency in ms, throughput in bytes per second (1.6 Mbps, 750 kbps). */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
} as const;
export const CPU_SLOWDOWN = 4;

/** The goals (ms, bytes as kB of 1000, files). */
export const GOALS = {
  loginColdMs: 1800,
  signInToLiveMs: 3000,
  loginWarmMs: 500,
  loginJsBytes: 150_000,
  loginJsFiles: 10,
  flowJsBytes: 350_000,
} as const;

const TR = JSON.parse(readFileSync('locales/tr.json', 'utf8')) as {
  auth: { login: { username: string; password: string } };
  panels: { live: { connected: string } };
};
/** The live chip's text when the feed is up, "Canlı". */
const LIVE_TEXT = TR.panels.live.connected;

const log = (line: string) => console.log(line);

/** `--waterfall`: what the cold page fetched until the live panel list, each request's start and end, with the moments measured. */
function printWaterfall({ fetched, usable, click, live }: RunResult['waterfall']): void {
  const moments = [
    { at: usable, text: '/login usable' },
    ...(click === undefined ? [] : [{ at: click, text: 'sign-in clicked' }]),
    ...(live === undefined ? [] : [{ at: live, text: 'panel list live' }]),
  ];
  const until = live ?? usable;
  const rows = fetched
    .filter((entry) => entry.start <= until)
    .map((entry) => ({
      at: entry.start,
      text:
        `${entry.start.toFixed(0).padStart(6)}–${entry.end.toFixed(0).padEnd(6)} ms ` +
        `${(entry.encodedBytes / 1000).toFixed(1).padStart(6)} kB  ${entry.kind.padEnd(14)} ${entry.path}`,
    }));
  for (const moment of moments)
    rows.push({ at: moment.at, text: `${moment.at.toFixed(0).padStart(6)} ms ── ${moment.text}` });
  rows.sort((a, b) => a.at - b.at);
  for (const row of rows) log(`      ${row.text}`);
}
const load = () => machineLoad(2);

// Everything started is stopped again, in reverse order, also on failure and on Ctrl-C.
const benchmark = stopOnExit();
const { cleanups, cleanup } = benchmark;

/**
 * The in-page probe, installed with `addInitScript` (plain JavaScript in a string: a function from this file would
 * carry the TypeScript loader's helpers). Checks on every animation frame; notes performance.now() once.
 */
const PROBE = `(() => {
  performance.setResourceTimingBufferSize(2000);
  const LIVE_TEXT = ${JSON.stringify(LIVE_TEXT)};
  const LABELS = ${JSON.stringify({ user: TR.auth.login.username, password: TR.auth.login.password })};
  const PANELS_PATH = ${JSON.stringify(paths.panels)};
  const state = { usable: undefined, click: undefined, live: undefined, panels: 0 };
  window.__phone = state;
  const shown = (element) => {
    if (!element || !element.isConnected) return false;
    if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  // Writable, and labelled in Turkish (texts loaded): a person can tell what to type where.
  const writable = (input, label) =>
    shown(input) &&
    !input.disabled &&
    !input.readOnly &&
    [...(input.labels || [])].some((element) => (element.textContent || '').trim().startsWith(label));
  const loginUsable = () => {
    const user = document.querySelector('form input[autocomplete="username"]');
    const password = document.querySelector('form input[type="password"][autocomplete="current-password"]');
    const button = document.querySelector('form button[type="submit"]');
    if (!writable(user, LABELS.user) || !writable(password, LABELS.password) || !shown(button)) return false;
    return !button.disabled || user.value.trim() === '' || password.value === '';
  };
  const panelListLive = () => {
    if (location.pathname !== PANELS_PATH) return false;
    const chip = document.querySelector('[data-testid="live-status"]');
    if (!shown(chip) || (chip.textContent || '').trim() !== LIVE_TEXT) return false;
    let panels = 0;
    for (const item of document.querySelectorAll('[data-testid^="panel-"]')) {
      if (/^panel-\\d+$/.test(item.dataset.testid) && shown(item)) panels++;
    }
    state.panels = panels;
    return panels > 0;
  };
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest('button[type="submit"]') : null;
      if (target && state.usable !== undefined && state.click === undefined) state.click = event.timeStamp;
    },
    true,
  );
  const frame = () => {
    if (state.usable === undefined && loginUsable()) state.usable = performance.now();
    if (state.click !== undefined && state.live === undefined && panelListLive()) state.live = performance.now();
    if (state.live === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

interface ProbeState {
  usable?: number;
  click?: number;
  live?: number;
  panels: number;
}

interface Scripts {
  files: number;
  encodedBytes: number;
  transferBytes: number;
}

interface Fetched {
  path: string;
  kind: string;
  start: number;
  end: number;
  encodedBytes: number;
}

/** Every resource the page fetched, in the order it asked for them (`--waterfall`). */
async function fetchedResources(page: Page): Promise<Fetched[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      path: new URL(entry.name).pathname,
      kind: entry.initiatorType,
      start: entry.startTime,
      end: entry.responseEnd,
      encodedBytes: entry.encodedBodySize,
    })),
  );
}

/** The .js resources the page started fetching before `until` (ms since navigation start). */
async function scriptsUntil(page: Page, until: number): Promise<Scripts> {
  return page.evaluate((limit) => {
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (entry) => /\.m?js$/.test(new URL(entry.name).pathname) && entry.startTime <= limit,
    );
    return {
      files: scripts.length,
      encodedBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      transferBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
    };
  }, until);
}

interface ScriptAnswers {
  total: number;
  gzip: number;
  fromCache: number;
  /** Sent as they are, being under nginx's gzip_min_length (1 kB: compressing them saves nothing). */
  small: number;
  /** Sent uncompressed though larger: a serving fault, printed as a warning. */
  other: string[];
}

/** A phone tab: throttled through its own CDP session, the script answers' encodings counted. */
async function phoneTab(context: BrowserContext): Promise<{ page: Page; answers: ScriptAnswers; cdp: CDPSession }> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  const cdp = await context.newCDPSession(page);
  const answers: ScriptAnswers = { total: 0, gzip: 0, fromCache: 0, small: 0, other: [] };
  // A script the tab's memory cache serves is reported here first, then answered with its stored response.
  const servedFromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', (event) => servedFromCache.add(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    answers.total++;
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const cached =
      servedFromCache.has(event.requestId) || event.response.fromDiskCache === true || event.response.status === 304;
    if (cached) answers.fromCache++;
    const length = Number(headers['content-length'] ?? NaN);
    if (headers['content-encoding'] === 'gzip') answers.gzip++;
    else if (length < 1024) answers.small++;
    else if (!cached)
      answers.other.push(`${new URL(event.response.url).pathname} (${headers['content-encoding'] ?? 'identity'})`);
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, answers, cdp };
}

const probeState = (page: Page) => page.evaluate(() => (window as unknown as { __phone: ProbeState }).__phone);

async function waitFor(page: Page, key: 'usable' | 'live', what: string): Promise<void> {
  await within(
    page.waitForFunction((name) => (window as unknown as { __phone?: ProbeState }).__phone?.[name] !== undefined, key, {
      polling: 250,
      timeout: 0,
    }),
    60_000,
    what,
  );
}

interface RunResult {
  loginColdMs: number;
  signInToLiveMs: number;
  loginWarmMs: number;
  loginNewTabMs: number;
  loginJs: Scripts;
  flowJs: Scripts;
  warmLoginJs: Scripts;
  panelsShown: number;
  /** What the cold page fetched up to the live panel list, with the moments measured (`--waterfall`). */
  waterfall: { fetched: Fetched[]; usable: number; click?: number; live?: number };
  /** What the second visit fetched until /login was usable (`--waterfall`). */
  warmWaterfall: { fetched: Fetched[]; usable: number };
  /** The service worker before the second visit: its state, and how long after the live list it was ready. */
  serviceWorker: { state: string; waitedMs: number };
  coldScripts: ScriptAnswers;
  warmScripts: ScriptAnswers;
}

async function run(browser: Browser, siteUrl: string, username: string): Promise<RunResult> {
  const context = await browser.newContext({ ...PHONE, baseURL: siteUrl });
  try {
    await context.addInitScript({ content: PROBE });
    const cold = await phoneTab(context);
    // `--profile <dir>`: a CPU profile of the cold sign-in page's main thread, from navigation to usable.
    if (flags.profile) {
      await cold.cdp.send('Profiler.enable');
      await cold.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cold.cdp.send('Profiler.start');
    }
    await cold.page.goto(paths.login, { waitUntil: 'commit' });
    await waitFor(cold.page, 'usable', '/login did not become usable');
    const atUsable = await probeState(cold.page);
    if (flags.profile) {
      const { profile } = await cold.cdp.send('Profiler.stop');
      mkdirSync(flags.profile, { recursive: true });
      const file = path.join(flags.profile, `login-cold-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      log(`   CPU profile of the cold /login: ${file} (open it in Chromium's DevTools, Performance)`);
    }
    const loginJs = await scriptsUntil(cold.page, atUsable.usable!);

    await cold.page.locator('form input[autocomplete="username"]').fill(username);
    await cold.page.locator('form input[autocomplete="current-password"]').fill('phone-bench-password');
    await cold.page.locator('form button[type="submit"]').click();
    await waitFor(cold.page, 'live', `the panel list with "${LIVE_TEXT}" did not show after sign-in`);
    const atLive = await probeState(cold.page);
    if (atLive.click === undefined) throw new Error('the click on sign-in was not seen by the probe');
    const flowJs = await scriptsUntil(cold.page, atLive.live!);
    const waterfall = {
      fetched: await fetchedResources(cold.page),
      usable: atUsable.usable!,
      click: atLive.click,
      live: atLive.live!,
    };

    // A person comes back later: by then the console's service worker (registered by the signed-in frame once the
    // page is idle) has installed and precached the first screens. Wait for it, or say that it did not come.
    const workerStart = Date.now();
    const worker = await cold.page
      .evaluate(() =>
        Promise.race([
          navigator.serviceWorker.ready.then((registration) => registration.active?.state ?? 'none'),
          new Promise<string>((resolve) => setTimeout(() => resolve('not active after 60 s'), 60_000)),
        ]),
      )
      .catch((error: unknown) => `unavailable (${error instanceof Error ? error.message : String(error)})`);
    const serviceWorker = { state: worker, waitedMs: Date.now() - workerStart };

    // Signed out, the HTTP cache kept: the second visit, /login loaded again in the same tab.
    const signOut = (page: Page) =>
      page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    await signOut(cold.page);
    const coldAnswers = { ...cold.answers, other: [...cold.answers.other] };
    Object.assign(cold.answers, { total: 0, gzip: 0, fromCache: 0, small: 0, other: [] });
    await cold.page.goto(paths.login, { waitUntil: 'commit' });
    await waitFor(cold.page, 'usable', '/login did not become usable on the second visit');
    const atWarm = await probeState(cold.page);
    const warmLoginJs = await scriptsUntil(cold.page, atWarm.usable!);
    const warmWaterfall = { fetched: await fetchedResources(cold.page), usable: atWarm.usable! };
    const warmAnswers = cold.answers;
    await cold.page.close();
    // And in a new tab of the same browser (a new renderer: the HTTP cache only), printed beside it.
    const tab = await phoneTab(context);
    await tab.page.goto(paths.login, { waitUntil: 'commit' });
    await waitFor(tab.page, 'usable', '/login did not become usable in a new tab');
    const atNewTab = await probeState(tab.page);
    await tab.page.close();
    return {
      loginColdMs: atUsable.usable!,
      signInToLiveMs: atLive.live! - atLive.click,
      loginWarmMs: atWarm.usable!,
      loginNewTabMs: atNewTab.usable!,
      loginJs,
      flowJs,
      warmLoginJs,
      panelsShown: atLive.panels,
      waterfall,
      warmWaterfall,
      serviceWorker,
      coldScripts: coldAnswers,
      warmScripts: warmAnswers,
    };
  } finally {
    await context.close();
  }
}

/** The build's own nginx deployment in front of the stack, configured as an operator would (tests/e2e/stacks.ts). */
async function startNginx(port: number, stack: RunningStack): Promise<void> {
  const child: ChildProcess = spawn(path.join(NGINX_DIR, 'start.sh'), [], {
    env: {
      ...process.env,
      CONSOLE_API_UPSTREAM: stack.apiUrl.replace(/\/api\/?$/, ''),
      CONSOLE_FILES_UPSTREAM: stack.apiUrl.replace(/\/api\/?$/, ''),
      CONSOLE_BROKER_UPSTREAM: stack.brokerUrl,
      CONSOLE_BROKER_USERNAME: DEVELOPMENT_CONFIG.brokerUsername,
      CONSOLE_LIVE_TOPIC_TEMPLATE: DEVELOPMENT_CONFIG.liveTopicTemplate,
      CONSOLE_LISTEN: `127.0.0.1:${port}`,
      CONSOLE_NGINX_RUNTIME: NGINX_RUNTIME,
      CONSOLE_NGINX_ACCESS_LOG: 'off',
      CONSOLE_NGINX_BINARY: NGINX_BINARY,
      // Started as root, nginx's workers would run as nobody, who may not read a checkout under /root.
      ...(process.getuid?.() === 0 ? { CONSOLE_NGINX_USER: 'root' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  let ended: string | undefined;
  child.once('exit', (code, signal) => (ended = signal ?? `exit ${code}`));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (ended) throw new Error(`nginx ended (${ended}): ${output.join('').trim()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/config.json`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer within 30 s: ${output.join('').trim()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
};
const COMPRESSIBLE = /^(text\/|application\/(json|problem\+json|manifest\+json)|image\/svg\+xml)/;

/**
 * Without nginx: the same answers from node (nginx.conf.template's locations): gzip for text over 1 kB, hashed
 * assets kept a year, the rest `no-cache`, the security headers of the config, /api, /files and /mqtt passed on.
 */
async function startNodeServer(port: number, stack: RunningStack, config: ConsoleConfig): Promise<void> {
  const headers = securityHeaders(config);
  const configBody = JSON.stringify(config);
  const api = new URL(stack.apiUrl);
  const broker = new URL(stack.brokerUrl);
  const gzipWanted = (requestHeaders: IncomingHttpHeaders) => /\bgzip\b/.test(requestHeaders['accept-encoding'] ?? '');
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/files/')) {
      const upstream = request(
        {
          host: api.hostname,
          port: api.port,
          method: req.method,
          path: `${url.pathname}${url.search}`,
          headers: { ...req.headers, host: api.host, 'accept-encoding': 'identity' },
        },
        (answer) => {
          const type = String(answer.headers['content-type'] ?? '');
          const compress = gzipWanted(req.headers) && COMPRESSIBLE.test(type) && !answer.headers['content-encoding'];
          const out = { ...answer.headers, ...headers };
          if (compress) {
            delete out['content-length'];
            out['content-encoding'] = 'gzip';
            out.vary = 'Accept-Encoding';
          }
          res.writeHead(answer.statusCode ?? 502, out);
          (compress ? answer.pipe(createGzip({ level: 5 })) : answer).pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': TYPES['.json'], 'cache-control': 'no-cache' }).end(configBody);
      return;
    }
    const file = path.join(CONSOLE_DIR, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    const found = file.startsWith(CONSOLE_DIR) && existsSync(file) && statSync(file).isFile();
    if (url.pathname.startsWith('/assets/') && !found) {
      res.writeHead(404).end();
      return;
    }
    const served = found ? file : path.join(CONSOLE_DIR, 'index.html');
    const type = TYPES[path.extname(served)] ?? 'application/octet-stream';
    res.setHeader('content-type', type);
    res.setHeader(
      'cache-control',
      url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    if (gzipWanted(req.headers) && COMPRESSIBLE.test(type) && statSync(served).size >= 1024) {
      res.writeHead(200, { 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
      createReadStream(served)
        .pipe(createGzip({ level: 5 }))
        .pipe(res);
    } else {
      res.writeHead(200, { 'content-length': statSync(served).size });
      createReadStream(served).pipe(res);
    }
  });
  // The broker's websocket: the upgrade request passed on as it came, then the two sockets joined.
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://site').pathname !== '/mqtt') return socket.destroy();
    const upstream = connect(Number(broker.port), broker.hostname, () => {
      const lines = [`${req.method} ${broker.pathname || '/'} HTTP/1.1`];
      for (let index = 0; index < req.rawHeaders.length; index += 2) {
        const name = req.rawHeaders[index]!;
        lines.push(`${name}: ${name.toLowerCase() === 'host' ? broker.host : req.rawHeaders[index + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
}

interface Answer {
  encoding: string;
  cacheControl: string;
}

/** What the site answers a browser asking for gzip: the content-encoding and cache-control of a path. */
function answerOf(siteUrl: string, urlPath: string): Promise<Answer & { body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${siteUrl}${urlPath}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          cacheControl: String(res.headers['cache-control'] ?? '(none)'),
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

async function checkServing(siteUrl: string): Promise<Record<string, Answer>> {
  const index = await answerOf(siteUrl, '/index.html');
  const html = readFileSync(path.join(CONSOLE_DIR, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('the built index.html names no entry script');
  const script = await answerOf(siteUrl, entry);
  const answers = {
    '/index.html': { encoding: index.encoding, cacheControl: index.cacheControl },
    [entry]: { encoding: script.encoding, cacheControl: script.cacheControl },
  };
  for (const [name, answer] of Object.entries(answers))
    log(`   ${name}: content-encoding ${answer.encoding}, cache-control ${answer.cacheControl}`);
  if (script.encoding !== 'gzip')
    log('   WARNING: the entry script is not served gzip: the figures are not "as it ships".');
  return answers;
}

async function main(): Promise<number> {
  const started = Date.now();
  const loadAtStart = os.loadavg();
  log(`bench:phone: ${os.cpus().length} cores, load ${load()} (1, 5, 15 min)`);
  await buildOrReuse(OUT_DIR, flags['no-build'], log);
  const { ports, stack } = await startBenchStack(flags['port-base']);
  cleanups.push(() => stack.stop());

  const nginxThere = existsSync(NGINX_BINARY) && existsSync(path.join(NGINX_DIR, 'start.sh'));
  const server = flags.server ?? (nginxThere ? 'nginx' : 'node');
  if (server !== 'nginx' && server !== 'node') throw new Error(`--server ${server}? (nginx or node)`);
  if (server === 'nginx' && !nginxThere)
    throw new Error(`no nginx at ${NGINX_BINARY} (or no ${NGINX_DIR}/start.sh): install it or use --server node`);
  await ensurePortFree({ name: 'the site', port: ports.site, setting: '--port-base' });
  const config: ConsoleConfig = {
    apiBaseUrl: '/api',
    fileStoreBaseUrl: '/files',
    brokerUrl: '/mqtt',
    brokerUsername: DEVELOPMENT_CONFIG.brokerUsername,
    liveTopicTemplate: DEVELOPMENT_CONFIG.liveTopicTemplate,
  };
  if (server === 'nginx') await startNginx(ports.site, stack);
  else {
    if (!existsSync(NGINX_BINARY)) log(`No nginx at ${NGINX_BINARY}: the node stand-in serves the build instead.`);
    await startNodeServer(ports.site, stack, config);
  }
  const siteUrl = `http://127.0.0.1:${ports.site}`;
  const serverName =
    server === 'nginx' ? `nginx (the build's ${path.relative('.', NGINX_DIR)}/start.sh)` : 'the node stand-in';
  log(`Site on ${siteUrl}, served by ${serverName}, mock API ${stack.apiUrl}. As served:`);
  const serving = await checkServing(siteUrl);

  const browser = await launchChromium();
  cleanups.push(() => browser.close());
  log(
    `Chromium ${browser.version()}: ${PHONE.viewport.width} × ${PHONE.viewport.height} at ${PHONE.deviceScaleFactor}×, ` +
      `touch, ${PHONE.locale}; Slow 4G (${SLOW_4G.latency} ms, ${Math.round(SLOW_4G.downloadThroughput)} B/s down, ` +
      `${Math.round(SLOW_4G.uploadThroughput)} B/s up), CPU ${CPU_SLOWDOWN}× slower. Signing in as ${flags.user}.`,
  );

  const results: RunResult[] = [];
  for (let index = 0; index < WARMUP + RUNS; index++) {
    const warmup = index < WARMUP;
    const result = await run(browser, siteUrl, flags.user!);
    if (!warmup) results.push(result);
    const kb = (scripts: Scripts) => `${(scripts.encodedBytes / 1000).toFixed(1)} kB in ${scripts.files} files`;
    log(
      `   ${warmup ? 'warm-up' : `run ${index - WARMUP + 1}`}: /login usable ${round(result.loginColdMs, 0)} ms ` +
        `(JS ${kb(result.loginJs)}); sign-in → ${result.panelsShown} panel(s) and "${LIVE_TEXT}" ` +
        `${round(result.signInToLiveMs, 0)} ms (flow JS ${kb(result.flowJs)}); service worker ` +
        `${result.serviceWorker.state} ${(result.serviceWorker.waitedMs / 1000).toFixed(1)} s after; second visit ` +
        `${round(result.loginWarmMs, 0)} ms (${result.warmScripts.fromCache}/${result.warmScripts.total} scripts ` +
        `from the browser's cache, ${(result.warmLoginJs.transferBytes / 1000).toFixed(1)} kB of JS transferred; in a ` +
        `new tab ${round(result.loginNewTabMs, 0)} ms); cold scripts gzip ${result.coldScripts.gzip} of ` +
        `${result.coldScripts.total}, ${result.coldScripts.small} under 1 kB sent as they are`,
    );
    if (flags.waterfall) {
      printWaterfall(result.waterfall);
      log('      second visit:');
      printWaterfall(result.warmWaterfall);
    }
    if (result.coldScripts.other.length)
      log(`   WARNING: scripts over 1 kB sent without gzip: ${result.coldScripts.other.join(', ')}`);
  }

  const figures: Figure[] = [
    {
      name: '/login usable (user, password, sign-in button), cold',
      values: results.map((r) => r.loginColdMs),
      unit: 'ms',
      goal: GOALS.loginColdMs,
    },
    {
      name: `sign-in → the panel list showing panels and "${LIVE_TEXT}"`,
      values: results.map((r) => r.signInToLiveMs),
      unit: 'ms',
      goal: GOALS.signInToLiveMs,
    },
    {
      name: '/login usable, second visit',
      values: results.map((r) => r.loginWarmMs),
      unit: 'ms',
      goal: GOALS.loginWarmMs,
    },
    {
      name: 'JS to /login usable (gzip, as fetched)',
      values: results.map((r) => r.loginJs.encodedBytes),
      unit: 'kB',
      goal: GOALS.loginJsBytes,
      files: results.map((r) => r.loginJs.files),
      goalFiles: GOALS.loginJsFiles,
    },
    {
      name: 'JS for the whole /Panels flow (gzip, as fetched)',
      values: results.map((r) => r.flowJs.encodedBytes),
      unit: 'kB',
      goal: GOALS.flowJsBytes,
      files: results.map((r) => r.flowJs.files),
    },
  ];
  log(`\nMedians of ${RUNS} run(s), spread across runs:`);
  for (const line of tableLines(figures)) log(line);
  const newTab = results.map((r) => r.loginNewTabMs);
  log(
    `Beside it, /login in a new tab of the same browser (HTTP cache only): median ${show(median(newTab), 'ms')}, ` +
      `${show(Math.min(...newTab), 'ms')}–${show(Math.max(...newTab), 'ms')}.`,
  );
  const loadAtEnd = os.loadavg();
  log(`Load ${loadAtStart.map((v) => v.toFixed(2)).join(' ')} at start, ${load()} at end (1, 5, 15 min).`);

  const json = {
    date: new Date().toISOString(),
    machine: {
      cores: os.cpus().length,
      model: os.cpus()[0]?.model,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadAtEnd,
    },
    chromium: browser.version(),
    server,
    serving,
    phone: PHONE,
    network: SLOW_4G,
    cpuSlowdown: CPU_SLOWDOWN,
    user: flags.user,
    goals: GOALS,
    figures: figures.map((figure) => ({
      name: figure.name,
      unit: figure.unit === 'ms' ? 'ms' : 'bytes',
      median: median(figure.values),
      min: Math.min(...figure.values),
      max: Math.max(...figure.values),
      values: figure.values.map((value) => round(value, 1)),
      files: figure.files,
      goal: figure.goal,
      goalFiles: figure.goalFiles,
      verdict: verdict(figure),
    })),
    runs: results,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync(path.dirname(path.resolve(flags.json!)), { recursive: true });
  writeFileSync(flags.json!, `${JSON.stringify(json, null, 2)}\n`);
  log(`Figures written to ${flags.json} (${json.seconds} s in all).`);
  return 0;
}

let exitCode: number;
try {
  exitCode = await main();
} catch (error) {
  if (benchmark.stopping) await new Promise(() => undefined); // the signal handler ends the process
  console.error(
    `bench:phone could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);

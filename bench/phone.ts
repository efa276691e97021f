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
import os from 'node:os';
import { parseArgs } from 'node:util';
import { runBenchmark, stopOnExit } from './bench-run.ts';
import { buildOrReuse, launchChromium, startBenchStack } from './browser-bench.ts';
import { machineFacts, machineLoad, round, writeFigures } from './figures.ts';
import { median, show, tableLines, verdict } from './phone-figures.ts';
import { phoneFigures } from './phone/figures.ts';
import { CPU_SLOWDOWN, GOALS, LIVE_TEXT, log, OUT_DIR, PHONE, SLOW_4G } from './phone/plan.ts';
import { startSite } from './phone/site.ts';
import { printWaterfall, type Scripts } from './phone/resources.ts';
import { runOnce, type RunResult } from './phone/run.ts';
import { checkServing } from './phone/serving.ts';

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
// Everything started is stopped again, in reverse order, also on failure and on Ctrl-C.
const benchmark = stopOnExit();
const { cleanups } = benchmark;

async function main(): Promise<number> {
  const started = Date.now();
  const loadAtStart = os.loadavg();
  log(`bench:phone: ${os.cpus().length} cores, load ${machineLoad(2)} (1, 5, 15 min)`);
  await buildOrReuse(OUT_DIR, flags['no-build'], log);
  const { ports, stack } = await startBenchStack(flags['port-base']);
  cleanups.push(() => stack.stop());

  const { server, siteUrl, serverName } = await startSite(flags.server, ports.site, stack, cleanups);
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
    const result = await runOnce(browser, siteUrl, flags.user!, flags.profile);
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

  const figures = phoneFigures(results);
  log(`\nMedians of ${RUNS} run(s), spread across runs:`);
  for (const line of tableLines(figures)) log(line);
  const newTab = results.map((r) => r.loginNewTabMs);
  log(
    `Beside it, /login in a new tab of the same browser (HTTP cache only): median ${show(median(newTab), 'ms')}, ` +
      `${show(Math.min(...newTab), 'ms')}–${show(Math.max(...newTab), 'ms')}.`,
  );
  log(`Load ${loadAtStart.map((v) => v.toFixed(2)).join(' ')} at start, ${machineLoad(2)} at end (1, 5, 15 min).`);

  const json = {
    date: new Date().toISOString(),
    machine: machineFacts(loadAtStart),
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
  writeFigures(flags.json!, json);
  log(`Figures written to ${flags.json} (${json.seconds} s in all).`);
  return 0;
}

await runBenchmark('bench:phone', benchmark, main);

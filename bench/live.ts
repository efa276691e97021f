/**
 * `npm run bench:live`: how the live feed performs in the built console, in headless Chromium, against a real
 * broker and a generated fleet. A benchmark, not a test: it prints figures and writes them to build/bench-live.json;
 * it exits non-zero only when it could not run. A missed target is printed as such, never hidden.
 *
 * The setup: the console built as it ships (build/bench-live/console) and served with its Content-Security-Policy
 * and a config.json naming the broker; the broker is the mock's aedes (mocks/broker.ts, over a websocket, with its
 * ACL: the console signs in with the user's access token) holding the fleet's topics; the panel list call answers a
 * generated fleet of schema-valid panels (checked against the contract's PanelListPage) and every other call goes
 * to the real mock API (Prism behind the mock front); a publisher process (mqtt.js, a service credential) sends
 * schema-valid status messages, each with a unique `status_desc`, at a steady rate to random panels of the fleet.
 *
 * What it measures, and against which target (on this 2-core machine):
 *  1. subscribe: time from asking the console's live store to watch the whole fleet (every row mounted with
 *     usePanelLive, as a list row does; bench/live/probe/) until the store counts every topic acknowledged
 *     by the broker. Target: 5,000 panels in 2 s or less.
 *  2. traffic: message-to-screen p50/p95 (publish → the text in the DOM), the longest main-thread task, the heap
 *     before and after (after a full GC; "before" after a warm-up of one message per panel, whose own cost, the
 *     panels' live records, is printed apart). Targets: p95 ≤ 100 ms, no task over 50 ms, heap growth ≤ 10 %.
 *     - console list view / card view, traffic across the fleet: the real page with the whole fleet loaded. It
 *       subscribes only the panels on screen (plus a margin), so only their share of the traffic reaches it.
 *     - console list view, traffic on screen: the same rate aimed only at the panels the page has rendered.
 *     - all subscribed (probe): the worst case behind the list: every panel watched, the store taking the full
 *       rate, every message re-rendering its row's text, on screen or not.
 *  3. alarm watch: the signed-in shell watches every panel of the user for alarms on every page (src/app/alarms/),
 *     so the console's pages above all subscribe the whole fleet too. Measured alone on a page that shows no panel
 *     (the profile page), the fleet served to the alarm watch's call, for each fleet of the plan:
 *     - subscribe: from the page's navigation start until the broker has granted every topic of the fleet, read
 *       from the MQTT packets on the page's socket (live/mqtt-probe.ts, MQTT_INSTRUMENTATION: the console exposes no
 *       count on a page without the live chip, and gets no test hook); the distinct topics subscribed must be exactly
 *       the fleet's (the alarm watch is the only watcher there, so that is its watched count). Target as in 1.
 *     - traffic: the rate across the fleet as in 2, and among it an alarm message (`KLStatus.alarm` 1) to a
 *       different panel every second; alarm to bar p50/p95 (publish → the panel's row `alarm-<dev_id>-alarm` in the
 *       alarm bar) against the alarm tests' bound (every alarm within 2 s) and the p95 target; the longest task and
 *       the heap as in 2.
 *  4. ceiling: for each fleet, the highest rate at which the worst case (all subscribed) still meets every target,
 *     the fleet's own subscribe time included (shorter runs).
 *
 * Flags: --quick (a short smoke run), --no-ceiling, --no-build (reuse build/bench-live), --no-trace (skip the
 * Chromium trace; the longest task then comes from the longtask observer only, which sees tasks over 50 ms),
 * --trace-tasks (a detailed trace: each task over 50 ms printed with what it was made of, by trace event: script,
 * V8's and Blink's garbage collection, style, layout, paint; the tracing slows the page a little),
 * --profile <dir> (a CPU profile of the page's main thread for each measured run, to open in Chrome's DevTools;
 * profiling slows the page, so its figures are not comparable), --json <file> (default build/bench-live.json),
 * --only probe|ceiling|console|screen|alarms (one part only: `probe` is 1, the all-subscribed run of 2 and 4,
 * `ceiling` 4 alone; `console` the console's runs of 2, `screen` its on-screen run alone; `alarms` is 3), --alarms <count> (alarms raised in each alarm watch run instead of one a
 * second: 0 gives the same traffic without alarms, to tell what the alarms themselves cost), --fleets <n,…> and
 * --rates <n,…> (the ceiling's and the alarm watch's fleets, the ceiling's rates, instead of the plan's: e.g.
 * `--only probe --fleets 10000 --rates 1000 --profile <dir>` records the one cell), --without-alarm-watch
 * (the console's runs of 2 with the shell's alarm watch answered no panel, so it watches none: the console as it was
 * before the alarm watch, to tell what it costs them; the scenarios are named so).
 */
import os from 'node:os';
import { stopOnExit, runBenchmark } from './bench-run.ts';
import { DESKTOP_VIEWPORT } from './browser-bench.ts';
import { machineFacts, machineLoad, writeFigures } from './figures.ts';
import { runAlarmWatch, type Attempt } from './live/alarm-watch.ts';
import { runCeiling } from './live/ceiling.ts';
import { checkFleetAgainstContract } from './live/fleet.ts';
import { ALARM_PAGE, FLEET, flags, log, PLAN, RATE, TARGETS } from './live/plan.ts';
import { printTraffic } from './live/report.ts';
import type { SubscribeResult, TrafficResult } from './live/results.ts';
import { startRig } from './live/rig.ts';
import { buildAll, builtAlready } from './live/serve.ts';

// Everything started is stopped again, in reverse order, also on failure and on Ctrl-C.
const benchmark = stopOnExit();

async function main(): Promise<number> {
  const started = Date.now();
  if (flags.only !== undefined && !['probe', 'ceiling', 'console', 'screen', 'alarms'].includes(flags.only)) {
    throw new Error(`--only takes probe, ceiling, console, screen or alarms, not ${flags.only}`);
  }
  if (flags.alarms !== undefined && !/^[0-9]+$/.test(flags.alarms)) throw new Error('--alarms takes a count');
  log(`bench:live${flags.quick ? ' --quick' : ''}: ${os.cpus().length} cores, load ${machineLoad()}`);
  checkFleetAgainstContract(Math.max(...PLAN.fleets, FLEET));
  log('Fleet rows checked against the contract (PanelListPage) and messages against the AsyncAPI payload.');
  if (flags['no-build'] && builtAlready()) log('Reusing the build in build/bench-live/.');
  else {
    log('Building the console and the probe page (vite build)...');
    await buildAll();
  }

  const bench = await startRig(benchmark.cleanups);
  const browser = bench.browser;
  const seconds = PLAN.trafficMs / 1000;
  const run = (part: 'probe' | 'console' | 'alarms') =>
    flags.only === undefined || flags.only === part || (part === 'console' && flags.only === 'screen');

  let subscribe: SubscribeResult | undefined;
  if (run('probe')) {
    log(`\n1. Subscribe ${FLEET} panels (the list's store path, every panel watched), ${PLAN.subscribeRuns} run(s):`);
    subscribe = await bench.subscribe(FLEET, PLAN.subscribeRuns);
    for (const result of subscribe.runs) {
      log(
        `   rows mounted (each asked its panel) after ${result.mountedMs} ms; all acknowledged by the broker after ${result.subscribedMs} ms`,
      );
    }
    log(
      `   median ${subscribe.medianMs} ms, target ≤ ${TARGETS.subscribeMs} ms: ${subscribe.meets ? 'meets' : 'MISSES'}`,
    );
  }

  const traffic: TrafficResult[] = [];
  const failures: { scenario: string; error: string }[] = [];
  const attempt: Attempt = async (name, measure) => {
    try {
      await measure();
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      failures.push({ scenario: name, error: message });
      if (!benchmark.stopping) console.error(`   ${name}: could not measure: ${message}`);
    }
  };
  if (run('console') || run('probe')) log(`\n2. ${RATE} messages/s across the fleet for ${seconds} s:`);
  if (run('console'))
    await attempt('console', () =>
      bench.consoleTraffic(
        FLEET,
        RATE,
        PLAN.trafficMs,
        flags.only === 'screen'
          ? [{ view: 'list', aim: 'screen' }]
          : [
              { view: 'list', aim: 'fleet' },
              { view: 'list', aim: 'screen' },
              { view: 'card', aim: 'fleet' },
            ],
        (result) => traffic.push(result),
      ),
    );
  if (run('probe'))
    await attempt(
      'all subscribed (probe)',
      async () => void traffic.push(await bench.probeTraffic(FLEET, RATE, PLAN.trafficMs)),
    );
  if (traffic.length) printTraffic(traffic);

  const alarmWatch = { page: ALARM_PAGE, subscribe: run('alarms') ? await runAlarmWatch(bench, attempt, traffic) : [] };

  const ceiling =
    !flags['no-ceiling'] && (run('probe') || flags.only === 'ceiling')
      ? await runCeiling(bench, benchmark.cleanups)
      : { subscribe: [], traffic: [] };

  const json = {
    when: new Date().toISOString(),
    quick: flags.quick,
    machine: machineFacts(),
    chromium: browser.version(),
    broker: 'aedes (mocks/broker.ts), websocket, loopback',
    viewport: DESKTOP_VIEWPORT,
    targets: TARGETS,
    subscribe,
    traffic,
    alarmWatch,
    failures,
    ceiling,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  writeFigures(flags.json!, json);
  log(`\nFigures written to ${flags.json} (${json.seconds} s in all; load ${machineLoad()}).`);
  return traffic.length === 0 ? 1 : 0;
}

await runBenchmark('bench:live', benchmark, main);

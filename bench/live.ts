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
 *       from the MQTT packets on the page's socket (measure.ts, MQTT_INSTRUMENTATION: the console exposes no count
 *       on a page without the live chip, and gets no test hook); the distinct topics subscribed must be exactly the
 *       fleet's (the alarm watch is the only watcher there, so that is its watched count). Target as in 1.
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
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startBroker, type RunningBroker } from '../mocks/broker.ts';
import { freePort } from '../mocks/ports.ts';
import { startMockStack, type RunningStack } from '../mocks/stack.ts';
import type { ConsoleConfig } from '../src/lib/config/config.ts';
import { routes } from '../src/lib/routing/paths.ts';
import { contractToken, openSignedIn } from '../tests/e2e/support.ts';
import { launchChromium, stopOnExit } from './browser-bench.ts';
import { checkFleetAgainstContract, devIdOf } from './live/fleet.ts';
import {
  alarmArrivals,
  alarmsSeen,
  armPage,
  endSubscribe,
  heapAfterGc,
  INSTRUMENTATION,
  traceTasks,
  type LongTaskParts,
  MQTT,
  MQTT_INSTRUMENTATION,
  quantile,
  readMqtt,
  startPage,
  startTrace,
  stopPage,
} from './live/measure.ts';
import type { PublisherCommand, PublisherReport } from './live/publisher.ts';
import { buildAll, builtAlready, PROBE_PATH, serveSite, type RunningSite, type SiteOptions } from './live/serve.ts';
import type { WatchResult } from './live/probe/probe.tsx';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'no-ceiling': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'no-trace': { type: 'boolean', default: false },
    'trace-tasks': { type: 'boolean', default: false },
    json: { type: 'string', default: 'build/bench-live.json' },
    profile: { type: 'string' },
    only: { type: 'string' },
    alarms: { type: 'string' },
    'without-alarm-watch': { type: 'boolean', default: false },
    fleets: { type: 'string' },
    rates: { type: 'string' },
  },
});

export const TARGETS = { subscribeMs: 2000, p95Ms: 100, longestTaskMs: 50, heapGrowthPct: 10 };
const FLEET = 5000;
const RATE = 1000;
const PLAN = flags.quick
  ? { subscribeRuns: 1, trafficMs: 5_000, ceilingMs: 3_000, fleets: [5000], rates: [1000, 4000] }
  : {
      subscribeRuns: 3,
      trafficMs: 30_000,
      ceilingMs: 10_000,
      fleets: [5000, 10000, 20000],
      rates: [1000, 2000, 4000, 8000],
    };
/** `--fleets 10000,20000` / `--rates 1000`: the ceiling's fleets and rates instead of the plan's (one cell to profile). */
const listFlag = (name: 'fleets' | 'rates'): number[] | undefined => {
  const text = flags[name];
  if (text === undefined) return undefined;
  const values = text.split(',').map(Number);
  if (!values.length || values.some((value) => !Number.isInteger(value) || value <= 0)) {
    throw new Error(`--${name} takes whole numbers separated by commas, not ${text}`);
  }
  return values;
};
PLAN.fleets = listFlag('fleets') ?? PLAN.fleets;
PLAN.rates = listFlag('rates') ?? PLAN.rates;
const VIEWPORT = { width: 1366, height: 900 };
/** The alarm watch's page: signed in, and no panel on it (the shell's alarm watch is the only live watcher). */
const ALARM_PAGE = routes.profile;
/** One alarm message this often during an alarm watch run, each to a different panel. */
const ALARM_EVERY_MS = 1000;
/** The alarm tests' bound (tests/e2e/alarms.spec.ts): an alarm shows in the bar within 2 s of its message. */
const ALARM_BAR_MS = 2000;
const TOPIC_TEMPLATE = 'panels/{dev_id}';
const CONSOLE_USERNAME = 'console';
/** Time for the last messages in flight to reach the screen after the publisher stopped (at least). */
const DRAIN_MS = 2000;
/** The lowest rate the ceiling search tries when even the first rate misses. */
const MIN_CEILING_RATE = 125;
/** Messages a second of the warm-up before the first measured run of a page (a rate every page here takes). */
const WARM_UP_RATE = 1000;
const log = (line: string) => console.log(line);
const fleetIds = (size: number) => Array.from({ length: size }, (_, index) => devIdOf(index));

// Everything started is stopped again, in reverse order, also on failure and on Ctrl-C.
const benchmark = stopOnExit();
const { cleanups, cleanup } = benchmark;

/** The publisher process and a promise-based call into it. */
class Publisher {
  private readonly child: ChildProcess;
  private waiting?: { resolve(report: PublisherReport): void; reject(error: Error): void };
  constructor() {
    this.child = fork(path.resolve('bench/live/publisher.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (report: PublisherReport) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      if (report.type === 'error') waiting?.reject(new Error(`publisher: ${report.message}`));
      else waiting?.resolve(report);
    });
    this.child.on('exit', (code) => this.waiting?.reject(new Error(`publisher exited (${code})`)));
  }
  call(command: PublisherCommand): Promise<PublisherReport> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.child.send(command);
    });
  }
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

interface TrafficResult {
  scenario: string;
  fleet: number;
  rate: number;
  seconds: number;
  sent: number;
  /** Messages addressed to a panel the page had subscribed (its rendered rows); all of them for the probe. */
  reached: number;
  /** Messages whose text appeared on the page (not counted where the page shows no panel: the alarm watch). */
  shown?: number;
  /** Reached but never shown because a newer message of the same panel replaced it within the same frame. */
  superseded?: number;
  /** Reached, never shown, and not replaced by a newer one either (lost, or still in flight at the end). */
  lost?: number;
  /** Alarm watch only: alarm messages sent, rows that appeared in the alarm bar, publish → row p50/p95/max. */
  alarmsSent?: number;
  alarmsShown?: number;
  alarmP50Ms?: number;
  alarmP95Ms?: number;
  alarmMaxMs?: number;
  /** Alarm watch only: publish → the alarm message on the page's socket (p50/p95), and socket → row (p50/p95). */
  alarmFeedP50Ms?: number;
  alarmFeedP95Ms?: number;
  alarmPageP50Ms?: number;
  alarmPageP95Ms?: number;
  /** Each alarm's publish → row, in the order sent (null: never shown). */
  alarmMs?: (number | null)[];
  p50Ms?: number;
  p95Ms?: number;
  /** Probe only: publish → accepted by the live store (p50/p95), and accepted → in the DOM (p50/p95). */
  feedP50Ms?: number;
  feedP95Ms?: number;
  pageP50Ms?: number;
  pageP95Ms?: number;
  p99Ms?: number;
  maxMs?: number;
  longestTaskMs?: number;
  longTasks: number;
  longTaskMaxMs?: number;
  /** Heap before any live message (the page loaded, the panels subscribed). */
  heapStartMB: number;
  /** Heap after the warm-up (one message to every addressed panel), when the measured run starts. */
  heapBeforeMB: number;
  heapAfterMB: number;
  /** What the warm-up added: the live records of the panels, before the growth measured. */
  heapWarmUpPct: number;
  /** Growth over the measured run (after the warm-up): the target. */
  heapGrowthPct: number;
  /** How far the publisher fell behind its schedule at worst (it keeps the rate when this stays small). */
  publisherLagMs: number;
  /** With --trace-tasks: each task over the target and what it was made of. */
  longTaskParts?: LongTaskParts[];
  meets: boolean;
  misses: string[];
}

interface SubscribeResult {
  fleet: number;
  runs: { mountedMs: number; subscribedMs: number }[];
  medianMs: number;
  meets: boolean;
}

/** One load of the alarm watch's page; times in ms from the page's navigation start. */
interface AlarmSubscribeRun {
  /** The fleet calls (GET userdevices) the page made, and when the last one had its answer. */
  fleetCalls: number;
  fleetReadMs: number;
  /** The broker's CONNACK. */
  connectedMs: number;
  firstSubscribeMs: number;
  /** The SUBACK that completed the grant of every topic of the fleet. */
  subscribedMs: number;
  subscribePackets: number;
  /** Distinct topics subscribed (checked to be exactly the fleet's). */
  topics: number;
  granted: number;
  refused: number;
  unsubscribePackets: number;
}

interface AlarmSubscribeResult {
  fleet: number;
  runs: AlarmSubscribeRun[];
  medianMs: number;
  meets: boolean;
}

/** What a traffic run measures beyond the defaults. */
interface TrafficOptions {
  /** The panels the page subscribed (its rendered rows); all addressed ones when absent. */
  subscribed?: Set<number>;
  /** One message to each addressed panel before the measured run (default true). */
  warmUp?: boolean;
  /**
   * Panels to raise an alarm on, one every ALARM_EVERY_MS of the run: the page shows no panel, and what is measured
   * is alarm to bar instead of message to screen.
   */
  alarms?: number[];
}

const round = (value: number | undefined, digits = 0) =>
  value === undefined ? undefined : Math.round(value * 10 ** digits) / 10 ** digits;

class Bench {
  private seq = 1;
  constructor(
    private readonly browser: Browser,
    private readonly site: RunningSite,
    private readonly publisher: Publisher,
    private readonly token: string,
    /** What the panel list call answers. */
    private readonly served: SiteOptions['fleet'],
  ) {}

  async newPage(options: { readMqtt?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await this.browser.newContext({ baseURL: this.site.url, viewport: VIEWPORT });
    await context.addInitScript({ content: INSTRUMENTATION });
    if (options.readMqtt) await context.addInitScript({ content: MQTT_INSTRUMENTATION });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
    return { context, page };
  }

  /** Opens the probe page, connected to the broker, with no panel watched yet. */
  async openProbe(): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await this.newPage();
    await openSignedIn(opened.page, 'user', PROBE_PATH, 'en', this.token);
    await opened.page.waitForFunction(
      () => (window as unknown as { __probe?: { status: string } }).__probe?.status === 'connected',
      undefined,
      { timeout: 30_000 },
    );
    return opened;
  }

  async watchFleet(page: Page, size: number): Promise<WatchResult> {
    return page.evaluate(
      ([ids, timeout]) =>
        (window as unknown as { __probe: { watch(ids: number[], t: number): Promise<WatchResult> } }).__probe.watch(
          ids as number[],
          timeout as number,
        ),
      [fleetIds(size), 60_000] as const,
    );
  }

  async subscribe(size: number, runs: number): Promise<SubscribeResult> {
    const results: SubscribeResult['runs'] = [];
    for (let run = 0; run < runs; run++) {
      const { context, page } = await this.openProbe();
      try {
        const watched = await this.watchFleet(page, size);
        results.push({ mountedMs: round(watched.mountedMs)!, subscribedMs: round(watched.subscribedMs)! });
      } finally {
        await context.close();
      }
    }
    const sorted = results.map((result) => result.subscribedMs).sort((a, b) => a - b);
    const medianMs = quantile(sorted, 0.5)!;
    return { fleet: size, runs: results, medianMs, meets: medianMs <= TARGETS.subscribeMs };
  }

  /** Publishes `rate` messages a second for `ms` to `targets` and measures what the page does with them. */
  async traffic(
    page: Page,
    scenario: string,
    fleet: number,
    targets: number[],
    rate: number,
    ms: number,
    options: TrafficOptions = {},
  ): Promise<TrafficResult> {
    const { subscribed, warmUp = true, alarms } = options;
    const cdp = await page.context().newCDPSession(page);
    const total = Math.round((rate * ms) / 1000);
    const firstSeq = this.seq;
    this.seq += total;
    await armPage(page, firstSeq, total, alarms);
    const heapStart = await heapAfterGc(cdp);
    if (warmUp) {
      // One message to each addressed panel (not measured), at a rate the page takes, then until the page has
      // taken them all: the first-message allocation of each panel's live record is reported on its own, not
      // counted as growth of the measured run, and no backlog of the warm-up spills into it.
      await this.publisher.call({
        type: 'run',
        devIds: targets,
        topicTemplate: TOPIC_TEMPLATE,
        rate: WARM_UP_RATE,
        durationMs: Math.ceil((targets.length * 1000) / WARM_UP_RATE),
        firstSeq: this.seq,
        inOrder: true,
      });
      this.seq += targets.length + WARM_UP_RATE;
      await settle(page, 1500, 0);
    }
    const heapBefore = warmUp ? await heapAfterGc(cdp) : heapStart;
    const profiling = flags.profile !== undefined;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const tracing = !flags['no-trace'];
    if (tracing) await startTrace(this.browser, page, flags['trace-tasks']);
    await startPage(page);
    const report = await this.publisher.call({
      type: 'run',
      devIds: targets,
      topicTemplate: TOPIC_TEMPLATE,
      rate,
      durationMs: ms,
      firstSeq,
      ...(alarms ? { alarms: { devIds: alarms, everyMs: ALARM_EVERY_MS } } : {}),
    });
    if (report.type !== 'done') throw new Error('publisher did not finish');
    await settle(page, DRAIN_MS, alarms?.length ?? 0);
    // The trace ends before the page's record is read back (copying it out is the benchmark's work, not the page's).
    const traced = tracing ? await traceTasks(this.browser, TARGETS.longestTaskMs) : undefined;
    const longestTaskMs = traced?.longestMs;
    const record = await stopPage(page);
    if (profiling) {
      const { profile } = await cdp.send('Profiler.stop');
      const file = path.join(flags.profile!, `${scenario.replace(/[^a-z0-9]+/gi, '-')}-${fleet}-${rate}.cpuprofile`);
      mkdirSync(flags.profile!, { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
    }
    const heapAfter = await heapAfterGc(cdp);
    await cdp.detach();

    const latencies: number[] = [];
    const feed: number[] = [];
    const inPage: number[] = [];
    // A page that shows no panel (the alarm watch's) has no message text to find: every message reaches its store.
    const showsMessages = alarms === undefined;
    let reached = showsMessages ? 0 : total;
    let superseded = 0;
    let lost = 0;
    // From the last message back: a message not shown was superseded when a later one of its panel was shown.
    const shownLater = new Set<number>();
    for (let index = total - 1; showsMessages && index >= 0; index--) {
      const devId = report.devIds[index]!;
      if (subscribed && !subscribed.has(devId)) continue;
      reached++;
      const seen = record.seen[index]!;
      if (seen > 0) {
        latencies.push(seen - record.clockOffsetMs - report.sentAt[index]!);
        shownLater.add(devId);
        const received = record.received[index]!;
        if (received > 0) {
          feed.push(received - report.sentAt[index]!);
          inPage.push(seen - record.clockOffsetMs - received);
        }
      } else if (shownLater.has(devId)) superseded++;
      else lost++;
    }
    // Alarms: publish → row, split where the alarm message reached the page's socket.
    const arrivals = alarms ? await alarmArrivals(page) : {};
    const alarmFeed: number[] = [];
    const alarmPage: number[] = [];
    const alarmMs = report.alarmSentAt.map((sent, index) => {
      const seen = record.alarmSeen[index] ?? 0;
      const arrived = arrivals[TOPIC_TEMPLATE.replace('{dev_id}', String(alarms![index]))];
      if (arrived !== undefined) alarmFeed.push(arrived - record.clockOffsetMs - sent);
      if (arrived !== undefined && seen > 0) alarmPage.push(seen - arrived);
      return seen > 0 ? seen - record.clockOffsetMs - sent : null;
    });
    const alarmLatencies = alarmMs.filter((latency) => latency !== null);
    for (const list of [latencies, feed, inPage, alarmLatencies, alarmFeed, alarmPage]) list.sort((a, b) => a - b);
    const longTaskMax = record.longTasks.reduce((max, task) => Math.max(max, task.duration), 0);
    const longest = Math.max(longestTaskMs ?? 0, longTaskMax);
    const growth = ((heapAfter - heapBefore) / heapBefore) * 100;
    const result: TrafficResult = {
      scenario,
      fleet,
      rate,
      seconds: ms / 1000,
      sent: total,
      reached,
      ...(showsMessages
        ? { shown: latencies.length, superseded, lost }
        : {
            alarmsSent: report.alarmSentAt.length,
            alarmsShown: alarmLatencies.length,
            alarmP50Ms: round(quantile(alarmLatencies, 0.5), 1),
            alarmP95Ms: round(quantile(alarmLatencies, 0.95), 1),
            alarmMaxMs: round(alarmLatencies.at(-1), 1),
            alarmFeedP50Ms: round(quantile(alarmFeed, 0.5), 1),
            alarmFeedP95Ms: round(quantile(alarmFeed, 0.95), 1),
            alarmPageP50Ms: round(quantile(alarmPage, 0.5), 1),
            alarmPageP95Ms: round(quantile(alarmPage, 0.95), 1),
            alarmMs: alarmMs.map((latency) => (latency === null ? null : round(latency, 1)!)),
          }),
      p50Ms: round(quantile(latencies, 0.5), 1),
      p95Ms: round(quantile(latencies, 0.95), 1),
      p99Ms: round(quantile(latencies, 0.99), 1),
      feedP50Ms: round(quantile(feed, 0.5), 1),
      feedP95Ms: round(quantile(feed, 0.95), 1),
      pageP50Ms: round(quantile(inPage, 0.5), 1),
      pageP95Ms: round(quantile(inPage, 0.95), 1),
      maxMs: round(latencies.at(-1), 1),
      longestTaskMs: round(tracing ? longest : longTaskMax || undefined, 1),
      longTasks: record.longTasks.length,
      longTaskMaxMs: round(longTaskMax || undefined, 1),
      heapStartMB: round(heapStart / 1e6, 1)!,
      heapWarmUpPct: round(((heapBefore - heapStart) / heapStart) * 100, 1)!,
      heapBeforeMB: round(heapBefore / 1e6, 1)!,
      heapAfterMB: round(heapAfter / 1e6, 1)!,
      heapGrowthPct: round(growth, 1)!,
      publisherLagMs: report.lagMs,
      ...(flags['trace-tasks'] && traced ? { longTaskParts: traced.longTasks } : {}),
      meets: true,
      misses: [],
    };
    const misses = result.misses;
    if (showsMessages && result.shown === 0 && reached > 0) misses.push('no message reached the screen');
    if (lost > reached * 0.01) misses.push(`${lost} messages never shown`);
    if ((result.p95Ms ?? 0) > TARGETS.p95Ms) misses.push(`p95 ${result.p95Ms} ms > ${TARGETS.p95Ms} ms`);
    if (alarms) {
      const missing = report.alarmSentAt.length - alarmLatencies.length;
      if (missing > 0) misses.push(`${missing} of ${report.alarmSentAt.length} alarms never reached the bar`);
      if ((result.alarmMaxMs ?? 0) > ALARM_BAR_MS) misses.push(`alarm ${result.alarmMaxMs} ms > ${ALARM_BAR_MS} ms`);
      if ((result.alarmP95Ms ?? 0) > TARGETS.p95Ms) {
        misses.push(`alarm p95 ${result.alarmP95Ms} ms > ${TARGETS.p95Ms} ms`);
      }
    }
    if (longest > TARGETS.longestTaskMs) misses.push(`task ${round(longest, 1)} ms > ${TARGETS.longestTaskMs} ms`);
    if (growth > TARGETS.heapGrowthPct) misses.push(`heap +${result.heapGrowthPct}% > ${TARGETS.heapGrowthPct}%`);
    // Messages that never showed are a miss only when they were not merely overtaken by a newer one of their panel.
    result.meets = misses.length === 0;
    return result;
  }

  /** The worst case: the probe with the whole fleet watched, traffic across the fleet. */
  async probeTraffic(fleet: number, rate: number, ms: number): Promise<TrafficResult> {
    const probe = await this.watchedProbe(fleet);
    try {
      return await probe.run(rate, ms);
    } finally {
      await probe.close();
    }
  }

  /** A probe page with the whole fleet watched, for runs at several rates (the warm-up comes with the first). */
  async watchedProbe(fleet: number) {
    const { context, page } = await this.openProbe();
    await this.watchFleet(page, fleet);
    let warm = false;
    return {
      run: async (rate: number, ms: number) => {
        const result = await this.traffic(page, PROBE_SCENARIO, fleet, fleetIds(fleet), rate, ms, { warmUp: !warm });
        warm = true;
        return result;
      },
      close: () => context.close(),
    };
  }

  /**
   * The real panel list with the whole fleet loaded (one page: loading 5,000 panels ten at a time takes a while),
   * measured in each view asked for, in that order.
   */
  async consoleTraffic(
    fleet: number,
    rate: number,
    ms: number,
    runs: { view: ViewName; aim: 'fleet' | 'screen' }[],
    onResult: (result: TrafficResult) => void,
  ): Promise<void> {
    const { context, page } = await this.newPage();
    try {
      this.served.size = fleet;
      this.served.hiddenFromAlarmWatch = flags['without-alarm-watch'];
      await openPanelList(page, this.served);
      for (const { view, aim } of runs) {
        await showView(page, view);
        const rendered = await renderedPanels(page);
        const targets = aim === 'fleet' ? fleetIds(fleet) : [...rendered];
        const name = `console ${view} view, ${aim === 'fleet' ? 'across the fleet' : 'on screen'}${flags['without-alarm-watch'] ? ' (no alarm watch)' : ''}`;
        onResult(await this.traffic(page, name, fleet, targets, rate, ms, { subscribed: rendered }));
      }
    } finally {
      await context.close();
    }
  }

  /**
   * Opens the alarm watch's page with `fleet` panels served to its fleet call and waits until the broker granted
   * every topic (read from the page's MQTT packets; the subscription packets are no longer noted after this, only
   * the alarm messages' arrival). Fails when the topics subscribed are not exactly the fleet's.
   */
  async openAlarmWatch(fleet: number): Promise<{ context: BrowserContext; page: Page; run: AlarmSubscribeRun }> {
    this.served.size = fleet;
    this.served.hiddenFromAlarmWatch = false;
    const { context, page } = await this.newPage({ readMqtt: true });
    try {
      await openSignedIn(page, 'user', ALARM_PAGE, 'en', this.token);
      // A function, not a string: the console's Content-Security-Policy forbids evaluating strings in the page.
      await page.waitForFunction(
        (size) => (window as unknown as { __benchMqtt: { granted(): number } }).__benchMqtt.granted() >= size,
        fleet,
        { timeout: 60_000, polling: 100 },
      );
      const mqtt = await readMqtt(page, true);
      const fleetAnswers = (await page.evaluate(`performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/userdevices/'))
        .map((entry) => entry.responseEnd)`)) as number[];
      await endSubscribe(page);

      const expected = new Set(fleetIds(fleet).map((id) => TOPIC_TEMPLATE.replace('{dev_id}', String(id))));
      const topics = mqtt.topics ?? [];
      const strays = topics.filter((topic) => !expected.has(topic));
      if (topics.length !== fleet || strays.length > 0) {
        throw new Error(
          `the alarm watch subscribed ${topics.length} topics for a fleet of ${fleet} (${strays.length} not of the fleet, e.g. ${strays.slice(0, 3).join(', ')})`,
        );
      }
      const sent = (type: number) => mqtt.packets.filter((packet) => packet.dir === 'out' && packet.type === type);
      const subacks = mqtt.packets.filter((packet) => packet.dir === 'in' && packet.type === MQTT.suback);
      let granted = 0;
      let subscribedMs = 0;
      for (const suback of subacks) {
        granted += suback.granted ?? 0;
        if (granted >= fleet && subscribedMs === 0) subscribedMs = suback.at;
      }
      const connack = mqtt.packets.find((packet) => packet.dir === 'in' && packet.type === MQTT.connack);
      const subscribes = sent(MQTT.subscribe);
      const run: AlarmSubscribeRun = {
        fleetCalls: fleetAnswers.length,
        fleetReadMs: round(Math.max(0, ...fleetAnswers))!,
        connectedMs: round(connack?.at ?? 0)!,
        firstSubscribeMs: round(subscribes[0]?.at ?? 0)!,
        subscribedMs: round(subscribedMs)!,
        subscribePackets: subscribes.length,
        topics: topics.length,
        granted,
        refused: subacks.reduce((sum, suback) => sum + (suback.refused ?? 0), 0),
        unsubscribePackets: sent(MQTT.unsubscribe).length,
      };
      return { context, page, run };
    } catch (error) {
      await context.close();
      throw error;
    }
  }

  /** Loads of the alarm watch's page with `fleet` panels, until every topic is granted. */
  async alarmWatchSubscribe(fleet: number, runs: number): Promise<AlarmSubscribeResult> {
    const results: AlarmSubscribeRun[] = [];
    for (let run = 0; run < runs; run++) {
      const opened = await this.openAlarmWatch(fleet);
      await opened.context.close();
      results.push(opened.run);
    }
    const medianMs = quantile(
      results.map((result) => result.subscribedMs).sort((a, b) => a - b),
      0.5,
    )!;
    return { fleet, runs: results, medianMs, meets: medianMs <= TARGETS.subscribeMs };
  }

  /** The alarm watch's page with the whole fleet watched, traffic across the fleet, an alarm every second. */
  async alarmTraffic(fleet: number, rate: number, ms: number): Promise<TrafficResult> {
    const { context, page } = await this.openAlarmWatch(fleet);
    try {
      const count = flags.alarms === undefined ? Math.floor(ms / ALARM_EVERY_MS) : Number(flags.alarms);
      // Spread over the fleet, each a different panel (none is in alarm before: the fleet's rows have none on).
      const alarms = Array.from({ length: count }, (_, index) => devIdOf(Math.floor(((index + 0.5) * fleet) / count)));
      return await this.traffic(page, ALARM_SCENARIO, fleet, fleetIds(fleet), rate, ms, { alarms });
    } finally {
      await context.close();
    }
  }
}

type ViewName = 'list' | 'card';

/** Opens /Panels and loads the whole fleet ("More panels" until every panel is there), back at the top. */
async function openPanelList(page: Page, fleet: SiteOptions['fleet']): Promise<void> {
  fleet.loaded = 0;
  await openSignedIn(page, 'user', '/Panels', 'en', contractToken('user'));
  await page.locator('[data-testid^="panel-8"]').first().waitFor({ timeout: 60_000 });
  const started = Date.now();
  // Clicked inside the page, as fast as the list takes it: each click asks for the next page and waits for it.
  const loaded = (await page.evaluate(CLICK_MORE_UNTIL_DONE)) as number;
  if (loaded < fleet.size) throw new Error(`"More panels" stopped at ${loaded} of ${fleet.size} panels`);
  log(`   (the list loaded ${fleet.size} panels with "More panels" in ${Math.round((Date.now() - started) / 1000)} s)`);
  await page
    .getByTestId('live-status')
    .filter({ hasText: /^Live$/ })
    .waitFor({ timeout: 30_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Clicks "More panels" until it is gone; resolves with the count of panels the list says it shows. */
const CLICK_MORE_UNTIL_DONE = `(async () => {
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const count = () => document.querySelector('[data-testid="panel-count"]')?.textContent ?? '';
  const shown = () => Number((/([0-9]+)/.exec(count()) ?? ['', '0'])[1]);
  const deadline = Date.now() + 600000;
  for (;;) {
    const more = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'More panels');
    if (!more) return shown();
    if (Date.now() > deadline) return shown();
    const before = count();
    more.click();
    while (count() === before && Date.now() < deadline) await sleep(5);
  }
})()`;

/** Switches the list to a view (the person's toggle) and lets the rows on screen subscribe and the rest let go. */
async function showView(page: Page, view: ViewName): Promise<void> {
  const toggle = page.getByRole('button', { name: view === 'list' ? 'List view' : 'Card view' });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  // Subscriptions go out in batches and a panel scrolled away is released after a grace period of a few seconds.
  await page.waitForTimeout(4000);
}

const PROBE_SCENARIO = 'all subscribed (probe)';
const ALARM_SCENARIO = 'alarm watch';

/**
 * Waits at least `ms`, and on the probe page until its live store has stopped accepting messages (a backlog in the
 * socket is drained, so nothing of one run spills into the next and what never shows is really lost); at most 60 s.
 * With `alarms` raised, also until that many alarm rows are in the bar (the last alarm came behind the same
 * backlog), at most 60 s.
 */
async function settle(page: Page, ms: number, alarms: number): Promise<void> {
  await page.waitForTimeout(ms);
  for (let waited = 0; waited < 60_000 && (await alarmsSeen(page)) < alarms; waited += 250) {
    await page.waitForTimeout(250);
  }
  const accepted = () =>
    page.evaluate(
      'window.__probe && window.__probe.diagnostics ? window.__probe.diagnostics.accepted : -1',
    ) as Promise<number>;
  let last = await accepted();
  if (last < 0) return;
  for (let waited = 0; waited < 60_000; waited += 500) {
    await page.waitForTimeout(500);
    const now = await accepted();
    if (now === last) return;
    last = now;
  }
}

/** Device ids of the panels the page has rendered (the ones the list subscribes: on screen plus its margin). */
const renderedPanels = async (page: Page): Promise<Set<number>> =>
  new Set(
    await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid^="panel-"]')]
        .map((element) => /^panel-(\d+)$/.exec(element.getAttribute('data-testid') ?? '')?.[1])
        .filter((id): id is string => id !== undefined)
        .map(Number),
    ),
  );

// ---------------------------------------------------------------------------------------------------------------

const pad = (value: unknown, width: number) => String(value ?? '–').padStart(width);

function printTraffic(results: TrafficResult[]): void {
  const name = Math.max(...results.map((result) => result.scenario.length), 8);
  log(
    `${'scenario'.padEnd(name)}  fleet   rate    sent reached   shown  super  lost   p50   p95   p99    max  longest  >50ms  heap MB start→before→after  warm-up  growth  verdict`,
  );
  for (const r of results) {
    log(
      `${r.scenario.padEnd(name)} ${pad(r.fleet, 6)} ${pad(r.rate, 6)} ${pad(r.sent, 7)} ${pad(r.reached, 7)} ${pad(r.shown, 7)} ${pad(r.superseded, 6)} ${pad(r.lost, 5)} ${pad(r.p50Ms, 5)} ${pad(r.p95Ms, 5)} ${pad(r.p99Ms, 5)} ${pad(r.maxMs, 6)} ${pad(r.longestTaskMs, 8)} ${pad(r.longTasks, 6)}  ${pad(`${r.heapStartMB} → ${r.heapBeforeMB} → ${r.heapAfterMB}`, 26)} ${pad(`+${r.heapWarmUpPct}%`, 8)} ${pad(`${r.heapGrowthPct}%`, 7)}  ${r.meets ? 'meets' : `MISSES: ${r.misses.join('; ')}`}`,
    );
  }
  for (const r of results.filter((result) => result.longTaskParts?.length)) {
    log(
      `   ${r.scenario}, ${r.fleet} panels at ${r.rate}/s: the tasks over ${TARGETS.longestTaskMs} ms (self time by trace event, ms):`,
    );
    for (const task of r
      .longTaskParts!.slice()
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)) {
      const parts = task.parts
        .slice(0, 6)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', ');
      log(`     ${task.ms.toFixed(1)} ms at ${(task.atMs / 1000).toFixed(1)} s: ${parts}`);
    }
  }
  for (const r of results.filter((result) => result.publisherLagMs > 100)) {
    log(`   note: the publisher fell ${r.publisherLagMs} ms behind its schedule in "${r.scenario}" at ${r.rate}/s`);
  }
  for (const r of results.filter((result) => (result.alarmsSent ?? 0) > 0)) {
    log(
      `   ${r.scenario}, ${r.fleet} panels: ${r.alarmsShown} of ${r.alarmsSent} alarms reached the bar; publish → row in the alarm bar p50 ${r.alarmP50Ms ?? '–'} / p95 ${r.alarmP95Ms ?? '–'} / max ${r.alarmMaxMs ?? '–'} ms (every alarm ≤ ${ALARM_BAR_MS} ms; p95 ≤ ${TARGETS.p95Ms} ms)`,
    );
    log(
      `     publish → on the page's socket p50 ${r.alarmFeedP50Ms ?? '–'} / p95 ${r.alarmFeedP95Ms ?? '–'} ms; socket → row in the bar p50 ${r.alarmPageP50Ms ?? '–'} / p95 ${r.alarmPageP95Ms ?? '–'} ms`,
    );
  }
  for (const r of results.filter((result) => result.feedP50Ms !== undefined)) {
    log(
      `   ${r.scenario}: publish → accepted by the live store p50 ${r.feedP50Ms} / p95 ${r.feedP95Ms} ms; accepted → in the DOM p50 ${r.pageP50Ms} / p95 ${r.pageP95Ms} ms`,
    );
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  if (flags.only !== undefined && !['probe', 'ceiling', 'console', 'screen', 'alarms'].includes(flags.only)) {
    throw new Error(`--only takes probe, ceiling, console, screen or alarms, not ${flags.only}`);
  }
  if (flags.alarms !== undefined && !/^[0-9]+$/.test(flags.alarms)) throw new Error('--alarms takes a count');
  log(
    `bench:live${flags.quick ? ' --quick' : ''}: ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  checkFleetAgainstContract(Math.max(...PLAN.fleets, FLEET));
  log('Fleet rows checked against the contract (PanelListPage) and messages against the AsyncAPI payload.');
  if (flags['no-build'] && builtAlready()) log('Reusing the build in build/bench-live/.');
  else {
    log('Building the console and the probe page (vite build)...');
    await buildAll();
  }

  const [apiPort, prismPort, stackBrokerPort, brokerPort, sitePort] = await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  );
  const stack: RunningStack = await startMockStack({
    ports: { api: apiPort!, prism: prismPort!, broker: stackBrokerPort! },
    brokerUsername: CONSOLE_USERNAME,
    topicTemplate: TOPIC_TEMPLATE,
    tickMs: 0,
  });
  cleanups.push(() => stack.stop());
  const publisherCredential = { username: 'bench-publisher', password: randomBytes(24).toString('base64url') };
  const fleetTopics = fleetIds(Math.max(...PLAN.fleets, FLEET)).map((id) =>
    TOPIC_TEMPLATE.replace('{dev_id}', String(id)),
  );
  const broker: RunningBroker = await startBroker({
    port: brokerPort!,
    consoleUsername: CONSOLE_USERNAME,
    topicsFor: () => fleetTopics,
    services: [publisherCredential],
  });
  cleanups.push(() => broker.stop());
  const config: ConsoleConfig = {
    apiBaseUrl: '/api',
    fileStoreBaseUrl: '/files',
    brokerUrl: broker.url,
    brokerUsername: CONSOLE_USERNAME,
    liveTopicTemplate: TOPIC_TEMPLATE,
  };
  const served = { size: FLEET, loaded: 0 };
  const site = await serveSite({ port: sitePort!, apiUrl: stack.apiUrl, config, fleet: served });
  cleanups.push(() => site.stop());
  const publisher = new Publisher();
  cleanups.push(() => publisher.stop());
  await publisher.call({ type: 'connect', url: broker.url, ...publisherCredential });
  // The benchmark's own signal handler closes the browser with everything else.
  const browser = await launchChromium();
  cleanups.push(() => browser.close());
  log(
    `Console on ${site.url} (mock API ${stack.apiUrl}), broker ${broker.url} (aedes), Chromium ${browser.version()}.`,
  );

  const bench = new Bench(browser, site, publisher, contractToken('user'), served);
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
  const attempt = async (name: string, measure: () => Promise<void>) => {
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

  const alarmWatch: { page: string; subscribe: AlarmSubscribeResult[] } = { page: ALARM_PAGE, subscribe: [] };
  if (run('alarms')) {
    log(
      `\n3. Alarm watch: signed in on ${ALARM_PAGE} (no panel), the fleet served to the alarm watch (${PLAN.subscribeRuns} run(s) for ${FLEET}, 1 for the others):`,
    );
    for (const fleet of PLAN.fleets) {
      await attempt(`${ALARM_SCENARIO} subscribe ${fleet}`, async () => {
        const result = await bench.alarmWatchSubscribe(fleet, fleet === FLEET ? PLAN.subscribeRuns : 1);
        alarmWatch.subscribe.push(result);
        for (const r of result.runs) {
          log(
            `   fleet ${fleet}: ${r.fleetCalls} fleet calls answered by ${r.fleetReadMs} ms, connected at ${r.connectedMs} ms, first SUBSCRIBE at ${r.firstSubscribeMs} ms; ${r.topics} topics in ${r.subscribePackets} SUBSCRIBE packets (${r.unsubscribePackets} UNSUBSCRIBE), ${r.granted} granted / ${r.refused} refused, all granted at ${r.subscribedMs} ms after the page's start`,
          );
        }
        log(
          `   fleet ${fleet}: median ${result.medianMs} ms from the page's start, target ≤ ${TARGETS.subscribeMs} ms: ${result.meets ? 'meets' : 'MISSES'}`,
        );
      });
    }
    const raised =
      flags.alarms === undefined
        ? 'an alarm to a different panel every second'
        : `${flags.alarms} alarm(s), each to a different panel, one a second`;
    log(`   ${RATE} messages/s across the fleet for ${seconds} s, ${raised}:`);
    const alarmTraffic: TrafficResult[] = [];
    for (const fleet of PLAN.fleets) {
      await attempt(`${ALARM_SCENARIO} ${fleet}`, async () => {
        const result = await bench.alarmTraffic(fleet, RATE, PLAN.trafficMs);
        alarmTraffic.push(result);
        traffic.push(result);
      });
    }
    if (alarmTraffic.length) printTraffic(alarmTraffic);
  }

  const ceiling: { subscribe: SubscribeResult[]; traffic: TrafficResult[]; best?: { fleet: number; rate?: number }[] } =
    { subscribe: [], traffic: [] };
  if (!flags['no-ceiling'] && (run('probe') || flags.only === 'ceiling')) {
    log(`\n4. Ceiling of the worst case (all subscribed), ${PLAN.ceilingMs / 1000} s per step:`);
    for (const fleet of PLAN.fleets) {
      const sub = await bench.subscribe(fleet, 1);
      ceiling.subscribe.push(sub);
      log(
        `   fleet ${fleet}: subscribed in ${sub.medianMs} ms (${sub.meets ? 'meets' : 'MISSES'} ≤ ${TARGETS.subscribeMs} ms)`,
      );
      const probe = await bench.watchedProbe(fleet);
      cleanups.push(() => probe.close());
      const step = async (rate: number) => {
        const result = await probe.run(rate, PLAN.ceilingMs);
        ceiling.traffic.push(result);
        log(
          `   fleet ${fleet} at ${rate}/s: p95 ${result.p95Ms} ms, longest task ${result.longestTaskMs} ms, heap ${result.heapGrowthPct}%: ${result.meets ? 'meets' : `MISSES (${result.misses.join('; ')})`}`,
        );
        return result.meets;
      };
      // Up the rates while they hold (a higher rate on the same fleet only misses by more); when even the first
      // misses, down by halves, so the ceiling is found below it too.
      let held = false;
      for (const rate of PLAN.rates) {
        if (!(await step(rate))) break;
        held = true;
      }
      // Rates given with --rates are the ones tried, no others.
      const halving = flags.rates === undefined;
      for (let rate = PLAN.rates[0]! / 2; halving && !held && rate >= MIN_CEILING_RATE; rate /= 2) {
        held = await step(rate);
      }
      await probe.close();
    }
    log('');
    ceiling.best = printCeiling(ceiling);
  }

  const json = {
    when: new Date().toISOString(),
    quick: flags.quick,
    machine: { cores: os.cpus().length, model: os.cpus()[0]?.model, loadAverageAtEnd: os.loadavg() },
    chromium: browser.version(),
    broker: 'aedes (mocks/broker.ts), websocket, loopback',
    viewport: VIEWPORT,
    targets: TARGETS,
    subscribe,
    traffic,
    alarmWatch,
    failures,
    ceiling,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync(path.dirname(path.resolve(flags.json!)), { recursive: true });
  writeFileSync(flags.json!, `${JSON.stringify(json, null, 2)}\n`);
  log(
    `\nFigures written to ${flags.json} (${json.seconds} s in all; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}).`,
  );
  return traffic.length === 0 ? 1 : 0;
}

function printCeiling(ceiling: {
  subscribe: SubscribeResult[];
  traffic: TrafficResult[];
}): { fleet: number; rate?: number }[] {
  const rates = [...new Set(ceiling.traffic.map((result) => result.rate))].sort((a, b) => a - b);
  log('(each cell: p95 message-to-screen ms, longest main-thread task ms, heap growth over the run)');
  log(`fleet   subscribe  ${rates.map((rate) => ` ${`${rate}/s`.padStart(37)}`).join('')}`);
  for (const sub of ceiling.subscribe) {
    const cells = rates.map((rate) => {
      const result = ceiling.traffic.find((r) => r.fleet === sub.fleet && r.rate === rate);
      if (!result) return ` ${'–'.padStart(37)}`;
      const figures = `p95 ${result.p95Ms} task ${result.longestTaskMs} heap ${result.heapGrowthPct}%`;
      return ` ${`${result.meets ? 'ok' : 'MISS'} ${figures}`.padStart(37)}`;
    });
    log(`${String(sub.fleet).padEnd(6)} ${`${sub.medianMs} ms`.padStart(10)}  ${cells.join('')}`);
  }
  // Per fleet, the highest rate at which every target held (its subscribe time included).
  const best = ceiling.subscribe.map((sub) => {
    const rates = ceiling.traffic.filter((result) => result.fleet === sub.fleet && result.meets).map((r) => r.rate);
    return { fleet: sub.fleet, rate: sub.meets && rates.length ? Math.max(...rates) : undefined };
  });
  for (const { fleet, rate } of best) {
    log(
      `Ceiling for ${fleet} panels: ${rate ? `${rate} messages/s meet every target` : 'no rate tried meets every target'}.`,
    );
  }
  return best;
}

let exitCode: number;
try {
  exitCode = await main();
} catch (error) {
  if (benchmark.stopping) await new Promise(() => undefined); // the signal handler ends the process
  console.error(`bench:live could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);

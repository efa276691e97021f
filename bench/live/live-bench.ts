/**
 * bench:live's pages and runs: the browser, the site, the publisher and the user's token it measures with; pages
 * opened with the bench's instrumentation, the probe page watching the fleet (subscribe, and the all-subscribed
 * traffic), and the console's own panel list under traffic (list and card view, across the fleet or on screen).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openSignedIn } from '../../tests/e2e/support.ts';
import { DESKTOP_VIEWPORT } from '../browser-bench.ts';
import { quantile, round } from '../figures.ts';
import { INSTRUMENTATION } from './measure.ts';
import { MQTT_INSTRUMENTATION } from './mqtt-probe.ts';
import { openPanelList, renderedPanels, showView, type ViewName } from './panel-list.ts';
import { fleetIds, flags, PROBE_SCENARIO, TARGETS } from './plan.ts';
import type { WatchResult } from './probe/probe.tsx';
import type { Publisher } from './publisher-process.ts';
import type { SubscribeResult, TrafficResult } from './results.ts';
import { PROBE_PATH, type RunningSite, type SiteOptions } from './serve.ts';
import { measureTraffic, type TrafficRig } from './traffic.ts';

export class LiveBench implements TrafficRig {
  readonly seq = { next: 1 };
  constructor(
    readonly browser: Browser,
    readonly site: RunningSite,
    readonly publisher: Publisher,
    readonly token: string,
    /** What the panel list call answers. */
    readonly served: SiteOptions['fleet'],
  ) {}

  async newPage(options: { readMqtt?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await this.browser.newContext({ baseURL: this.site.url, viewport: DESKTOP_VIEWPORT });
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
        results.push({ mountedMs: round(watched.mountedMs, 0)!, subscribedMs: round(watched.subscribedMs, 0)! });
      } finally {
        await context.close();
      }
    }
    const sorted = results.map((result) => result.subscribedMs).sort((a, b) => a - b);
    const medianMs = quantile(sorted, 0.5)!;
    return { fleet: size, runs: results, medianMs, meets: medianMs <= TARGETS.subscribeMs };
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
        const result = await measureTraffic(this, page, PROBE_SCENARIO, fleet, fleetIds(fleet), rate, ms, {
          warmUp: !warm,
        });
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
        onResult(await measureTraffic(this, page, name, fleet, targets, rate, ms, { subscribed: rendered }));
      }
    } finally {
      await context.close();
    }
  }
}

/**
 * One traffic run of bench:live: the publisher sends `rate` messages a second for `ms` to the target panels (after a
 * warm-up of one message each), while the page's record, a Chromium trace, the heap and optionally a CPU profile
 * follow what the page does with them; then the run's figures (live/traffic-result.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTrace, traceTasks } from '../trace.ts';
import { alarmsSeen, armPage, heapAfterGc, startPage, stopPage } from './measure.ts';
import { alarmArrivals } from './mqtt-probe.ts';
import { ALARM_EVERY_MS, DRAIN_MS, flags, TARGETS, TOPIC_TEMPLATE, WARM_UP_RATE } from './plan.ts';
import type { Publisher } from './publisher-process.ts';
import type { TrafficOptions, TrafficResult } from './results.ts';
import { trafficResult } from './traffic-result.ts';

/** What a traffic run drives: the browser (for its trace), the publisher, and the next message sequence number. */
export interface TrafficRig {
  browser: Browser;
  publisher: Publisher;
  seq: { next: number };
}

/** Publishes `rate` messages a second for `ms` to `targets` and measures what the page does with them. */
export async function measureTraffic(
  rig: TrafficRig,
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
  const firstSeq = rig.seq.next;
  rig.seq.next += total;
  await armPage(page, firstSeq, total, alarms);
  const heapStart = await heapAfterGc(cdp);
  if (warmUp) {
    // One message to each addressed panel (not measured), at a rate the page takes, then until the page has
    // taken them all: the first-message allocation of each panel's live record is reported on its own, not
    // counted as growth of the measured run, and no backlog of the warm-up spills into it.
    await rig.publisher.call({
      type: 'run',
      devIds: targets,
      topicTemplate: TOPIC_TEMPLATE,
      rate: WARM_UP_RATE,
      durationMs: Math.ceil((targets.length * 1000) / WARM_UP_RATE),
      firstSeq: rig.seq.next,
      inOrder: true,
    });
    rig.seq.next += targets.length + WARM_UP_RATE;
    await settle(page, 1500, 0);
  }
  const heapBefore = warmUp ? await heapAfterGc(cdp) : heapStart;
  const profiling = flags.profile !== undefined;
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const tracing = !flags['no-trace'];
  if (tracing) await startTrace(rig.browser, page, flags['trace-tasks']);
  await startPage(page);
  const report = await rig.publisher.call({
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
  const traced = tracing ? await traceTasks(rig.browser, TARGETS.longestTaskMs) : undefined;
  const record = await stopPage(page);
  if (profiling) {
    const { profile } = await cdp.send('Profiler.stop');
    const file = path.join(flags.profile!, `${scenario.replace(/[^a-z0-9]+/gi, '-')}-${fleet}-${rate}.cpuprofile`);
    mkdirSync(flags.profile!, { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
  }
  const heapAfter = await heapAfterGc(cdp);
  await cdp.detach();
  // Alarms: publish → row, split where the alarm message reached the page's socket.
  const arrivals = alarms ? await alarmArrivals(page) : {};
  return trafficResult({
    scenario,
    fleet,
    rate,
    ms,
    total,
    subscribed,
    alarms,
    report,
    record,
    arrivals,
    heap: { start: heapStart, before: heapBefore, after: heapAfter },
    tracing,
    traced,
  });
}

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

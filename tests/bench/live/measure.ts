/**
 * What the live benchmark measures inside Chromium and how it reads it back:
 *  - message to screen: a MutationObserver (installed before the page's own scripts) notes when each message's
 *    marker (`b-<seq>`) first appears in a `[data-testid="panel-status-desc"]` element, as
 *    `performance.timeOrigin + performance.now()`; the publisher noted `Date.now()` when it sent it. Both follow
 *    the machine's clock, and the page's offset between the two clocks is measured and taken out. The DOM holds
 *    the text at that moment; the paint follows in the same frame.
 *  - the main thread's tasks: PerformanceObserver `longtask` (every task over 50 ms, with its attribution) and a
 *    Chromium trace (category `toplevel`) for the exact longest task of the page's main thread, below 50 ms too.
 *  - the JavaScript heap: CDP `HeapProfiler.collectGarbage`, then `Runtime.getHeapUsage`.
 * The page-side record is preallocated (a Float64Array per run) before the heap is measured, so the benchmark's
 * own bookkeeping does not count as growth.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';

export interface PageRecord {
  /** Seen time of each message (index = seq - firstSeq), 0 when never shown; page clock, ms since the epoch. */
  seen: number[];
  /** When the live store accepted each shown message (Date.now()); only the probe page reports it, else 0. */
  received: number[];
  longTasks: { start: number; duration: number; name: string }[];
  /** `performance.timeOrigin + performance.now()` minus `Date.now()` in the page, ms. */
  clockOffsetMs: number;
}

/**
 * Installed with `addInitScript`: runs in the page before any of its scripts. Plain JavaScript in a string: a
 * function from this file would carry the TypeScript loader's helpers, which do not exist in the page.
 */
export const INSTRUMENTATION = `(() => {
  const state = { armed: false, first: 0, seen: new Float64Array(0), received: new Float64Array(0), longTasks: [] };
  const SELECTOR = '[data-testid="panel-status-desc"]';
  let now = 0;
  // The marker is "b-<seq>": 98 is "b", 45 is "-".
  const note = (element) => {
    const host = element && element.closest ? element.closest(SELECTOR) : null;
    const text = host ? host.textContent : '';
    if (!text || text.charCodeAt(0) !== 98 || text.charCodeAt(1) !== 45) return;
    const index = Number(text.slice(2)) - state.first;
    if (index >= 0 && index < state.seen.length && state.seen[index] === 0) state.seen[index] = now;
  };
  new MutationObserver((records) => {
    if (!state.armed) return;
    now = performance.timeOrigin + performance.now();
    for (const record of records) {
      if (record.type === 'characterData') note(record.target.parentElement);
      else {
        note(record.target);
        for (const node of record.addedNodes) {
          if (node.nodeType === 1) node.querySelectorAll(SELECTOR).forEach(note);
        }
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
  try {
    new PerformanceObserver((list) => {
      if (!state.armed) return;
      for (const entry of list.getEntries()) {
        state.longTasks.push({ start: entry.startTime, duration: entry.duration, name: entry.name });
      }
    }).observe({ type: 'longtask' });
  } catch {
    // No longtask support: the trace still gives the longest task.
  }
  window.__bench = {
    arm(firstSeq, capacity) {
      state.first = firstSeq;
      state.seen = new Float64Array(capacity);
      state.received = new Float64Array(capacity);
      state.longTasks = [];
    },
    // The probe page tells when the live store accepted the message it renders (its receivedAt, Date.now()).
    received(text, at) {
      if (!state.armed || !text || text.charCodeAt(0) !== 98 || text.charCodeAt(1) !== 45) return;
      const index = Number(text.slice(2)) - state.first;
      if (index >= 0 && index < state.received.length) state.received[index] = at;
    },
    start() {
      state.armed = true;
    },
    stop() {
      state.armed = false;
      return {
        seen: Array.from(state.seen),
        received: Array.from(state.received),
        longTasks: state.longTasks,
        clockOffsetMs: performance.timeOrigin + performance.now() - Date.now(),
      };
    },
  };
})();`;

export const armPage = (page: Page, firstSeq: number, capacity: number) =>
  page.evaluate(`window.__bench.arm(${firstSeq}, ${capacity})`);
export const startPage = (page: Page) => page.evaluate('window.__bench.start()');
export const stopPage = (page: Page) => page.evaluate('window.__bench.stop()') as Promise<PageRecord>;

/** Bytes of live JavaScript objects after a full garbage collection. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  return usage.usedSize;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/** Starts a trace of the main-thread tasks (the cheap `toplevel` category only). */
export const startTrace = (browser: Browser, page: Page) =>
  browser.startTracing(page, { categories: ['toplevel'], screenshots: false });

/**
 * The longest task of a page's main thread in the trace, ms. Chromium runs one renderer per site here; the busiest
 * renderer main thread is the page's.
 */
export async function longestTraceTask(browser: Browser): Promise<number | undefined> {
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const mainThreads = new Set(
    trace.traceEvents
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, { busy: number; longest: number }>();
  for (const event of trace.traceEvents) {
    if (event.ph !== 'X' || event.dur === undefined) continue;
    if (event.name !== 'ThreadControllerImpl::RunTask' && event.name !== 'RunTask') continue;
    const thread = `${event.pid}:${event.tid}`;
    if (!mainThreads.has(thread)) continue;
    const entry = byThread.get(thread) ?? { busy: 0, longest: 0 };
    entry.busy += event.dur;
    entry.longest = Math.max(entry.longest, event.dur);
    byThread.set(thread, entry);
  }
  const busiest = [...byThread.values()].sort((a, b) => b.busy - a.busy)[0];
  return busiest ? busiest.longest / 1000 : undefined;
}

/** The q-quantile (0..1) of sorted values (nearest rank). */
export const quantile = (sorted: number[], q: number): number | undefined =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : undefined;

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
 *  - alarm to bar: the same observer notes when each alarm's row (`[data-testid="alarm-<dev_id>-alarm"]`) is added
 *    to the alarm bar, for the panels the run raises an alarm on.
 *  - the broker's grants, on a page that shows no panel: live/mqtt-probe.ts.
 * The page-side record is preallocated (a Float64Array per run) before the heap is measured, so the benchmark's
 * own bookkeeping does not count as growth.
 */
import type { CDPSession, Page } from 'playwright-core';

export interface PageRecord {
  /** Seen time of each message (index = seq - firstSeq), 0 when never shown; page clock, ms since the epoch. */
  seen: number[];
  /** When the live store accepted each shown message (Date.now()); only the probe page reports it, else 0. */
  received: number[];
  /** When each alarm's row was added to the alarm bar (the order of `arm`'s alarm panels), page clock; 0 never. */
  alarmSeen: number[];
  longTasks: { start: number; duration: number; name: string }[];
  /** `performance.timeOrigin + performance.now()` minus `Date.now()` in the page, ms. */
  clockOffsetMs: number;
}

/**
 * Installed with `addInitScript`: runs in the page before any of its scripts. Plain JavaScript in a string: a
 * function from this file would carry the TypeScript loader's helpers, which do not exist in the page.
 */
export const INSTRUMENTATION = `(() => {
  const state = {
    armed: false,
    first: 0,
    seen: new Float64Array(0),
    received: new Float64Array(0),
    longTasks: [],
    alarmIndex: new Map(),
    alarmSeen: new Float64Array(0),
  };
  const SELECTOR = '[data-testid="panel-status-desc"]';
  // The alarm bar's row of a panel's alarm (not its fire alarm): alarm-<dev_id>-alarm.
  const ALARM_SELECTOR = '[data-testid$="-alarm"]';
  const ALARM_ROW = /^alarm-([0-9]+)-alarm$/;
  let now = 0;
  // The marker is "b-<seq>": 98 is "b", 45 is "-".
  const note = (element) => {
    const host = element && element.closest ? element.closest(SELECTOR) : null;
    const text = host ? host.textContent : '';
    if (!text || text.charCodeAt(0) !== 98 || text.charCodeAt(1) !== 45) return;
    const index = Number(text.slice(2)) - state.first;
    if (index >= 0 && index < state.seen.length && state.seen[index] === 0) state.seen[index] = now;
  };
  const noteAlarm = (element) => {
    const row = ALARM_ROW.exec(element.getAttribute('data-testid') || '');
    const index = row ? state.alarmIndex.get(row[1]) : undefined;
    if (index !== undefined && state.alarmSeen[index] === 0) state.alarmSeen[index] = now;
  };
  new MutationObserver((records) => {
    if (!state.armed) return;
    now = performance.timeOrigin + performance.now();
    const alarms = state.alarmIndex.size > 0;
    for (const record of records) {
      if (record.type === 'characterData') note(record.target.parentElement);
      else {
        note(record.target);
        for (const node of record.addedNodes) {
          if (node.nodeType !== 1) continue;
          node.querySelectorAll(SELECTOR).forEach(note);
          if (!alarms) continue;
          if (node.matches(ALARM_SELECTOR)) noteAlarm(node);
          node.querySelectorAll(ALARM_SELECTOR).forEach(noteAlarm);
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
    arm(firstSeq, capacity, alarmDevIds) {
      state.first = firstSeq;
      state.seen = new Float64Array(capacity);
      state.received = new Float64Array(capacity);
      state.longTasks = [];
      state.alarmIndex = new Map((alarmDevIds || []).map((devId, index) => [String(devId), index]));
      state.alarmSeen = new Float64Array(state.alarmIndex.size);
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
        alarmSeen: Array.from(state.alarmSeen),
        longTasks: state.longTasks,
        clockOffsetMs: performance.timeOrigin + performance.now() - Date.now(),
      };
    },
    alarmsSeen() {
      let count = 0;
      for (const at of state.alarmSeen) if (at > 0) count += 1;
      return count;
    },
  };
})();`;

export const armPage = (page: Page, firstSeq: number, capacity: number, alarmDevIds: number[] = []) =>
  page.evaluate(`window.__bench.arm(${firstSeq}, ${capacity}, ${JSON.stringify(alarmDevIds)})`);
export const startPage = (page: Page) => page.evaluate('window.__bench.start()');
export const stopPage = (page: Page) => page.evaluate('window.__bench.stop()') as Promise<PageRecord>;
export const alarmsSeen = (page: Page) => page.evaluate('window.__bench.alarmsSeen()') as Promise<number>;

/** Bytes of live JavaScript objects after a full garbage collection. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  return usage.usedSize;
}

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
 *  - the broker's grants, on a page that shows no panel (the shell's alarm watch subscribes the whole fleet there,
 *    and nothing on the page counts it): MQTT_INSTRUMENTATION wraps the page's WebSocket and reads the MQTT packets
 *    it sends and receives (SUBSCRIBE with its topics, SUBACK with its return codes, CONNACK, UNSUBSCRIBE) until the
 *    benchmark says the subscriptions are done; during the traffic it notes only when each alarm message reached
 *    the page's socket. The page's own code is not touched.
 * The page-side record is preallocated (a Float64Array per run) before the heap is measured, so the benchmark's
 * own bookkeeping does not count as growth.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';

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

/** An MQTT packet as the page's socket carried it: its type and its body (after the fixed header). */
export type MqttPacketHandler = (type: number, body: Uint8Array) => void;

/**
 * JavaScript source of a function `(onPacket) => (bytes) => void`: fed the bytes of one direction of an MQTT
 * connection in any chunks (a websocket frame may hold part of a packet, or several), it calls `onPacket` with each
 * whole packet's type (the fixed header's upper four bits) and body. A string for the same reason as INSTRUMENTATION,
 * which uses it; `mqttReader` below makes it callable in Node for its test.
 */
export const MQTT_READER = `(onPacket) => {
  let pending = new Uint8Array(0);
  return (chunk) => {
    let bytes = chunk;
    if (pending.length) {
      bytes = new Uint8Array(pending.length + chunk.length);
      bytes.set(pending);
      bytes.set(chunk, pending.length);
    }
    let at = 0;
    for (;;) {
      // The fixed header: the type byte, then the remaining length in 1 to 4 bytes of 7 bits (least first).
      let index = at + 1;
      let length = 0;
      let factor = 1;
      let complete = false;
      while (index < bytes.length && index < at + 5) {
        const digit = bytes[index++];
        length += (digit & 127) * factor;
        factor *= 128;
        if (digit < 128) {
          complete = true;
          break;
        }
      }
      if (!complete || index + length > bytes.length) break;
      onPacket(bytes[at] >> 4, bytes.subarray(index, index + length));
      at = index + length;
    }
    pending = bytes.slice(at);
  };
}`;

/** MQTT_READER as a function, for Node (its test). */
export const mqttReader = (onPacket: MqttPacketHandler): ((chunk: Uint8Array) => void) =>
  // The page's source itself, so the test checks what the page runs.
  (new Function(`return ${MQTT_READER}`)() as (handler: MqttPacketHandler) => (chunk: Uint8Array) => void)(onPacket);

/** MQTT 3.1.1 packet types the benchmark reads. */
export const MQTT = { connack: 2, publish: 3, subscribe: 8, suback: 9, unsubscribe: 10 } as const;

/** A packet the page's socket carried, as the instrumentation notes it (`at`: performance.now(), ms since load). */
export interface MqttNote {
  dir: 'out' | 'in';
  type: number;
  at: number;
  /** SUBSCRIBE / UNSUBSCRIBE: topics in the packet. */
  topics?: number;
  /** SUBACK: return codes under 0x80 (granted) and the others (refused). */
  granted?: number;
  refused?: number;
}

/** What the page's MQTT connection did so far: the packets noted, and the distinct topics it subscribed. */
export interface MqttRecord {
  packets: MqttNote[];
  topics?: string[];
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

/** A PUBLISH body (topic and payload) under this size is an alarm message of the benchmark; status ones are larger. */
export const ALARM_BODY_BYTES = 100;

/**
 * Installed with `addInitScript` (after INSTRUMENTATION) on the alarm watch's pages: wraps the page's WebSocket and
 * notes the MQTT packets it sends and receives (see MqttNote) until `window.__benchMqtt.endSubscribe()`, which the
 * benchmark calls before any traffic; after that it only notes when each alarm message reached the page's socket
 * (the split of alarm to bar into the feed's part and the page's). Other pages run without it.
 */
export const MQTT_INSTRUMENTATION = `(() => {
  // Room for every resource of the page in its resource timing (the fleet calls are counted from it).
  performance.setResourceTimingBufferSize(2000);
  const mqtt = { subscribing: true, packets: [], topics: new Set(), alarms: new Map() };
  const reader = ${MQTT_READER};
  const decoder = new TextDecoder();
  const onPacket = (dir) => (type, body) => {
    if (type === ${MQTT.publish}) {
      // An alarm message reaching the page (the feed's small message: a status message is over ${ALARM_BODY_BYTES}
      // bytes, so the others cost one comparison): when, by its topic (a 2-byte length, then the topic).
      if (dir !== 'in' || body.length >= ${ALARM_BODY_BYTES}) return;
      const text = decoder.decode(body);
      if (!text.includes('"KLStatus"')) return;
      const topic = text.slice(2, 2 + ((body[0] << 8) | body[1]));
      if (!mqtt.alarms.has(topic)) mqtt.alarms.set(topic, performance.timeOrigin + performance.now());
      return;
    }
    if (!mqtt.subscribing) return;
    const packet = { dir, type, at: performance.now() };
    if (type === ${MQTT.subscribe} || type === ${MQTT.unsubscribe}) {
      // The packet id, then each topic filter (a 2-byte length and UTF-8), SUBSCRIBE with an options byte after it.
      let topics = 0;
      for (let at = 2; at + 2 <= body.length; ) {
        const length = (body[at] << 8) | body[at + 1];
        if (type === ${MQTT.subscribe}) mqtt.topics.add(decoder.decode(body.subarray(at + 2, at + 2 + length)));
        at += 2 + length + (type === ${MQTT.subscribe} ? 1 : 0);
        topics += 1;
      }
      packet.topics = topics;
    } else if (type === ${MQTT.suback}) {
      // The packet id, then a return code per topic: 0-2 granted, 0x80 refused.
      let granted = 0;
      for (let at = 2; at < body.length; at++) if (body[at] < 128) granted += 1;
      packet.granted = granted;
      packet.refused = body.length - 2 - granted;
    } else if (type !== ${MQTT.connack}) return;
    mqtt.packets.push(packet);
  };
  const bytesOf = (data) =>
    data instanceof ArrayBuffer
      ? new Uint8Array(data)
      : ArrayBuffer.isView(data)
        ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
        : typeof data === 'string'
          ? new TextEncoder().encode(data)
          : undefined;
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      const readIn = reader(onPacket('in'));
      this.__benchOut = reader(onPacket('out'));
      // Registered before the page's own listener: the packet is noted in the task that hands it to the page.
      this.addEventListener('message', (event) => {
        const bytes = bytesOf(event.data);
        if (bytes) readIn(bytes);
      });
    }
    send(data) {
      const bytes = mqtt.subscribing ? bytesOf(data) : undefined;
      if (bytes) this.__benchOut(bytes);
      super.send(data);
    }
  };
  window.__benchMqtt = {
    granted() {
      let granted = 0;
      for (const packet of mqtt.packets) if (packet.granted) granted += packet.granted;
      return granted;
    },
    read(withTopics) {
      return { packets: mqtt.packets, topics: withTopics ? [...mqtt.topics] : undefined };
    },
    // Stops noting the subscription packets and drops what was kept (not counted in the heap of the traffic runs).
    endSubscribe() {
      mqtt.subscribing = false;
      mqtt.packets = [];
      mqtt.topics = new Set();
    },
    alarmArrivals() {
      return Object.fromEntries(mqtt.alarms);
    },
  };
})();`;

export const armPage = (page: Page, firstSeq: number, capacity: number, alarmDevIds: number[] = []) =>
  page.evaluate(`window.__bench.arm(${firstSeq}, ${capacity}, ${JSON.stringify(alarmDevIds)})`);
export const startPage = (page: Page) => page.evaluate('window.__bench.start()');
export const stopPage = (page: Page) => page.evaluate('window.__bench.stop()') as Promise<PageRecord>;
export const alarmsSeen = (page: Page) => page.evaluate('window.__bench.alarmsSeen()') as Promise<number>;
/** The MQTT packets the page's sockets carried so far (with the distinct topics subscribed when asked). */
export const readMqtt = (page: Page, withTopics: boolean) =>
  page.evaluate(`window.__benchMqtt.read(${withTopics})`) as Promise<MqttRecord>;
export const endSubscribe = (page: Page) => page.evaluate('window.__benchMqtt.endSubscribe()');
/** When each alarm message reached the page's socket, by topic (page clock, ms since the epoch). */
export const alarmArrivals = (page: Page) =>
  page.evaluate('window.__benchMqtt.alarmArrivals()') as Promise<Record<string, number>>;

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
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; lineNumber?: number; type?: string } };
}

/** A trace event's name in the breakdown: a script call with its function and file, an event with its type. */
function partName(event: TraceEvent): string {
  const data = event.args?.data;
  if (event.name === 'FunctionCall' && data?.url !== undefined) {
    return `FunctionCall ${data.functionName || '(anonymous)'} ${data.url.split('/').pop()}:${data.lineNumber ?? ''}`;
  }
  if (event.name === 'EventDispatch' && data?.type) return `EventDispatch ${data.type}`;
  return event.name;
}

/**
 * The categories of a detailed trace (`--trace-tasks`): besides the tasks, what runs in them (script, V8's and
 * Blink's garbage collection, style, layout, paint), to say what a long task is made of. Not V8's own category: its
 * event per call makes a 30 s run's trace larger than a string can hold.
 */
const DETAILED_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-v8.gc', 'blink.gc'];

/** Starts a trace of the main-thread tasks (the cheap `toplevel` category only, unless `detailed`). */
export const startTrace = (browser: Browser, page: Page, detailed = false) =>
  browser.startTracing(page, { categories: detailed ? DETAILED_CATEGORIES : ['toplevel'], screenshots: false });

/** A long task of the trace and where its time went: self time (ms) per event name, largest first. */
export interface LongTaskParts {
  ms: number;
  /** When it started, ms from the first task of the trace. */
  atMs: number;
  parts: [name: string, ms: number][];
}

const isTask = (event: TraceEvent) => event.name === 'ThreadControllerImpl::RunTask' || event.name === 'RunTask';

/**
 * The page's main-thread tasks in a trace: the longest (ms), and for each task over `overMs` its self time by event
 * name (meaningful with a detailed trace). Chromium runs one renderer per site here; the busiest renderer main thread
 * is the page's.
 */
export async function traceTasks(
  browser: Browser,
  overMs = Infinity,
): Promise<{ longestMs: number | undefined; longTasks: LongTaskParts[] }> {
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const mainThreads = new Set(
    trace.traceEvents
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, { busy: number; events: TraceEvent[] }>();
  for (const event of trace.traceEvents) {
    if (event.ph !== 'X' || event.dur === undefined) continue;
    const thread = `${event.pid}:${event.tid}`;
    if (!mainThreads.has(thread)) continue;
    const entry = byThread.get(thread) ?? { busy: 0, events: [] };
    if (isTask(event)) entry.busy += event.dur;
    entry.events.push(event);
    byThread.set(thread, entry);
  }
  const busiest = [...byThread.values()].sort((a, b) => b.busy - a.busy)[0];
  if (!busiest) return { longestMs: undefined, longTasks: [] };
  const events = busiest.events.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks = events.filter(isTask);
  // A loop, not Math.max(...): a run has tens of thousands of tasks, more than a call's arguments may be.
  const longestMs = tasks.reduce((longest, task) => Math.max(longest, task.dur!), 0) / 1000;
  const longTasks: LongTaskParts[] = [];
  const firstTs = tasks[0]?.ts ?? 0;
  for (const task of tasks.filter((candidate) => candidate.dur! / 1000 > overMs)) {
    const end = task.ts + task.dur!;
    const inside = events.filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur! <= end);
    // Self time: an event's duration less that of the events directly inside it.
    const self = new Map<string, number>();
    const stack: { event: TraceEvent; children: number }[] = [{ event: task, children: 0 }];
    const close = (until: number) => {
      while (stack.length > 1 && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= until) {
        const { event, children } = stack.pop()!;
        const name = partName(event);
        self.set(name, (self.get(name) ?? 0) + event.dur! - children);
      }
    };
    for (const event of inside) {
      close(event.ts);
      stack.at(-1)!.children += event.dur!;
      stack.push({ event, children: 0 });
    }
    close(Infinity);
    const untraced = task.dur! - stack[0]!.children;
    if (untraced > 0) self.set('(in the task, no event)', untraced);
    longTasks.push({
      ms: task.dur! / 1000,
      atMs: (task.ts - firstTs) / 1000,
      parts: [...self]
        .map(([name, us]): [string, number] => [name, Math.round(us / 100) / 10])
        .filter(([, ms]) => ms >= 1)
        .sort((a, b) => b[1] - a[1]),
    });
  }
  return { longestMs, longTasks };
}

/** The longest task of a page's main thread in the trace, ms. */
export async function longestTraceTask(browser: Browser): Promise<number | undefined> {
  return (await traceTasks(browser)).longestMs;
}

/** The q-quantile (0..1) of sorted values (nearest rank). */
export const quantile = (sorted: number[], q: number): number | undefined =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : undefined;

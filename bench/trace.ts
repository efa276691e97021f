/**
 * The page's main thread in a Chromium trace, as the browser benchmarks read it: started on a page (the cheap
 * `toplevel` category, or a detailed trace), then its longest task and, for each task over a limit, what its time
 * went to.
 */
import type { Browser, Page } from 'playwright-core';

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

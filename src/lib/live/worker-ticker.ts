/**
 * A repeating tick for the live feed's keepalive. A page's own timers are throttled in a background tab (down to
 * once a minute in Chromium), which would let the broker drop an idle connection; a dedicated worker's are not. So
 * in a page the tick comes from a tiny worker made from a Blob (the CSP allows `worker-src 'self' blob:`), one for
 * the page; elsewhere (node, tests), or when the worker cannot start, from plain timers.
 */

/** The worker: `[id, ms]` starts an interval posting `id`; `[id]` stops it. */
const WORKER_SOURCE = `const timers = new Map();
onmessage = (event) => {
  const [id, ms] = event.data;
  clearInterval(timers.get(id));
  timers.delete(id);
  if (ms !== undefined) timers.set(id, setInterval(() => postMessage(id), ms));
};`;

interface Tick {
  callback: () => void;
  ms: number;
  /** The plain interval, when the worker is not used. */
  fallback?: ReturnType<typeof setInterval>;
}

const ticks = new Map<number, Tick>();
let nextId = 1;
/** undefined: not tried yet; null: plain timers (node, or the worker failed). */
let worker: Worker | null | undefined;

function startWorker(): Worker | null {
  if (typeof window === 'undefined' || typeof Worker === 'undefined' || typeof Blob === 'undefined') return null;
  try {
    // One worker for the page, for its whole life: its URL is kept (revoking it early can fail the worker's load).
    const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
    const started = new Worker(url);
    started.onmessage = (event: MessageEvent<number>) => ticks.get(event.data)?.callback();
    // A worker refused later (a CSP without blob:, a failed load): the ticks move to plain timers.
    started.onerror = (event) => {
      event.preventDefault();
      started.terminate();
      worker = null;
      for (const tick of ticks.values()) tick.fallback ??= setInterval(tick.callback, tick.ms);
    };
    return started;
  } catch {
    return null;
  }
}

/** Calls `callback` every `ms` milliseconds until the returned function is called. */
export function everyTick(callback: () => void, ms: number): () => void {
  if (worker === undefined) worker = startWorker();
  const id = nextId++;
  const tick: Tick = { callback, ms };
  ticks.set(id, tick);
  if (worker) worker.postMessage([id, ms]);
  else tick.fallback = setInterval(callback, ms);
  return () => {
    ticks.delete(id);
    if (tick.fallback !== undefined) clearInterval(tick.fallback);
    else worker?.postMessage([id]);
  };
}

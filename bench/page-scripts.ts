/**
 * In-page JavaScript that the browser benchmarks' instrumentation shares. A bench's INSTRUMENTATION is a plain
 * JavaScript string installed with `addInitScript` (a function from a TypeScript file would carry the TypeScript
 * loader's helpers, which do not exist in the page); it opens with PAGE_HELPERS, which defines:
 *  - `now()`: `performance.now()`.
 *  - `afterNextPaint(done)`: calls `done(frame, painted)` after the next frame's rendering (the frame's callbacks
 *    run, then its style, layout and paint, then a message posted from the frame arrives).
 *  - `paintWaiter()`: `{ done, whenPainted }`, a promise for a record to resolve once painted.
 *  - `notePainted(record)`: notes `record.inDom` now, then `record.frame` and `record.painted` after the next paint,
 *    and resolves the record's `paintWaiter()`.
 *  - `watchFetch(pattern, watch)`: the page's `fetch` calls to a URL that `pattern` matches go through
 *    `watch(input, init, url, call)`, where `call()` makes the real call; the others pass untouched.
 *  - `noteBodyRead(response, record)`: notes `record.received` when the console's own read of the answer's body
 *    resolves (`text`, `json` or `arrayBuffer`); returns the response.
 *  - `observeLongTasks(state)`: pushes every task over 50 ms (`longtask`) into `state.longTasks` while
 *    `state.armedTasks` is set.
 */
export const PAGE_HELPERS = `
  const now = () => performance.now();
  const afterNextPaint = (done) =>
    requestAnimationFrame(() => {
      const frame = now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(frame, now());
      channel.port2.postMessage(0);
    });
  const paintWaiter = () => {
    let done;
    const whenPainted = new Promise((resolve) => (done = resolve));
    return { done, whenPainted };
  };
  const notePainted = (record) => {
    record.inDom = now();
    afterNextPaint((frame, painted) => {
      record.frame = frame;
      record.painted = painted;
      record.done();
    });
  };
  const watchFetch = (pattern, watch) => {
    const fetch = window.fetch;
    window.fetch = function (input, init) {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input && input.url;
      const args = arguments;
      if (!url || !pattern.test(url)) return fetch.apply(window, args);
      return watch(input, init, url, () => fetch.apply(window, args));
    };
  };
  const noteBodyRead = (response, record) => {
    for (const method of ['text', 'json', 'arrayBuffer']) {
      const read = response[method].bind(response);
      response[method] = () =>
        read().then((value) => {
          record.received = now();
          return value;
        });
    }
    return response;
  };
  const observeLongTasks = (state) => {
    try {
      new PerformanceObserver((list) => {
        if (!state.armedTasks) return;
        for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask' });
    } catch {}
  };
`;

/** A long task as a page's `longtask` observer noted it (ms on the page's clock). */
export interface LongTask {
  start: number;
  duration: number;
}

/** What the page noted of an awaited element (`notePainted`): in the DOM, the next frame, painted; the long tasks. */
export interface PaintRecord {
  inDom: number;
  frame: number;
  painted: number;
  longTasks: LongTask[];
}

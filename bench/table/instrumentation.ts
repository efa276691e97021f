/**
 * What bench:table installs in the page (with `addInitScript`, before the page's own scripts) and reads back through
 * `window.__table`: the user list reads (when the console's own read of a getuserlist answer's body resolved), the
 * grid showing an awaited page (its row count and first row in the DOM, then painted), when the page's and the
 * grid's code arrived, and the long tasks.
 */
import type { Page } from 'playwright-core';
import { PAGE_HELPERS, type LongTask, type PaintRecord } from '../page-scripts.ts';

export const INSTRUMENTATION = `(() => {
  ${PAGE_HELPERS}
  const state = { reads: [], render: undefined, longTasks: [], armedTasks: false };

  // The user list reads: when the console's own read of the answer's body resolved.
  watchFetch(/\\/api\\/user\\/getuserlist(?:[?#]|$)/, (input, init, url, call) => {
    const query = new URL(url, location.href).searchParams;
    const record = { limit: Number(query.get('limit') || 10), offset: Number(query.get('offset') || 0), sent: now(), received: 0 };
    state.reads.push(record);
    return call().then((response) => noteBodyRead(response, record));
  });

  // The grid showing the awaited page: its row count and the page's first row.
  const shown = () => {
    const render = state.render;
    if (!render || render.inDom) return;
    const grid = document.querySelector('[role="grid"]');
    if (grid && !render.gridAt) render.gridAt = now();
    if (!grid || grid.getAttribute('aria-rowcount') !== String(render.rows + 1)) return;
    if (!grid.querySelector('[role="row"][data-id="' + render.firstId + '"]')) return;
    notePainted(render);
  };
  new MutationObserver(shown).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-rowcount', 'data-id'] });
  observeLongTasks(state);

  window.__table = {
    armRender(firstId, rows, keepReads) {
      if (!keepReads) state.reads = [];
      state.longTasks = [];
      state.armedTasks = true;
      state.render = { firstId, rows, inDom: 0, frame: 0, painted: 0, gridAt: 0, ...paintWaiter(), armedAt: now() };
      shown();
    },
    whenRendered() {
      return state.render ? state.render.whenPainted.then(() => true) : Promise.resolve(false);
    },
    takeRender() {
      const { armedAt, inDom, frame, painted, gridAt } = state.render;
      // When the page's and the grid's code arrived (this document's loads of them).
      const code = {};
      for (const entry of performance.getEntriesByType('resource')) {
        const match = /\\/assets\\/(user-list-page|table-grid)-[^/]*\\.js$/.exec(entry.name);
        if (match) code[match[1]] = entry.responseEnd;
      }
      state.render = undefined;
      state.armedTasks = false;
      return { armedAt, inDom, frame, painted, gridAt, code, reads: state.reads.map((read) => ({ ...read })), longTasks: state.longTasks.slice() };
    },
    armTasks() {
      state.longTasks = [];
      state.armedTasks = true;
    },
    takeTasks() {
      state.armedTasks = false;
      return state.longTasks.slice();
    },
  };
})();`;

interface ReadRecord {
  limit: number;
  offset: number;
  sent: number;
  received: number;
}
export interface RenderRecord extends PaintRecord {
  armedAt: number;
  /** The grid element first in the DOM (0 when it already was, as on a page change). */
  gridAt: number;
  /** When the page's and the grid's chunks arrived (resource timing), for an open. */
  code: Record<string, number>;
  reads: ReadRecord[];
}
interface TableProbe {
  /** `keepReads`: a freshly opened document, whose reads so far are the page's own. */
  armRender(firstId: number, rows: number, keepReads?: boolean): void;
  whenRendered(): Promise<boolean>;
  takeRender(): RenderRecord;
  armTasks(): void;
  takeTasks(): LongTask[];
}
type ProbeWindow = { __table: TableProbe };

export const probe = (page: Page) => ({
  armRender: (firstId: number, rows: number, keepReads = false) =>
    page.evaluate(
      ([id, count, keep]) =>
        (window as unknown as ProbeWindow).__table.armRender(id as number, count as number, keep as boolean),
      [firstId, rows, keepReads] as const,
    ),
  whenRendered: () => page.evaluate(() => (window as unknown as ProbeWindow).__table.whenRendered()),
  takeRender: () => page.evaluate(() => (window as unknown as ProbeWindow).__table.takeRender()),
  armTasks: () => page.evaluate(() => (window as unknown as ProbeWindow).__table.armTasks()),
  takeTasks: () => page.evaluate(() => (window as unknown as ProbeWindow).__table.takeTasks()),
});

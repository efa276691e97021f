/**
 * bench:table's renders: `/Users?size=1000` opened, or the next page of 1000 chosen with the pager, each measured
 * from the console holding the page's rows to the grid showing them, painted (the page's record of it).
 */
import type { Browser, Page } from 'playwright-core';
import { MOCK_USER_COUNT } from '../../mocks/db/user-list.ts';
import { within } from '../browser-bench.ts';
import { longestOf, round } from '../figures.ts';
import { longestTraceTask, startTrace } from '../trace.ts';
import { probe, type RenderRecord } from './instrumentation.ts';

export const PAGE_SIZE = 1000;
export const PAGES = Math.ceil(MOCK_USER_COUNT / PAGE_SIZE);

export interface RenderResult {
  kind: 'open' | 'page change';
  page: number;
  /** The page's rows read by the console → the grid showing them, painted. */
  dataToPaintMs: number;
  /** The same, to the rows in the DOM. */
  dataToDomMs: number;
  /** The action (navigation or click) → painted. */
  actionToPaintMs: number;
  /** The read's round trip (sent → body read), for context. */
  readMs: number;
  longestLongTaskMs?: number;
  /** Longest main-thread task while it rendered (trace), page changes only. */
  longestTraceTaskMs?: number;
  /**
   * An open, from the document's start (armed just after it committed): when the page's code, the grid's code and the
   * rows arrived, and when the grid element first appeared.
   */
  timeline?: { pageCode?: number; gridCode?: number; rows: number; gridElement?: number };
}

export const rowsOn = (pageNumber: number) => Math.min(PAGE_SIZE, MOCK_USER_COUNT - (pageNumber - 1) * PAGE_SIZE);
const firstIdOn = (pageNumber: number) => (pageNumber - 1) * PAGE_SIZE + 1;

function resultOf(kind: RenderResult['kind'], pageNumber: number, record: RenderRecord): RenderResult {
  const offset = (pageNumber - 1) * PAGE_SIZE;
  const read = record.reads.filter((r) => r.limit === PAGE_SIZE && r.offset === offset && r.received > 0).at(-1);
  if (!read) throw new Error(`page ${pageNumber}: no read of limit ${PAGE_SIZE}, offset ${offset} was seen`);
  const longest = longestOf(record.longTasks);
  const since = (at: number | undefined) => (at === undefined ? undefined : round(at - record.armedAt));
  return {
    kind,
    page: pageNumber,
    dataToPaintMs: round(record.painted - read.received)!,
    dataToDomMs: round(record.inDom - read.received)!,
    actionToPaintMs: round(record.painted - record.armedAt)!,
    readMs: round(read.received - read.sent)!,
    longestLongTaskMs: round(longest || undefined),
    ...(kind === 'open'
      ? {
          timeline: {
            pageCode: since(record.code['user-list-page']),
            gridCode: since(record.code['table-grid']),
            rows: since(read.received)!,
            gridElement: since(record.gridAt || undefined),
          },
        }
      : {}),
  };
}

/** Loads `/Users?size=1000` (page 1) and waits for its rows painted. */
export async function open(page: Page): Promise<RenderResult> {
  // Armed as soon as the new document exists (its probe starts with it; the rows take longer than that to arrive),
  // keeping the reads the document has already started.
  await page.goto('/Users?size=1000', { waitUntil: 'commit' });
  await probe(page).armRender(firstIdOn(1), rowsOn(1), true);
  await within(probe(page).whenRendered(), 60_000, 'page 1 was never shown');
  return resultOf('open', 1, await probe(page).takeRender());
}

/** Goes to page `pageNumber` with the pager and waits for its rows painted (`tracing`: with a Chromium trace). */
export async function changePage(
  page: Page,
  browser: Browser,
  pageNumber: number,
  tracing: boolean,
): Promise<RenderResult> {
  await probe(page).armRender(firstIdOn(pageNumber), rowsOn(pageNumber));
  if (tracing) await startTrace(browser, page);
  await page.getByRole('button', { name: `Go to page ${pageNumber}`, exact: true }).click();
  await within(probe(page).whenRendered(), 60_000, `page ${pageNumber} was never shown`);
  const longest = tracing ? await longestTraceTask(browser) : undefined;
  return { ...resultOf('page change', pageNumber, await probe(page).takeRender()), longestTraceTaskMs: round(longest) };
}

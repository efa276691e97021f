/**
 * What a bench:phone tab fetched: a tab throttled as the phone (Slow 4G, the CPU slowed) with its script answers'
 * encodings counted, the page's resources (all, or the scripts started before a moment), and `--waterfall`'s print.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { CPU_SLOWDOWN, log, SLOW_4G } from './plan.ts';

/** What the cold page fetched up to a moment, with the moments measured (`--waterfall`). */
export interface Waterfall {
  fetched: Fetched[];
  usable: number;
  click?: number;
  live?: number;
}

export interface Scripts {
  files: number;
  encodedBytes: number;
  transferBytes: number;
}

export interface Fetched {
  path: string;
  kind: string;
  start: number;
  end: number;
  encodedBytes: number;
}

/** Every resource the page fetched, in the order it asked for them (`--waterfall`). */
export async function fetchedResources(page: Page): Promise<Fetched[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      path: new URL(entry.name).pathname,
      kind: entry.initiatorType,
      start: entry.startTime,
      end: entry.responseEnd,
      encodedBytes: entry.encodedBodySize,
    })),
  );
}

/** The .js resources the page started fetching before `until` (ms since navigation start). */
export async function scriptsUntil(page: Page, until: number): Promise<Scripts> {
  return page.evaluate((limit) => {
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (entry) => /\.m?js$/.test(new URL(entry.name).pathname) && entry.startTime <= limit,
    );
    return {
      files: scripts.length,
      encodedBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      transferBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
    };
  }, until);
}

export interface ScriptAnswers {
  total: number;
  gzip: number;
  fromCache: number;
  /** Sent as they are, being under nginx's gzip_min_length (1 kB: compressing them saves nothing). */
  small: number;
  /** Sent uncompressed though larger: a serving fault, printed as a warning. */
  other: string[];
}

/** A phone tab: throttled through its own CDP session, the script answers' encodings counted. */
export async function phoneTab(
  context: BrowserContext,
): Promise<{ page: Page; answers: ScriptAnswers; cdp: CDPSession }> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  const cdp = await context.newCDPSession(page);
  const answers: ScriptAnswers = { total: 0, gzip: 0, fromCache: 0, small: 0, other: [] };
  // A script the tab's memory cache serves is reported here first, then answered with its stored response.
  const servedFromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', (event) => servedFromCache.add(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    answers.total++;
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const cached =
      servedFromCache.has(event.requestId) || event.response.fromDiskCache === true || event.response.status === 304;
    if (cached) answers.fromCache++;
    const length = Number(headers['content-length'] ?? NaN);
    if (headers['content-encoding'] === 'gzip') answers.gzip++;
    else if (length < 1024) answers.small++;
    else if (!cached)
      answers.other.push(`${new URL(event.response.url).pathname} (${headers['content-encoding'] ?? 'identity'})`);
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, answers, cdp };
}

/** `--waterfall`: what the cold page fetched until the live panel list, each request's start and end, with the moments measured. */
export function printWaterfall({ fetched, usable, click, live }: Waterfall): void {
  const moments = [
    { at: usable, text: '/login usable' },
    ...(click === undefined ? [] : [{ at: click, text: 'sign-in clicked' }]),
    ...(live === undefined ? [] : [{ at: live, text: 'panel list live' }]),
  ];
  const until = live ?? usable;
  const rows = fetched
    .filter((entry) => entry.start <= until)
    .map((entry) => ({
      at: entry.start,
      text:
        `${entry.start.toFixed(0).padStart(6)}–${entry.end.toFixed(0).padEnd(6)} ms ` +
        `${(entry.encodedBytes / 1000).toFixed(1).padStart(6)} kB  ${entry.kind.padEnd(14)} ${entry.path}`,
    }));
  for (const moment of moments)
    rows.push({ at: moment.at, text: `${moment.at.toFixed(0).padStart(6)} ms ── ${moment.text}` });
  rows.sort((a, b) => a.at - b.at);
  for (const row of rows) log(`      ${row.text}`);
}

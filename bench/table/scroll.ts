/**
 * bench:table's scroll: a page's rows wheeled from the first to the last and back, the grid drawing the rows that
 * come into view; the longest main-thread task (a Chromium trace) and the `longtask` observer's tasks over 50 ms.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { round } from '../figures.ts';
import { longestTraceTask, startTrace } from '../trace.ts';
import { probe } from './instrumentation.ts';

const WHEEL_STEP_PX = 240;

export interface ScrollResult {
  steps: number;
  seconds: number;
  lastRowShown: boolean;
  longTasks: number;
  longTaskMaxMs?: number;
  longestTraceTaskMs?: number;
}

/** Wheel from the first row to the last and back; the grid must have drawn the last row on the way. */
export async function scrollPass(
  page: Page,
  browser: Browser,
  lastId: number,
  tracing: boolean,
  profile?: string,
): Promise<ScrollResult> {
  const scroller = page.locator('.MuiDataGrid-virtualScroller');
  await scroller.evaluate((element) => (element.scrollTop = 0));
  const box = (await scroller.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 200));
  await page.waitForTimeout(300);
  if (tracing) await startTrace(browser, page);
  const profiler = profile ? await page.context().newCDPSession(page) : undefined;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.start');
  }
  await probe(page).armTasks();
  const started = Date.now();
  let steps = 0;
  const atEnd = () => scroller.evaluate((e) => e.scrollTop + e.clientHeight >= e.scrollHeight - 1);
  for (let guard = 0; guard < 2000; guard++) {
    await page.mouse.wheel(0, WHEEL_STEP_PX);
    await page.waitForTimeout(16);
    steps++;
    if (steps % 20 === 0 && (await atEnd())) break;
  }
  await page.waitForTimeout(200);
  const lastRowShown = (await page.locator(`[role="row"][data-id="${lastId}"]`).count()) === 1;
  for (let guard = 0; guard < 2000; guard++) {
    await page.mouse.wheel(0, -WHEEL_STEP_PX * 2);
    await page.waitForTimeout(16);
    steps++;
    if (steps % 20 === 0 && (await scroller.evaluate((e) => e.scrollTop <= 0))) break;
  }
  await page.waitForTimeout(300);
  const seconds = (Date.now() - started) / 1000;
  if (profiler && profile) {
    const { profile: recorded } = await profiler.send('Profiler.stop');
    mkdirSync(path.dirname(path.resolve(profile)), { recursive: true });
    writeFileSync(profile, JSON.stringify(recorded));
    await profiler.detach();
  }
  const tasks = await probe(page).takeTasks();
  const longest = tracing ? await longestTraceTask(browser) : undefined;
  return {
    steps,
    seconds: round(seconds)!,
    lastRowShown,
    longTasks: tasks.length,
    longTaskMaxMs: round(Math.max(0, ...tasks.map((task) => task.duration)) || undefined),
    longestTraceTaskMs: round(longest),
  };
}

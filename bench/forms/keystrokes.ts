/**
 * bench:forms's keystrokes: characters typed into the open zone form's first field, each measured from keydown to
 * the next paint (and the page's own work in it), with Chromium's Event Timing, the long tasks and the trace's
 * longest task beside them; the form's status line and Save after the typing are reported, not measured.
 */
import type { Browser, Page } from 'playwright-core';
import { longestOf, quantile, round, summarise, type Summary } from '../figures.ts';
import { longestTraceTask, startTrace } from '../trace.ts';
import { FIELD_LABEL } from './instrumentation.ts';
import type { ProbeWindow } from './records.ts';

/** Target per keystroke, ms: one frame at 60 Hz. */
export const KEYSTROKE_TARGET_MS = 16;
export const KEY_DELAY_MS = 50;

export interface KeystrokeResult {
  typed: number;
  measured: number;
  /** The form's own verdict once typing stopped (its status line) and whether Save took the typed name. */
  status: string;
  saveEnabled: boolean;
  /** keydown `timeStamp` → after the next paint (what Event Timing calls the duration, unrounded). */
  toPaint: Summary;
  /** keydown `timeStamp` → the next animation frame after the input changed. */
  toFrame: Summary;
  /** The page's work: keydown handler → after React's input handler, plus the frame's rendering. */
  work: Summary;
  /** Of which the handlers (keydown → after React's input handler). */
  handlers: Summary;
  /**
   * Event Timing per keystroke (the longest duration of its events; Chromium reports 16 ms or more, in steps of
   * 8 ms): how many keystrokes it reported, and quantiles where undefined means under 16 ms.
   */
  eventTiming: {
    reported: number;
    p50Ms?: number;
    p95Ms?: number;
    maxMs?: number;
    /** The longest handler time (processingEnd - processingStart) of one event. */
    maxProcessingMs?: number;
    entries: string;
  };
  longTasks: number;
  longTaskMaxMs?: number;
  longestTraceTaskMs?: number;
}

/** Types `count` letters (`tracing`: with a Chromium trace) and measures each keystroke. */
export async function typeInField(
  page: Page,
  browser: Browser,
  count: number,
  tracing: boolean,
): Promise<KeystrokeResult> {
  const field = page.getByRole('dialog').getByLabel(FIELD_LABEL, { exact: false }).first();
  await field.click();
  await page.keyboard.press('End');
  const before = await page.evaluate(() => (window as unknown as ProbeWindow).__forms.fieldValue());
  if (before === null) throw new Error(`no "${FIELD_LABEL}" field to type in`);
  const text = Array.from({ length: count }, (_, index) => 'abcdefghijklmnopqrstuvwxyz'[index % 26]).join('');
  await page.waitForTimeout(500);
  if (tracing) await startTrace(browser, page);
  await page.evaluate(() => (window as unknown as ProbeWindow).__forms.armTyping());
  await page.keyboard.type(text, { delay: KEY_DELAY_MS });
  await page.waitForTimeout(500);
  const record = await page.evaluate(() => (window as unknown as ProbeWindow).__forms.takeTyping());
  const longestTrace = tracing ? await longestTraceTask(browser) : undefined;
  const after = await page.evaluate(() => (window as unknown as ProbeWindow).__forms.fieldValue());
  if (after !== before + text) throw new Error(`the field holds "${after}" after typing, not "${before}${text}"`);
  // Letters only: a valid name, so the form should count one change and offer Save (not measured, only reported).
  const dialog = page.getByRole('dialog');
  const status = ((await dialog.getByRole('status').first().textContent()) ?? '').trim();
  const saveEnabled = await dialog.getByRole('button', { name: 'Save', exact: true }).isEnabled();

  const keys = record.keys.filter((key) => key.painted > 0);
  // Event Timing, per keystroke: the longest entry of its events (keydown, keypress, beforeinput, input, keyup),
  // each entry given to the last keystroke that started at or before it. Chromium reports only entries of 16 ms or
  // more: a keystroke without any took less.
  const perKey: number[] = record.keys.map(() => 0);
  const processing: number[] = record.keys.map(() => 0);
  for (const event of record.events) {
    let index = -1;
    for (let k = 0; k < record.keys.length && record.keys[k]!.stamp <= event.start + 0.01; k++) index = k;
    if (index < 0) continue;
    perKey[index] = Math.max(perKey[index]!, event.duration);
    processing[index] = Math.max(processing[index]!, event.processing);
  }
  const names = new Map<string, number>();
  for (const event of record.events) names.set(event.name, (names.get(event.name) ?? 0) + 1);
  const reported = perKey.filter((duration) => duration > 0);
  const sortedPerKey = [...perKey].sort((a, b) => a - b);
  /** A quantile of the keystrokes' Event Timing durations; 0 (nothing reported) means under 16 ms. */
  const eventQuantile = (q: number) => quantile(sortedPerKey, q) || undefined;
  const longTaskMax = longestOf(record.longTasks);
  return {
    typed: record.keys.length,
    measured: keys.length,
    status,
    saveEnabled,
    toPaint: summarise(
      keys.map((key) => key.painted - key.stamp),
      KEYSTROKE_TARGET_MS,
    ),
    toFrame: summarise(
      keys.map((key) => key.frame - key.stamp),
      KEYSTROKE_TARGET_MS,
    ),
    work: summarise(
      keys.map((key) => key.handled - key.start + (key.painted - key.frame)),
      KEYSTROKE_TARGET_MS,
    ),
    handlers: summarise(
      keys.map((key) => key.handled - key.start),
      KEYSTROKE_TARGET_MS,
    ),
    eventTiming: {
      reported: reported.length,
      p50Ms: eventQuantile(0.5),
      p95Ms: eventQuantile(0.95),
      maxMs: eventQuantile(1),
      maxProcessingMs: round(Math.max(0, ...processing) || undefined),
      entries: [...names].map(([name, count]) => `${name} ${count}`).join(', ') || 'none',
    },
    longTasks: record.longTasks.length,
    longTaskMaxMs: round(longTaskMax || undefined),
    longestTraceTaskMs: round(longestTrace),
  };
}

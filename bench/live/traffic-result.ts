/**
 * The figures of one bench:live traffic run, from the publisher's report (when each message was sent, to which
 * panel), the page's record (when each was shown, each alarm's row), the heap and the trace: message to screen
 * (superseded and lost apart), alarm to bar, the longest task, heap growth, and which targets it misses.
 */
import { longestOf, quantile, round } from '../figures.ts';
import type { LongTaskParts } from '../trace.ts';
import type { PageRecord } from './measure.ts';
import { ALARM_BAR_MS, flags, TARGETS, TOPIC_TEMPLATE } from './plan.ts';
import type { PublisherReport } from './publisher.ts';
import type { TrafficResult } from './results.ts';

/** What a traffic run collected. */
export interface TrafficRun {
  scenario: string;
  fleet: number;
  rate: number;
  ms: number;
  /** Messages sent in the measured run. */
  total: number;
  subscribed?: Set<number>;
  alarms?: number[];
  report: Extract<PublisherReport, { type: 'done' }>;
  record: PageRecord;
  /** When each alarm message reached the page's socket, by topic (page clock). */
  arrivals: Record<string, number>;
  /** Bytes of heap: before any live message, after the warm-up, after the run. */
  heap: { start: number; before: number; after: number };
  tracing: boolean;
  traced?: { longestMs: number | undefined; longTasks: LongTaskParts[] };
}

export function trafficResult(run: TrafficRun): TrafficResult {
  const { scenario, fleet, rate, ms, total, subscribed, alarms, report, record, arrivals, tracing, traced } = run;
  const { start: heapStart, before: heapBefore, after: heapAfter } = run.heap;
  const longestTaskMs = traced?.longestMs;
  const latencies: number[] = [];
  const feed: number[] = [];
  const inPage: number[] = [];
  // A page that shows no panel (the alarm watch's) has no message text to find: every message reaches its store.
  const showsMessages = alarms === undefined;
  let reached = showsMessages ? 0 : total;
  let superseded = 0;
  let lost = 0;
  // From the last message back: a message not shown was superseded when a later one of its panel was shown.
  const shownLater = new Set<number>();
  for (let index = total - 1; showsMessages && index >= 0; index--) {
    const devId = report.devIds[index]!;
    if (subscribed && !subscribed.has(devId)) continue;
    reached++;
    const seen = record.seen[index]!;
    if (seen > 0) {
      latencies.push(seen - record.clockOffsetMs - report.sentAt[index]!);
      shownLater.add(devId);
      const received = record.received[index]!;
      if (received > 0) {
        feed.push(received - report.sentAt[index]!);
        inPage.push(seen - record.clockOffsetMs - received);
      }
    } else if (shownLater.has(devId)) superseded++;
    else lost++;
  }
  // Alarms: publish → row, split where the alarm message reached the page's socket.
  const alarmFeed: number[] = [];
  const alarmPage: number[] = [];
  const alarmMs = report.alarmSentAt.map((sent, index) => {
    const seen = record.alarmSeen[index] ?? 0;
    const arrived = arrivals[TOPIC_TEMPLATE.replace('{dev_id}', String(alarms![index]))];
    if (arrived !== undefined) alarmFeed.push(arrived - record.clockOffsetMs - sent);
    if (arrived !== undefined && seen > 0) alarmPage.push(seen - arrived);
    return seen > 0 ? seen - record.clockOffsetMs - sent : null;
  });
  const alarmLatencies = alarmMs.filter((latency) => latency !== null);
  for (const list of [latencies, feed, inPage, alarmLatencies, alarmFeed, alarmPage]) list.sort((a, b) => a - b);
  const longTaskMax = longestOf(record.longTasks);
  const longest = Math.max(longestTaskMs ?? 0, longTaskMax);
  const growth = ((heapAfter - heapBefore) / heapBefore) * 100;
  const result: TrafficResult = {
    scenario,
    fleet,
    rate,
    seconds: ms / 1000,
    sent: total,
    reached,
    ...(showsMessages
      ? { shown: latencies.length, superseded, lost }
      : {
          alarmsSent: report.alarmSentAt.length,
          alarmsShown: alarmLatencies.length,
          alarmP50Ms: round(quantile(alarmLatencies, 0.5), 1),
          alarmP95Ms: round(quantile(alarmLatencies, 0.95), 1),
          alarmMaxMs: round(alarmLatencies.at(-1), 1),
          alarmFeedP50Ms: round(quantile(alarmFeed, 0.5), 1),
          alarmFeedP95Ms: round(quantile(alarmFeed, 0.95), 1),
          alarmPageP50Ms: round(quantile(alarmPage, 0.5), 1),
          alarmPageP95Ms: round(quantile(alarmPage, 0.95), 1),
          alarmMs: alarmMs.map((latency) => (latency === null ? null : round(latency, 1)!)),
        }),
    p50Ms: round(quantile(latencies, 0.5), 1),
    p95Ms: round(quantile(latencies, 0.95), 1),
    p99Ms: round(quantile(latencies, 0.99), 1),
    feedP50Ms: round(quantile(feed, 0.5), 1),
    feedP95Ms: round(quantile(feed, 0.95), 1),
    pageP50Ms: round(quantile(inPage, 0.5), 1),
    pageP95Ms: round(quantile(inPage, 0.95), 1),
    maxMs: round(latencies.at(-1), 1),
    longestTaskMs: round(tracing ? longest : longTaskMax || undefined, 1),
    longTasks: record.longTasks.length,
    longTaskMaxMs: round(longTaskMax || undefined, 1),
    heapStartMB: round(heapStart / 1e6, 1)!,
    heapWarmUpPct: round(((heapBefore - heapStart) / heapStart) * 100, 1)!,
    heapBeforeMB: round(heapBefore / 1e6, 1)!,
    heapAfterMB: round(heapAfter / 1e6, 1)!,
    heapGrowthPct: round(growth, 1)!,
    publisherLagMs: report.lagMs,
    ...(flags['trace-tasks'] && traced ? { longTaskParts: traced.longTasks } : {}),
    meets: true,
    misses: [],
  };
  const misses = result.misses;
  if (showsMessages && result.shown === 0 && reached > 0) misses.push('no message reached the screen');
  if (lost > reached * 0.01) misses.push(`${lost} messages never shown`);
  if ((result.p95Ms ?? 0) > TARGETS.p95Ms) misses.push(`p95 ${result.p95Ms} ms > ${TARGETS.p95Ms} ms`);
  if (alarms) {
    const missing = report.alarmSentAt.length - alarmLatencies.length;
    if (missing > 0) misses.push(`${missing} of ${report.alarmSentAt.length} alarms never reached the bar`);
    if ((result.alarmMaxMs ?? 0) > ALARM_BAR_MS) misses.push(`alarm ${result.alarmMaxMs} ms > ${ALARM_BAR_MS} ms`);
    if ((result.alarmP95Ms ?? 0) > TARGETS.p95Ms) {
      misses.push(`alarm p95 ${result.alarmP95Ms} ms > ${TARGETS.p95Ms} ms`);
    }
  }
  if (longest > TARGETS.longestTaskMs) misses.push(`task ${round(longest, 1)} ms > ${TARGETS.longestTaskMs} ms`);
  if (growth > TARGETS.heapGrowthPct) misses.push(`heap +${result.heapGrowthPct}% > ${TARGETS.heapGrowthPct}%`);
  // Messages that never showed are a miss only when they were not merely overtaken by a newer one of their panel.
  result.meets = misses.length === 0;
  return result;
}

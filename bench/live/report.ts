/** bench:live's tables: the traffic runs, and the ceiling (per fleet and rate) with the best rate per fleet. */
import { ALARM_BAR_MS, log, TARGETS } from './plan.ts';
import type { SubscribeResult, TrafficResult } from './results.ts';

const pad = (value: unknown, width: number) => String(value ?? '–').padStart(width);

export function printTraffic(results: TrafficResult[]): void {
  const name = Math.max(...results.map((result) => result.scenario.length), 8);
  log(
    `${'scenario'.padEnd(name)}  fleet   rate    sent reached   shown  super  lost   p50   p95   p99    max  longest  >50ms  heap MB start→before→after  warm-up  growth  verdict`,
  );
  for (const r of results) {
    log(
      `${r.scenario.padEnd(name)} ${pad(r.fleet, 6)} ${pad(r.rate, 6)} ${pad(r.sent, 7)} ${pad(r.reached, 7)} ${pad(r.shown, 7)} ${pad(r.superseded, 6)} ${pad(r.lost, 5)} ${pad(r.p50Ms, 5)} ${pad(r.p95Ms, 5)} ${pad(r.p99Ms, 5)} ${pad(r.maxMs, 6)} ${pad(r.longestTaskMs, 8)} ${pad(r.longTasks, 6)}  ${pad(`${r.heapStartMB} → ${r.heapBeforeMB} → ${r.heapAfterMB}`, 26)} ${pad(`+${r.heapWarmUpPct}%`, 8)} ${pad(`${r.heapGrowthPct}%`, 7)}  ${r.meets ? 'meets' : `MISSES: ${r.misses.join('; ')}`}`,
    );
  }
  for (const r of results.filter((result) => result.longTaskParts?.length)) {
    log(
      `   ${r.scenario}, ${r.fleet} panels at ${r.rate}/s: the tasks over ${TARGETS.longestTaskMs} ms (self time by trace event, ms):`,
    );
    for (const task of r
      .longTaskParts!.slice()
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)) {
      const parts = task.parts
        .slice(0, 6)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', ');
      log(`     ${task.ms.toFixed(1)} ms at ${(task.atMs / 1000).toFixed(1)} s: ${parts}`);
    }
  }
  for (const r of results.filter((result) => result.publisherLagMs > 100)) {
    log(`   note: the publisher fell ${r.publisherLagMs} ms behind its schedule in "${r.scenario}" at ${r.rate}/s`);
  }
  for (const r of results.filter((result) => (result.alarmsSent ?? 0) > 0)) {
    log(
      `   ${r.scenario}, ${r.fleet} panels: ${r.alarmsShown} of ${r.alarmsSent} alarms reached the bar; publish → row in the alarm bar p50 ${r.alarmP50Ms ?? '–'} / p95 ${r.alarmP95Ms ?? '–'} / max ${r.alarmMaxMs ?? '–'} ms (every alarm ≤ ${ALARM_BAR_MS} ms; p95 ≤ ${TARGETS.p95Ms} ms)`,
    );
    log(
      `     publish → on the page's socket p50 ${r.alarmFeedP50Ms ?? '–'} / p95 ${r.alarmFeedP95Ms ?? '–'} ms; socket → row in the bar p50 ${r.alarmPageP50Ms ?? '–'} / p95 ${r.alarmPageP95Ms ?? '–'} ms`,
    );
  }
  for (const r of results.filter((result) => result.feedP50Ms !== undefined)) {
    log(
      `   ${r.scenario}: publish → accepted by the live store p50 ${r.feedP50Ms} / p95 ${r.feedP95Ms} ms; accepted → in the DOM p50 ${r.pageP50Ms} / p95 ${r.pageP95Ms} ms`,
    );
  }
}

export function printCeiling(ceiling: {
  subscribe: SubscribeResult[];
  traffic: TrafficResult[];
}): { fleet: number; rate?: number }[] {
  const rates = [...new Set(ceiling.traffic.map((result) => result.rate))].sort((a, b) => a - b);
  log('(each cell: p95 message-to-screen ms, longest main-thread task ms, heap growth over the run)');
  log(`fleet   subscribe  ${rates.map((rate) => ` ${`${rate}/s`.padStart(37)}`).join('')}`);
  for (const sub of ceiling.subscribe) {
    const cells = rates.map((rate) => {
      const result = ceiling.traffic.find((r) => r.fleet === sub.fleet && r.rate === rate);
      if (!result) return ` ${'–'.padStart(37)}`;
      const figures = `p95 ${result.p95Ms} task ${result.longestTaskMs} heap ${result.heapGrowthPct}%`;
      return ` ${`${result.meets ? 'ok' : 'MISS'} ${figures}`.padStart(37)}`;
    });
    log(`${String(sub.fleet).padEnd(6)} ${`${sub.medianMs} ms`.padStart(10)}  ${cells.join('')}`);
  }
  // Per fleet, the highest rate at which every target held (its subscribe time included).
  const best = ceiling.subscribe.map((sub) => {
    const rates = ceiling.traffic.filter((result) => result.fleet === sub.fleet && result.meets).map((r) => r.rate);
    return { fleet: sub.fleet, rate: sub.meets && rates.length ? Math.max(...rates) : undefined };
  });
  for (const { fleet, rate } of best) {
    log(
      `Ceiling for ${fleet} panels: ${rate ? `${rate} messages/s meet every target` : 'no rate tried meets every target'}.`,
    );
  }
  return best;
}

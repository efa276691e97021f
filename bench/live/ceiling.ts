/**
 * bench:live's ceiling: for each fleet, the highest rate at which the worst case (the probe, every panel watched)
 * still meets every target, the fleet's own subscribe time included, in shorter runs.
 */
import type { LiveBench } from './live-bench.ts';
import { flags, log, MIN_CEILING_RATE, PLAN, TARGETS } from './plan.ts';
import { printCeiling } from './report.ts';
import type { SubscribeResult, TrafficResult } from './results.ts';

export interface Ceiling {
  subscribe: SubscribeResult[];
  traffic: TrafficResult[];
  best?: { fleet: number; rate?: number }[];
}

export async function runCeiling(bench: LiveBench, cleanups: (() => Promise<unknown>)[]): Promise<Ceiling> {
  const ceiling: Ceiling = { subscribe: [], traffic: [] };
  log(`\n4. Ceiling of the worst case (all subscribed), ${PLAN.ceilingMs / 1000} s per step:`);
  for (const fleet of PLAN.fleets) {
    const sub = await bench.subscribe(fleet, 1);
    ceiling.subscribe.push(sub);
    log(
      `   fleet ${fleet}: subscribed in ${sub.medianMs} ms (${sub.meets ? 'meets' : 'MISSES'} ≤ ${TARGETS.subscribeMs} ms)`,
    );
    const probe = await bench.watchedProbe(fleet);
    cleanups.push(() => probe.close());
    const step = async (rate: number) => {
      const result = await probe.run(rate, PLAN.ceilingMs);
      ceiling.traffic.push(result);
      log(
        `   fleet ${fleet} at ${rate}/s: p95 ${result.p95Ms} ms, longest task ${result.longestTaskMs} ms, heap ${result.heapGrowthPct}%: ${result.meets ? 'meets' : `MISSES (${result.misses.join('; ')})`}`,
      );
      return result.meets;
    };
    // Up the rates while they hold (a higher rate on the same fleet only misses by more); when even the first
    // misses, down by halves, so the ceiling is found below it too.
    let held = false;
    for (const rate of PLAN.rates) {
      if (!(await step(rate))) break;
      held = true;
    }
    // Rates given with --rates are the ones tried, no others.
    const halving = flags.rates === undefined;
    for (let rate = PLAN.rates[0]! / 2; halving && !held && rate >= MIN_CEILING_RATE; rate /= 2) {
      held = await step(rate);
    }
    await probe.close();
  }
  log('');
  ceiling.best = printCeiling(ceiling);
  return ceiling;
}

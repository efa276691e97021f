/**
 * bench:live's plan: its flags (described at the top of bench/live.ts), its targets, the fleets and rates it runs,
 * and the constants of its runs.
 */
import { parseArgs } from 'node:util';
import { routes } from '../../src/lib/routing/paths.ts';
import { devIdOf } from './fleet.ts';

export const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'no-ceiling': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'no-trace': { type: 'boolean', default: false },
    'trace-tasks': { type: 'boolean', default: false },
    json: { type: 'string', default: 'build/bench-live.json' },
    profile: { type: 'string' },
    only: { type: 'string' },
    alarms: { type: 'string' },
    'without-alarm-watch': { type: 'boolean', default: false },
    fleets: { type: 'string' },
    rates: { type: 'string' },
  },
});

export const TARGETS = { subscribeMs: 2000, p95Ms: 100, longestTaskMs: 50, heapGrowthPct: 10 };
export const FLEET = 5000;
export const RATE = 1000;
export const PLAN = flags.quick
  ? { subscribeRuns: 1, trafficMs: 5_000, ceilingMs: 3_000, fleets: [5000], rates: [1000, 4000] }
  : {
      subscribeRuns: 3,
      trafficMs: 30_000,
      ceilingMs: 10_000,
      fleets: [5000, 10000, 20000],
      rates: [1000, 2000, 4000, 8000],
    };
/** `--fleets 10000,20000` / `--rates 1000`: the ceiling's fleets and rates instead of the plan's (one cell to profile). */
const listFlag = (name: 'fleets' | 'rates'): number[] | undefined => {
  const text = flags[name];
  if (text === undefined) return undefined;
  const values = text.split(',').map(Number);
  if (!values.length || values.some((value) => !Number.isInteger(value) || value <= 0)) {
    throw new Error(`--${name} takes whole numbers separated by commas, not ${text}`);
  }
  return values;
};
PLAN.fleets = listFlag('fleets') ?? PLAN.fleets;
PLAN.rates = listFlag('rates') ?? PLAN.rates;
/** The alarm watch's page: signed in, and no panel on it (the shell's alarm watch is the only live watcher). */
export const ALARM_PAGE = routes.profile;
/** One alarm message this often during an alarm watch run, each to a different panel. */
export const ALARM_EVERY_MS = 1000;
/** The alarm tests' bound (tests/e2e/alarms.spec.ts): an alarm shows in the bar within 2 s of its message. */
export const ALARM_BAR_MS = 2000;
export const TOPIC_TEMPLATE = 'panels/{dev_id}';
export const CONSOLE_USERNAME = 'console';
/** Time for the last messages in flight to reach the screen after the publisher stopped (at least). */
export const DRAIN_MS = 2000;
/** The lowest rate the ceiling search tries when even the first rate misses. */
export const MIN_CEILING_RATE = 125;
/** Messages a second of the warm-up before the first measured run of a page (a rate every page here takes). */
export const WARM_UP_RATE = 1000;
export const log = (line: string) => console.log(line);
export const fleetIds = (size: number) => Array.from({ length: size }, (_, index) => devIdOf(index));
export const PROBE_SCENARIO = 'all subscribed (probe)';
export const ALARM_SCENARIO = 'alarm watch';

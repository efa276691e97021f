/**
 * bench:live's alarm watch runs: the signed-in shell watching every panel of the user for alarms, on a page that
 * shows no panel. Subscribe is read from the MQTT packets on the page's socket (the topics must be exactly the
 * fleet's); traffic raises an alarm on a different panel every second and measures alarm to bar.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { openSignedIn } from '../../tests/e2e/support.ts';
import { quantile, round } from '../figures.ts';
import { devIdOf } from './fleet.ts';
import type { LiveBench } from './live-bench.ts';
import { endSubscribe, MQTT, readMqtt } from './mqtt-probe.ts';
import {
  ALARM_EVERY_MS,
  ALARM_PAGE,
  ALARM_SCENARIO,
  FLEET,
  fleetIds,
  flags,
  log,
  PLAN,
  RATE,
  TARGETS,
  TOPIC_TEMPLATE,
} from './plan.ts';
import { printTraffic } from './report.ts';
import { measureTraffic } from './traffic.ts';
import type { AlarmSubscribeResult, AlarmSubscribeRun, TrafficResult } from './results.ts';

/**
 * Opens the alarm watch's page with `fleet` panels served to its fleet call and waits until the broker granted
 * every topic (read from the page's MQTT packets; the subscription packets are no longer noted after this, only
 * the alarm messages' arrival). Fails when the topics subscribed are not exactly the fleet's.
 */
export async function openAlarmWatch(
  bench: LiveBench,
  fleet: number,
): Promise<{ context: BrowserContext; page: Page; run: AlarmSubscribeRun }> {
  bench.served.size = fleet;
  bench.served.hiddenFromAlarmWatch = false;
  const { context, page } = await bench.newPage({ readMqtt: true });
  try {
    await openSignedIn(page, 'user', ALARM_PAGE, 'en', bench.token);
    // A function, not a string: the console's Content-Security-Policy forbids evaluating strings in the page.
    await page.waitForFunction(
      (size) => (window as unknown as { __benchMqtt: { granted(): number } }).__benchMqtt.granted() >= size,
      fleet,
      { timeout: 60_000, polling: 100 },
    );
    const mqtt = await readMqtt(page, true);
    const fleetAnswers = (await page.evaluate(`performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/userdevices/'))
      .map((entry) => entry.responseEnd)`)) as number[];
    await endSubscribe(page);

    const expected = new Set(fleetIds(fleet).map((id) => TOPIC_TEMPLATE.replace('{dev_id}', String(id))));
    const topics = mqtt.topics ?? [];
    const strays = topics.filter((topic) => !expected.has(topic));
    if (topics.length !== fleet || strays.length > 0) {
      throw new Error(
        `the alarm watch subscribed ${topics.length} topics for a fleet of ${fleet} (${strays.length} not of the fleet, e.g. ${strays.slice(0, 3).join(', ')})`,
      );
    }
    const sent = (type: number) => mqtt.packets.filter((packet) => packet.dir === 'out' && packet.type === type);
    const subacks = mqtt.packets.filter((packet) => packet.dir === 'in' && packet.type === MQTT.suback);
    let granted = 0;
    let subscribedMs = 0;
    for (const suback of subacks) {
      granted += suback.granted ?? 0;
      if (granted >= fleet && subscribedMs === 0) subscribedMs = suback.at;
    }
    const connack = mqtt.packets.find((packet) => packet.dir === 'in' && packet.type === MQTT.connack);
    const subscribes = sent(MQTT.subscribe);
    const run: AlarmSubscribeRun = {
      fleetCalls: fleetAnswers.length,
      fleetReadMs: round(Math.max(0, ...fleetAnswers), 0)!,
      connectedMs: round(connack?.at ?? 0, 0)!,
      firstSubscribeMs: round(subscribes[0]?.at ?? 0, 0)!,
      subscribedMs: round(subscribedMs, 0)!,
      subscribePackets: subscribes.length,
      topics: topics.length,
      granted,
      refused: subacks.reduce((sum, suback) => sum + (suback.refused ?? 0), 0),
      unsubscribePackets: sent(MQTT.unsubscribe).length,
    };
    return { context, page, run };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Loads of the alarm watch's page with `fleet` panels, until every topic is granted. */
export async function alarmWatchSubscribe(
  bench: LiveBench,
  fleet: number,
  runs: number,
): Promise<AlarmSubscribeResult> {
  const results: AlarmSubscribeRun[] = [];
  for (let run = 0; run < runs; run++) {
    const opened = await openAlarmWatch(bench, fleet);
    await opened.context.close();
    results.push(opened.run);
  }
  const medianMs = quantile(
    results.map((result) => result.subscribedMs).sort((a, b) => a - b),
    0.5,
  )!;
  return { fleet, runs: results, medianMs, meets: medianMs <= TARGETS.subscribeMs };
}

/** The alarm watch's page with the whole fleet watched, traffic across the fleet, an alarm every second. */
export async function alarmTraffic(bench: LiveBench, fleet: number, rate: number, ms: number): Promise<TrafficResult> {
  const { context, page } = await openAlarmWatch(bench, fleet);
  try {
    const count = flags.alarms === undefined ? Math.floor(ms / ALARM_EVERY_MS) : Number(flags.alarms);
    // Spread over the fleet, each a different panel (none is in alarm before: the fleet's rows have none on).
    const alarms = Array.from({ length: count }, (_, index) => devIdOf(Math.floor(((index + 0.5) * fleet) / count)));
    return await measureTraffic(bench, page, ALARM_SCENARIO, fleet, fleetIds(fleet), rate, ms, { alarms });
  } finally {
    await context.close();
  }
}

/** A step of the run that may fail on its own: the failure is noted and printed, the run goes on. */
export type Attempt = (name: string, measure: () => Promise<void>) => Promise<void>;

/**
 * Part 3 of bench:live: the alarm watch's subscribe for each fleet of the plan, then its traffic with alarms.
 * Returns the subscribe results; the traffic results join `traffic`.
 */
export async function runAlarmWatch(
  bench: LiveBench,
  attempt: Attempt,
  traffic: TrafficResult[],
): Promise<AlarmSubscribeResult[]> {
  const subscribe: AlarmSubscribeResult[] = [];
  log(
    `\n3. Alarm watch: signed in on ${ALARM_PAGE} (no panel), the fleet served to the alarm watch (${PLAN.subscribeRuns} run(s) for ${FLEET}, 1 for the others):`,
  );
  for (const fleet of PLAN.fleets) {
    await attempt(`${ALARM_SCENARIO} subscribe ${fleet}`, async () => {
      const result = await alarmWatchSubscribe(bench, fleet, fleet === FLEET ? PLAN.subscribeRuns : 1);
      subscribe.push(result);
      for (const r of result.runs) {
        log(
          `   fleet ${fleet}: ${r.fleetCalls} fleet calls answered by ${r.fleetReadMs} ms, connected at ${r.connectedMs} ms, first SUBSCRIBE at ${r.firstSubscribeMs} ms; ${r.topics} topics in ${r.subscribePackets} SUBSCRIBE packets (${r.unsubscribePackets} UNSUBSCRIBE), ${r.granted} granted / ${r.refused} refused, all granted at ${r.subscribedMs} ms after the page's start`,
        );
      }
      log(
        `   fleet ${fleet}: median ${result.medianMs} ms from the page's start, target ≤ ${TARGETS.subscribeMs} ms: ${result.meets ? 'meets' : 'MISSES'}`,
      );
    });
  }
  const raised =
    flags.alarms === undefined
      ? 'an alarm to a different panel every second'
      : `${flags.alarms} alarm(s), each to a different panel, one a second`;
  log(`   ${RATE} messages/s across the fleet for ${PLAN.trafficMs / 1000} s, ${raised}:`);
  const results: TrafficResult[] = [];
  for (const fleet of PLAN.fleets) {
    await attempt(`${ALARM_SCENARIO} ${fleet}`, async () => {
      const result = await alarmTraffic(bench, fleet, RATE, PLAN.trafficMs);
      results.push(result);
      traffic.push(result);
    });
  }
  if (results.length) printTraffic(results);
  return subscribe;
}

/**
 * The subscriptions a console must never get from the broker, each on a connection of its own, judged (when granted)
 * by what they deliver in the window.
 */
import type { MqttClient } from 'mqtt';
import type { PanelTopics } from '../src/lib/live/panel-topics.ts';
import type { CheckResult } from './checks.ts';
import {
  SUBACK_FAILURE,
  subscribeOnce,
  type BrokerSettings,
  type Connections,
  type SubscribeVerdict,
} from './live-broker.ts';
import { LIVE_CHECKS, liveSkipped } from './live-options.ts';
import { limited } from './live-report.ts';

/** What a subscription a console must not get came to: the broker's answer, and the topics it then delivered. */
export interface SubscribeProbe {
  verdict: SubscribeVerdict;
  /** The topic of every message the subscription delivered (until the window's end, when it was granted). */
  delivered: string[];
}

/**
 * A subscription a console must not get, on a connection of its own (a broker may close it). A granted one keeps
 * listening until the run ends its connections: a broker may grant every subscription and filter what it delivers
 * (stock mosquitto with an ACL file does), so a grant is judged by what it delivers in the window.
 */
export async function probeSubscribe(
  connections: Connections,
  settings: BrokerSettings,
  topic: string,
): Promise<SubscribeProbe> {
  let client: MqttClient;
  try {
    client = await connections.connect(settings);
  } catch (error) {
    return {
      verdict: { kind: 'no-connection', reason: error instanceof Error ? error.message : String(error) },
      delivered: [],
    };
  }
  const delivered: string[] = [];
  client.on('message', (deliveredTopic) => delivered.push(deliveredTopic));
  const answer = await subscribeOnce(client, [topic], settings.timeoutMs);
  if (!Array.isArray(answer)) {
    connections.end(client);
    return { verdict: answer, delivered };
  }
  const code = answer[0]!;
  if (code >= SUBACK_FAILURE) connections.end(client);
  return { verdict: { kind: code >= SUBACK_FAILURE ? 'refused' : 'granted', code }, delivered };
}

const hex = (code: number) => `0x${code.toString(16).padStart(2, '0')}`;

/** What a granted probe is judged by: the caller's own topics (not a leak) and the window it listened for. */
export interface DeliveryJudge {
  own: ReadonlySet<string>;
  seconds: number;
}

/**
 * The result of a subscription the broker must refuse: SUBACK 0x80 (or any failure code) or a closed connection,
 * or a grant that delivered nothing but the caller's own topics within the window (a broker that filters what it
 * delivers); a grant that delivered a message of any other topic is a leak.
 */
export function refusalResult(
  name: string,
  topic: string,
  { verdict, delivered }: SubscribeProbe,
  durationMs: number,
  judge: DeliveryJudge,
): CheckResult {
  const base = { kind: 'live' as const, area: 'live', name, durationMs };
  switch (verdict.kind) {
    case 'refused':
      return { ...base, status: 'passed', message: `refused "${topic}": SUBACK ${hex(verdict.code)}` };
    case 'closed':
      return { ...base, status: 'passed', message: `refused "${topic}": the broker closed the connection` };
    case 'granted': {
      const leaked = delivered.filter((deliveredTopic) => !judge.own.has(deliveredTopic));
      if (leaked.length > 0) {
        const topics = [...new Set(leaked)];
        return {
          ...base,
          status: 'failed',
          message: `accepted a subscription to "${topic}": SUBACK granted QoS ${verdict.code}, and it delivered ${leaked.length} messages of ${topics.length} topics not the caller's (expected the failure code 0x80, a disconnect, or nothing delivered)`,
          details: limited(topics.map((leakedTopic) => `delivered: ${leakedTopic}`)),
        };
      }
      return {
        ...base,
        status: 'passed',
        message: `granted "${topic}" (SUBACK QoS ${verdict.code}) but delivered nothing of another topic in ${judge.seconds} s (${delivered.length} messages of the caller's own): the broker filters what it delivers`,
        details: [
          'judged by what was delivered: a broker may grant a subscription and deliver only what its access rules let through (as mosquitto with an ACL file does); a leak needs traffic on other topics during the window, so name a live panel of another user with --other-panel',
        ],
      };
    }
    case 'no-answer':
      return {
        ...base,
        status: 'failed',
        message: `no verdict on a subscription to "${topic}": ${verdict.reason} (expected SUBACK 0x80 or a disconnect)`,
      };
    case 'no-connection':
      return {
        ...base,
        status: 'failed',
        message: `could not sign in to try a subscription to "${topic}": ${verdict.reason}`,
      };
  }
}

/** What the refusal probes are given: the run's connections and broker, the caller's topics and panels. */
export interface RefusalRun {
  connections: Connections;
  settings: BrokerSettings;
  template: string;
  topics: PanelTopics;
  /** The caller's own topics. */
  watched: ReadonlySet<string>;
  /** The caller's panels, sorted. */
  devIds: number[];
  /** `--other-panel`: a panel not the caller's. */
  otherPanel?: number;
}

/**
 * The subscriptions a console must not get (`#`, `+`, the template with `+`, another user's panel), each on a
 * connection of its own. Each answers at once; a granted one listens to the window's end and is judged then (by what
 * it delivered).
 */
export function refusalProbes(run: RefusalRun): Promise<((judge: DeliveryJudge) => CheckResult)[]> {
  const { template, topics, watched } = run;
  const otherPanel = run.otherPanel ?? (run.devIds.length ? run.devIds.at(-1)! + 1 : 1);
  const wildcardLevel = template.split('/').some((level) => level === '{dev_id}');
  const probes: { name: string; topic: string; skipped?: string }[] = [
    { name: LIVE_CHECKS.hash, topic: '#' },
    { name: LIVE_CHECKS.plus, topic: '+' },
    {
      name: LIVE_CHECKS.templatePlus,
      topic: template.replace('{dev_id}', '+'),
      ...(wildcardLevel ? {} : { skipped: `{dev_id} is not a whole level of "${template}": + cannot stand for it` }),
    },
    {
      name: LIVE_CHECKS.otherPanel,
      topic: topics.topicOf(otherPanel),
      ...(watched.has(topics.topicOf(otherPanel))
        ? { skipped: `--other-panel ${otherPanel} is on the caller's own list` }
        : {}),
    },
  ];
  const withOtherPanel = (name: string, result: CheckResult): CheckResult =>
    name === LIVE_CHECKS.otherPanel
      ? {
          ...result,
          details: [
            `dev_id ${otherPanel}${run.otherPanel === undefined ? " (one past the largest dev_id of the caller's list)" : ' (--other-panel)'}`,
            ...(result.details ?? []),
          ],
        }
      : result;
  return Promise.all(
    probes.map(async (item): Promise<(judge: DeliveryJudge) => CheckResult> => {
      if (item.skipped) return () => liveSkipped(item.name, item.skipped!);
      const probeStarted = Date.now();
      const probe = await probeSubscribe(run.connections, run.settings, item.topic);
      const durationMs = Date.now() - probeStarted;
      return (judge) => withOtherPanel(item.name, refusalResult(item.name, item.topic, probe, durationMs, judge));
    }),
  );
}

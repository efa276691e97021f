/**
 * The live check's broker connections: signing in as the console does, a subscription and the broker's verdict on
 * it, and the result of a subscription the broker must refuse (judged by what a granted one delivers).
 */
import mqtt, { type MqttClient } from 'mqtt';
import { TOPICS_PER_PACKET, chunk } from '../src/lib/live/limits.ts';
import type { CheckResult } from './checks.ts';
import { LIVE_CHECKS, liveSkipped } from './live-options.ts';
import { limited } from './live-report.ts';

export const SUBACK_FAILURE = 0x80;

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolveSleep) => {
    if (signal?.aborted) return resolveSleep();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolveSleep();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

export interface BrokerSettings {
  url: string;
  username: string;
  password: string;
  timeoutMs: number;
}

/** Every connection a run opens, ended when it finishes whatever happened. */
export class Connections {
  private readonly open = new Set<MqttClient>();

  /** Signs in as the console does (MQTT 3.1.1, clean session, no automatic reconnect); throws why it failed. */
  async connect(settings: BrokerSettings): Promise<MqttClient> {
    const client = mqtt.connect(settings.url, {
      username: settings.username,
      password: settings.password,
      reconnectPeriod: 0,
      resubscribe: false,
      connectTimeout: settings.timeoutMs,
      clean: true,
    });
    this.open.add(client);
    let lastError: string | undefined;
    client.on('error', (error) => (lastError = error.message));
    try {
      await new Promise<void>((resolveConnect, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no CONNACK within ${settings.timeoutMs} ms`)),
          settings.timeoutMs,
        );
        client.once('connect', () => {
          clearTimeout(timer);
          resolveConnect();
        });
        client.once('close', () => {
          clearTimeout(timer);
          reject(new Error(lastError ?? 'the connection was closed before CONNACK'));
        });
      });
    } catch (error) {
      this.end(client);
      throw error;
    }
    return client;
  }

  end(client: MqttClient): void {
    this.open.delete(client);
    client.end(true);
  }

  endAll(): void {
    for (const client of this.open) this.end(client);
  }
}

export type SubscribeVerdict =
  | { kind: 'granted' | 'refused'; code: number }
  | { kind: 'closed' }
  | { kind: 'no-answer'; reason: string }
  | { kind: 'no-connection'; reason: string };

/** Subscribes to one topic and waits for the broker's answer: a SUBACK code, a closed connection, or nothing. */
export function subscribeOnce(
  client: MqttClient,
  topics: string[],
  timeoutMs: number,
): Promise<number[] | SubscribeVerdict> {
  return new Promise((settle) => {
    let settled = false;
    const finish = (value: number[] | SubscribeVerdict) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client.off('close', onClose);
      settle(value);
    };
    const onClose = () => finish({ kind: 'closed' });
    const timer = setTimeout(
      () => finish({ kind: 'no-answer', reason: `no SUBACK within ${timeoutMs} ms` }),
      timeoutMs,
    );
    client.once('close', onClose);
    client.subscribe(topics, { qos: 0 }, (error, granted, packet) => {
      // The SUBACK's codes (v3.1.1: numbers; mqtt.js also hands them back as grants).
      const raw = packet?.granted ?? granted?.map((grant) => grant.qos);
      const codes = raw?.map((code) => (typeof code === 'number' ? code : SUBACK_FAILURE));
      if (codes && codes.length === topics.length) return finish(codes);
      if (!client.connected) return finish({ kind: 'closed' });
      finish({ kind: 'no-answer', reason: error?.message ?? 'a SUBACK without a code per topic' });
    });
  });
}

/**
 * Subscribes the console's connection to its panels' topics as the console does (in packets of TOPICS_PER_PACKET),
 * adding each topic the broker grants to `granted`.
 */
export async function subscribeOwn(
  feed: MqttClient,
  ownTopics: string[],
  granted: string[],
  template: string,
  timeoutMs: number,
): Promise<CheckResult> {
  const ownStarted = Date.now();
  const refusedOwn: string[] = [];
  let ownProblem: string | undefined;
  for (const packet of chunk(ownTopics, TOPICS_PER_PACKET)) {
    const answer = await subscribeOnce(feed, packet, timeoutMs);
    if (!Array.isArray(answer)) {
      ownProblem =
        answer.kind === 'closed'
          ? 'the broker closed the connection'
          : 'reason' in answer
            ? answer.reason
            : answer.kind;
      break;
    }
    packet.forEach((topic, index) => {
      if ((answer[index] ?? SUBACK_FAILURE) >= SUBACK_FAILURE) refusedOwn.push(topic);
      else granted.push(topic);
    });
  }
  return ownTopics.length === 0
    ? liveSkipped(LIVE_CHECKS.ownTopics, 'the caller has no panels')
    : {
        kind: 'live',
        area: 'live',
        name: LIVE_CHECKS.ownTopics,
        status: ownProblem || refusedOwn.length ? 'failed' : 'passed',
        message: ownProblem
          ? `subscribing to the caller's ${ownTopics.length} panel topics failed: ${ownProblem}`
          : refusedOwn.length
            ? `refused ${refusedOwn.length} of the caller's ${ownTopics.length} panel topics (SUBACK 0x80)`
            : `granted all ${ownTopics.length} panel topics (${template})`,
        ...(refusedOwn.length ? { details: limited(refusedOwn.map((topic) => `refused: ${topic}`)) } : {}),
        durationMs: Date.now() - ownStarted,
      };
}

/** The sign-in check: the console's connection held for the whole window (`closedAt`: when the broker closed it). */
export function feedHeld(
  username: string,
  window: { closedAt: number | undefined; started: number; seconds: number },
  signInMs: number,
): CheckResult {
  return {
    kind: 'live',
    area: 'live',
    name: LIVE_CHECKS.signIn,
    status: window.closedAt === undefined ? 'passed' : 'failed',
    message:
      window.closedAt === undefined
        ? `signed in as "${username}" with the access token; the connection held for the whole window`
        : `the broker closed the console's connection ${((window.closedAt - window.started) / 1000).toFixed(1)} s into the ${window.seconds} s window`,
    durationMs: signInMs,
  };
}

/** A PUBLISH with the console's credentials: a broker must not deliver it (MQTT 3.1.1 has no refusal code for it). */
import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import validatePayload from '../generated/live/validate-panel-update.js';
import type { CheckResult } from './checks.ts';
import { sleep, type BrokerSettings, type Connections } from './live-broker.ts';
import { LIVE_CHECKS, liveSkipped } from './live-options.ts';

/**
 * The PUBLISH probe's payload: invalid by the payload schema (an unknown property of the closed root), so a console
 * drops it if a broker lets it through; recognised byte for byte on the feed connection, never counted as the feed's.
 */
export function publishPayload(): Buffer {
  const nonce = randomBytes(9).toString('base64url');
  const probe = Buffer.from(
    JSON.stringify({ conformance_probe: nonce, note: 'a console must never publish; consoles drop this message' }),
  );
  if (validatePayload(JSON.parse(probe.toString()) as unknown))
    throw new Error('the PUBLISH probe passes the payload schema: a console would not drop it');
  return probe;
}

/** What the PUBLISH probe is given: the run's connections, the caller's topic, and the feed connection's view. */
export interface PublishRun {
  connections: Connections;
  settings: BrokerSettings;
  /** The caller's own topic to publish to (none when the caller has no panels). */
  topic: string | undefined;
  probe: Buffer;
  /** Settles when the feed connection received the probe. */
  delivered: Promise<void>;
  /** The topic the feed connection received the probe on, if it did. */
  deliveredTo(): string | undefined;
  /** Whether a subscriber of the topic was listening (granted, its connection still open). */
  observerReady(topic: string): boolean;
  probeMs: number;
  signal?: AbortSignal;
}

/** A PUBLISH with the console's credentials, to the caller's own panel topic: a broker must not deliver it. */
export async function publishProbe(run: PublishRun): Promise<CheckResult> {
  const { connections, settings, probe, delivered, probeMs, signal } = run;
  const publishTopic = run.topic;
  if (!publishTopic)
    return liveSkipped(LIVE_CHECKS.publish, 'the caller has no panels: no topic of its own to publish to');
  const publishStarted = Date.now();
  let publisher: MqttClient;
  try {
    publisher = await connections.connect(settings);
  } catch (error) {
    return {
      kind: 'live',
      area: 'live',
      name: LIVE_CHECKS.publish,
      status: 'failed',
      message: `could not sign in to try a PUBLISH: ${error instanceof Error ? error.message : String(error)}`,
      durationMs: Date.now() - publishStarted,
    };
  }
  let pubacked = false;
  let closed = false;
  publisher.on('packetreceive', (packet) => {
    if (packet.cmd === 'puback') pubacked = true;
  });
  publisher.on('close', () => (closed = true));
  publisher.publish(publishTopic, probe, { qos: 1, retain: false }, () => undefined);
  // Judged after the bound (or at once on delivery): delivered → accepted, whatever the broker answered.
  await Promise.race([delivered, sleep(probeMs, signal)]);
  connections.end(publisher);
  const observerReady = run.observerReady(publishTopic);
  const base = {
    kind: 'live' as const,
    area: 'live',
    name: LIVE_CHECKS.publish,
    durationMs: Date.now() - publishStarted,
  };
  const what = `a PUBLISH (QoS 1, not retained) to the caller's own panel topic "${publishTopic}" with the console's credentials`;
  if (run.deliveredTo() !== undefined)
    return {
      ...base,
      status: 'failed',
      message: `accepted ${what}: a second connection subscribed to the topic received it${pubacked ? ' (and a PUBACK came)' : ''}`,
      details: [`payload: ${probe.toString()}`],
    };
  if (pubacked && !observerReady)
    return {
      ...base,
      status: 'failed',
      message: `accepted ${what}: a PUBACK came, and no subscriber of the topic could show it was dropped`,
    };
  const how = closed
    ? 'the broker closed the connection'
    : pubacked
      ? 'a PUBACK came'
      : 'no PUBACK came, the connection stayed open';
  return {
    ...base,
    status: 'passed',
    message: `refused ${what}: not delivered to a subscriber of the topic within ${probeMs} ms; ${how}`,
    ...(pubacked && !closed
      ? {
          details: [
            'acknowledged but dropped: MQTT 3.1.1 has no refusal code for PUBLISH, some brokers acknowledge and drop',
          ],
        }
      : {}),
  };
}

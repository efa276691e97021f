/**
 * The panels' side of the live benchmark, in its own process (so its timers and the broker's work do not share one
 * event loop): an mqtt.js client signed in with a service credential publishes schema-valid status messages at a
 * steady rate, each with a unique `status_desc`, and, when asked, an alarm message (`KLStatus.alarm` 1) to a
 * different panel every so often among them; it reports when it sent each one (Date.now(): the same clock the page's
 * `performance.timeOrigin + performance.now()` follows on this machine).
 *
 * Driven over the IPC channel of `fork()`: see PublisherCommand / PublisherReport.
 */
import mqtt from 'mqtt';
import { alarmPayload, messagePayload } from './fleet.ts';

export interface PublishRun {
  type: 'run';
  /** The panels to address, picked at random for each message. */
  devIds: number[];
  topicTemplate: string;
  rate: number;
  durationMs: number;
  /** Sequence number of the first message (markers stay unique across runs on one page). */
  firstSeq: number;
  /** Address the panels in order, each once per round, instead of at random (the warm-up: one message each). */
  inOrder?: boolean;
  /**
   * Alarm messages sent among the status messages (on top of them): one to each of `devIds`, in order, the k-th at
   * (k + ½) × `everyMs` after the start.
   */
  alarms?: { devIds: number[]; everyMs: number };
}
export type PublisherCommand =
  { type: 'connect'; url: string; username: string; password: string } | PublishRun | { type: 'end' };
export type PublisherReport =
  | { type: 'connected' }
  | { type: 'done'; firstSeq: number; sentAt: number[]; devIds: number[]; lagMs: number; alarmSentAt: number[] }
  | { type: 'error'; message: string };

const send = (report: PublisherReport) => process.send?.(report);

let client: mqtt.MqttClient | undefined;

/** A small deterministic generator: every run addresses the same panels in the same order. */
const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

async function run(command: PublishRun): Promise<void> {
  if (!client) throw new Error('not connected');
  const total = Math.round((command.rate * command.durationMs) / 1000);
  const sentAt = new Array<number>(total);
  const devIds = new Array<number>(total);
  const next = random(command.firstSeq + 1);
  const topics = new Map<number, string>();
  const topicOf = (devId: number) => {
    let topic = topics.get(devId);
    if (!topic) topics.set(devId, (topic = command.topicTemplate.replace('{dev_id}', String(devId))));
    return topic;
  };
  const alarms = command.alarms ?? { devIds: [], everyMs: 1000 };
  const alarmSentAt: number[] = [];
  const start = Date.now();
  let sent = 0;
  let lagMs = 0;
  // Every millisecond or so, send what the schedule says is due by now: a steady rate, not bursts per second.
  while (sent < total || alarmSentAt.length < alarms.devIds.length) {
    const now = Date.now();
    while (alarmSentAt.length < alarms.devIds.length && now - start >= (alarmSentAt.length + 0.5) * alarms.everyMs) {
      const devId = alarms.devIds[alarmSentAt.length]!;
      alarmSentAt.push(Date.now());
      client.publish(topicOf(devId), alarmPayload(devId), { qos: 0 });
    }
    const due = Math.min(total, Math.floor(((now - start) * command.rate) / 1000) + 1);
    if (due - sent > command.rate / 100) lagMs = Math.max(lagMs, now - (start + (sent * 1000) / command.rate));
    for (; sent < due; sent++) {
      const pick = command.inOrder ? sent % command.devIds.length : Math.floor(next() * command.devIds.length);
      const devId = command.devIds[pick]!;
      devIds[sent] = devId;
      sentAt[sent] = Date.now();
      client.publish(topicOf(devId), messagePayload(devId, command.firstSeq + sent), { qos: 0 });
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  // Let the socket drain before saying done.
  await new Promise<void>((resolve) => client!.publish('bench/drain', '', { qos: 1 }, () => resolve()));
  send({ type: 'done', firstSeq: command.firstSeq, sentAt, devIds, lagMs, alarmSentAt });
}

process.on('message', (command: PublisherCommand) => {
  void (async () => {
    try {
      if (command.type === 'connect') {
        client = mqtt.connect(command.url, {
          username: command.username,
          password: command.password,
          reconnectPeriod: 0,
          connectTimeout: 10_000,
        });
        await new Promise<void>((resolve, reject) => {
          client!.once('connect', () => resolve());
          client!.once('error', reject);
        });
        send({ type: 'connected' });
      } else if (command.type === 'run') {
        await run(command);
      } else {
        await client?.endAsync(true);
        process.exit(0);
      }
    } catch (error) {
      send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  })();
});
// Never outlive the benchmark that forked it.
process.on('disconnect', () => process.exit(0));

/**
 * Interoperability of the console's live store with real brokers: the store and its real transport (as the
 * browser runs them, here in node) against Debian's mosquitto and against the mock stack's aedes. Each broker:
 * batched subscriptions acknowledged, a backend-style message (no dev_id, 0/1 flags) merged, malformed, oversized
 * and mismatched messages dropped and counted, and after the broker is stopped and started again on the same port,
 * the store reconnects with its backoff and subscribes everything again without being asked.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import mqtt from 'mqtt';
import { WebSocket } from 'ws';
import { startBroker, type RunningBroker } from '../../mocks/broker.ts';
import { signMockToken } from '../../mocks/access.ts';
import { freePort } from '../../mocks/ports.ts';
import { LiveStore } from '../../src/lib/live/live-store.ts';
import { createMqttTransport } from '../../src/lib/live/mqtt-transport.ts';
import { MAX_MESSAGE_BYTES } from '../../src/lib/live/limits.ts';
import { findMosquitto, mosquitto } from './mosquitto.ts';

// The browser's WebSocket for the console's transport (Node 20 has no global one; `ws`'s has the same interface).
vi.stubGlobal('WebSocket', WebSocket);

const TEMPLATE = 'panels/{dev_id}';
const PANELS = [864215040012345, 864215040023456, 864215040034567];
const [PANEL, OTHER] = PANELS as [number, number, number];
const topicOf = (devId: number) => TEMPLATE.replace('{dev_id}', String(devId));

/** A broker under test: where the console connects, as whom, and a publisher for the panels' side. */
interface BrokerUnderTest {
  url: string;
  consoleUser: { username: string; password: string };
  publisherUser: { username: string; password: string };
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

const until = async (condition: () => boolean, what: string, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const connectPublisher = async (broker: BrokerUnderTest) => {
  const client = mqtt.connect(broker.url, { ...broker.publisherUser, reconnectPeriod: 100, connectTimeout: 5000 });
  client.on('error', () => undefined);
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  return client;
};

function interop(name: string, make: () => Promise<BrokerUnderTest>) {
  describe(`live store against ${name}`, () => {
    let broker: BrokerUnderTest;
    let publisher: mqtt.MqttClient;
    let store: LiveStore;
    const armed: number[] = [];
    const publish = async (devId: number, payload: unknown) => {
      await until(() => publisher.connected, 'the publisher connection');
      await publisher.publishAsync(topicOf(devId), typeof payload === 'string' ? payload : JSON.stringify(payload), {
        qos: 1,
      });
    };

    beforeAll(async () => {
      broker = await make();
      publisher = await connectPublisher(broker);
      store = new LiveStore(
        createMqttTransport({
          url: broker.url,
          ...broker.consoleUser,
          // The policy's shape with shorter steps, so the test does not wait out real delays.
          delay: (attempt) => Math.min(1000, 100 * 2 ** attempt),
        }),
        TEMPLATE,
        { releaseDelayMs: 0, onArmed: (devIds) => void armed.push(...devIds) },
      );
    });

    afterAll(async () => {
      store?.close();
      await publisher?.endAsync(true);
      await broker?.dispose();
    });

    it('subscribes the watched panels and has each acknowledged', async () => {
      for (const devId of PANELS) store.watch(devId);
      await until(() => store.getDiagnostics().subscribed === PANELS.length, 'the acknowledgements');
      expect(store.getStatus()).toBe('connected');
      expect(store.getDiagnostics()).toMatchObject({ pending: 0, reconnects: 0 });
    });

    it('merges a message without dev_id whose flags are 0/1, and hears the arming', async () => {
      await publish(PANEL, { armed: 0, stayarmed: 0, connected: 1, status: 1 });
      await until(() => store.get(PANEL)?.state.connected === true, 'the first state');
      await publish(PANEL, { armed: 1, status: 2, status_desc: 'Kurulu', KLStatus: { armed: 1, alarm: false } });
      await until(() => store.get(PANEL)?.state.armed === true, 'the armed state');
      expect(store.get(PANEL)?.state).toEqual({
        dev_id: PANEL,
        armed: true,
        stayarmed: false,
        connected: true,
        status: 2,
        status_desc: 'Kurulu',
        KLStatus: { armed: 1, alarm: 0 },
      });
      expect(armed).toEqual([PANEL]);
    });

    it('drops malformed, invalid, oversized and mismatched messages and counts them', async () => {
      const before = store.getDiagnostics();
      await publish(PANEL, '{"armed": tru');
      await publish(PANEL, { armed: 'yes' });
      await publish(PANEL, { armed: true, firmware: '9.9' });
      await publish(PANEL, { status_desc: 'x'.repeat(MAX_MESSAGE_BYTES + 10) });
      await publish(PANEL, { dev_id: OTHER, armed: false });
      await publish(PANEL, { gsmlevel: 77 });
      await until(() => store.get(PANEL)?.state.gsmlevel === 77, 'the message after the bad ones');
      const after = store.getDiagnostics();
      expect(after.invalid - before.invalid).toBe(3);
      expect(after.oversized - before.oversized).toBe(1);
      expect(after.mismatched - before.mismatched).toBe(1);
      expect(store.get(PANEL)?.state.armed).toBe(true);
      expect(store.get(OTHER)).toBeUndefined();
    });

    it('reconnects after the broker restarts and subscribes everything again by itself', async () => {
      await broker.stop();
      await until(() => store.getStatus() !== 'connected', 'the loss');
      await until(() => store.getDiagnostics().nextRetryAt !== undefined, 'a planned retry');
      expect(store.getDiagnostics()).toMatchObject({ subscribed: 0, pending: PANELS.length });
      await broker.start();
      await until(() => store.getStatus() === 'connected', 'the reconnection');
      await until(() => store.getDiagnostics().subscribed === PANELS.length, 'the resubscription');
      expect(store.getDiagnostics().reconnects).toBeGreaterThan(0);
      expect(store.getDiagnostics().nextRetryAt).toBeUndefined();
      await publish(OTHER, { gsmlevel: 40, PartList: [{ partno: 1, armed: 1 }] });
      await until(() => store.get(OTHER)?.state.gsmlevel === 40, 'a message after the restart');
      expect(store.get(OTHER)?.state.PartList).toEqual([{ partno: 1, armed: true }]);
    });
  });
}

const mosquittoBinary = findMosquitto();
if (!mosquittoBinary) {
  console.warn(
    'tests/live/interop.test.ts: mosquitto is not installed, its interop test is skipped (apt-get install mosquitto).',
  );
}

describe.skipIf(!mosquittoBinary)('mosquitto', () => {
  interop('mosquitto (Debian)', async () => {
    const server = mosquitto(mosquittoBinary!, { websocket: await freePort(), plain: await freePort() });
    await server.start();
    return {
      url: server.url,
      consoleUser: server.console,
      publisherUser: server.publisher,
      start: server.start,
      stop: server.stop,
      dispose: server.dispose,
    };
  });
});

describe('aedes', () => {
  interop('aedes (the mock broker)', async () => {
    const port = await freePort();
    const service = { username: 'panel-service', password: 'interop-secret' };
    const token = signMockToken({
      Username: 'user',
      UserType: 0,
      user_id: 3,
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    const options = {
      port,
      consoleUsername: 'console',
      topicsFor: () => PANELS.map(topicOf),
      services: [service],
    };
    let running: RunningBroker | undefined = await startBroker(options);
    return {
      url: running.url,
      consoleUser: { username: 'console', password: token },
      publisherUser: service,
      start: async () => {
        running ??= await startBroker(options);
      },
      stop: async () => {
        await running?.stop();
        running = undefined;
      },
      dispose: async () => {
        await running?.stop();
        running = undefined;
      },
    };
  });
});

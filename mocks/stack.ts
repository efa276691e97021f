// Over 200 lines: the stack's one start and stop, each part (Prism, broker, simulator, front) with the controls it has.
/** The mock stack: Prism on the contract, the mock API front, the MQTT broker and the panel simulator. */
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { startBroker, type BrokerCredential, type RunningBroker } from './broker.ts';
import { CONTRACT_FILE, Contract } from './contract.ts';
import type { MockControls } from './controls.ts';
import { startFront, type RunningFront } from './front.ts';
import { MockAccess } from './access.ts';
import { ApiFaults, type ApiFaultSettings } from './api-faults.ts';
import { MockDb } from './db/index.ts';
import { ensurePortFree } from './ports.ts';
import { startPrism, type RunningPrism } from './prism.ts';
import type { PanelQueue } from './queue/panel-queue.ts';
import type { SettingsStore } from './db/settings-store.ts';
import { PanelSimulator } from './simulator.ts';

export interface StackPorts {
  api: number;
  prism: number;
  broker: number;
}

export interface StackOptions {
  ports: StackPorts;
  /** Username of console connections to the broker (config.json `brokerUsername`). */
  brokerUsername: string;
  topicTemplate: string;
  tickMs?: number;
  /** Start with the contract's example programming queue, back after each areas reset (default: empty). */
  queueExamples?: boolean;
  log?: (line: string) => void;
  /** A slow or failing API from the start (mocks/api-faults.ts); the control changes it later. */
  apiFaults?: ApiFaultSettings;
  /** Aborting stops a start half-way (everything already started is stopped again). */
  signal?: AbortSignal;
}

export interface RunningStack {
  apiUrl: string;
  prismUrl: string;
  brokerUrl: string;
  simulator: PanelSimulator;
  /** The panels' programming: settings writes the front accepted (cleared by the panels reset). */
  settings: SettingsStore;
  /** The access rules and the panels' links the mock API and the broker share (reset by the panels reset). */
  access: MockAccess;
  /** The programming queue (emptied by the areas reset, or back to the examples when it started with them). */
  queue: PanelQueue;
  /** The broker now running (undefined while the mock's control has it stopped). */
  readonly broker: RunningBroker | undefined;
  /** Stop and restart the broker, publish raw payloads: what the front's `/__mock/` routes call. */
  controls: MockControls;
  stop(): Promise<void>;
}

export const PORT_SETTINGS: Record<keyof StackPorts, { name: string; setting: string }> = {
  api: { name: 'mock API', setting: '--api-port or MOCK_API_PORT' },
  prism: { name: 'Prism', setting: '--prism-port or PRISM_PORT' },
  broker: { name: 'MQTT broker (websocket)', setting: '--broker-port or BROKER_PORT' },
};

/** The simulator publishes as a server-side service would: its own credential, made now, kept in memory only. */
async function connectPublisher(url: string, credential: BrokerCredential): Promise<mqtt.MqttClient> {
  const client = mqtt.connect(url, { ...credential, reconnectPeriod: 1000, connectTimeout: 10_000 });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  // While the broker is away (a mock control stopped it) the client keeps trying; a failed attempt is no crash.
  client.on('error', () => undefined);
  return client;
}

export async function startMockStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? (() => undefined);
  for (const key of Object.keys(PORT_SETTINGS) as (keyof StackPorts)[]) {
    await ensurePortFree({ ...PORT_SETTINGS[key], port: options.ports[key] });
  }
  const contract = Contract.load(CONTRACT_FILE);
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step().catch(() => undefined);
  };
  const checkpoint = () => options.signal?.throwIfAborted();
  try {
    checkpoint();
    const prism: RunningPrism = await startPrism({
      mode: 'mock',
      contract: CONTRACT_FILE,
      port: options.ports.prism,
      signal: options.signal,
    });
    stops.push(prism.stop);
    checkpoint();
    log(`Prism serves the contract on ${prism.url}`);
    const simulatorCredential = { username: 'panel-simulator', password: randomBytes(24).toString('base64url') };
    // The simulator exists before the broker (whose ACL asks it for topics); its publisher connects after the broker.
    const publisher: { client?: mqtt.MqttClient } = {};
    const simulator = new PanelSimulator({
      contract,
      publish: async (topic, payload, retain = true) => {
        await publisher.client?.publishAsync(topic, JSON.stringify(payload), { qos: 0, retain });
      },
      topicTemplate: options.topicTemplate,
      tickMs: options.tickMs,
      onInvalidPayload: (payload, errors) => log(`simulator: payload rejected by the AsyncAPI schema (${errors})`),
    });
    // The panels' links and the access rules, shared by the mock API and the broker: a console connection may watch
    // the panels in its user's reach, and loses the connection when one leaves it.
    const db = new MockDb(contract);
    const access = new MockAccess(contract, db.owners, db.users, db.sessions);
    const brokerOptions = {
      port: options.ports.broker,
      consoleUsername: options.brokerUsername,
      topicsFor: (token: string) => {
        const checked = access.verify(token);
        if (!('claims' in checked)) return [];
        return access.watchablePanels(checked.claims).map((devId) => simulator.topic(devId));
      },
      // The REST API's check, the sessions' revocation included (a signed-out or changed account's token).
      verifyToken: (token: string) => access.verify(token),
      // Panels that left a user's reach, and sessions revoked: the broker drops what lost its right at once.
      onAccessChange: (listener: () => void) => {
        const stopPanels = access.owners.onChange(() => listener());
        const stopSessions = access.sessions.onRevoke(listener);
        return () => {
          stopPanels();
          stopSessions();
        };
      },
      services: [simulatorCredential],
    };
    const current: { broker?: RunningBroker } = { broker: await startBroker(brokerOptions) };
    const brokerUrl = current.broker!.url;
    stops.push(async () => {
      const running = current.broker;
      current.broker = undefined;
      await running?.stop();
    });
    checkpoint();
    log(`MQTT broker (websocket) on ${brokerUrl}`);
    const connected = await connectPublisher(brokerUrl, simulatorCredential);
    publisher.client = connected;
    stops.push(async () => void (await connected.endAsync(true)));
    await simulator.start();
    stops.push(async () => simulator.stop());
    // A restarted broker has lost the retained states: once the publisher is back, the panels' side publishes
    // every panel again, as a real backend does when it reconnects.
    let restarted = false;
    connected.on('connect', () => {
      if (!restarted) return;
      restarted = false;
      void simulator.republish().catch(() => undefined);
    });
    const controls: MockControls = {
      brokerRunning: () => current.broker !== undefined,
      stopBroker: async () => {
        const running = current.broker;
        current.broker = undefined;
        await running?.stop();
        log('MQTT broker stopped (mock control)');
      },
      // Answers once the panels' side is connected again (it retries every second), so a control that publishes
      // right after works.
      startBroker: async () => {
        if (current.broker) return;
        const back = connected.connected
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, 10_000);
              connected.once('connect', () => {
                clearTimeout(timer);
                resolve();
              });
            });
        current.broker = await startBroker(brokerOptions);
        restarted = true;
        await back;
        log('MQTT broker started again (mock control)');
      },
      publish: async (topic, payload, retain) => {
        if (!connected.connected) throw new Error('The simulator is not connected to the broker');
        await connected.publishAsync(topic, payload, { qos: 0, retain });
      },
      resetPanels: async () => {
        if (!connected.connected) throw new Error('The simulator is not connected to the broker');
        await simulator.reset();
        return simulator.panels.size;
      },
      setPanelConnected: async (devId, on) => {
        if (!simulator.panels.has(devId)) return false;
        if (!connected.connected) throw new Error('The simulator is not connected to the broker');
        await simulator.setConnected(devId, on);
        log(`Panel ${devId} ${on ? 'connected' : 'disconnected'} (mock control)`);
        return true;
      },
    };
    const { settings } = db;
    log(`Panel simulator publishes ${simulator.panels.size} panels on ${options.topicTemplate}`);
    const front: RunningFront = await startFront({
      port: options.ports.api,
      prismUrl: prism.url,
      contract,
      simulator,
      controls,
      db,
      access,
      queueExamples: options.queueExamples ?? false,
      faults: new ApiFaults(options.apiFaults),
    });
    stops.push(front.stop);
    checkpoint();
    log(`Mock API on ${front.url}/api`);
    return {
      apiUrl: front.url,
      prismUrl: prism.url,
      brokerUrl,
      simulator,
      settings,
      access,
      queue: front.queue,
      get broker() {
        return current.broker;
      },
      controls,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

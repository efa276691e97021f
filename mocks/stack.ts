/** The mock stack: Prism on the contract, the mock API front, the MQTT broker and the panel simulator. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startBroker, type RunningBroker } from './broker.ts';
import { CONTRACT_FILE, Contract, ROOT } from './contract.ts';
import { startFront, type RunningFront } from './front.ts';
import { ensurePortFree } from './ports.ts';
import { startPrism, type RunningPrism } from './prism.ts';
import { PanelSimulator } from './simulator.ts';

export interface StackPorts {
  api: number;
  prism: number;
  broker: number;
}

export interface StackOptions {
  ports: StackPorts;
  brokerUsername: string;
  brokerPassword: string;
  topicTemplate: string;
  tickMs?: number;
  log?: (line: string) => void;
}

export interface RunningStack {
  apiUrl: string;
  prismUrl: string;
  brokerUrl: string;
  simulator: PanelSimulator;
  broker: RunningBroker;
  stop(): Promise<void>;
}

/** The console's runtime configuration file shipped with the app (public/config.json). */
export interface ConsoleConfigFile {
  apiBaseUrl: string;
  fileStoreBaseUrl: string;
  brokerUrl: string;
  brokerUsername: string;
  brokerPassword: string;
  liveTopicTemplate: string;
}

export const readConsoleConfig = (): ConsoleConfigFile =>
  JSON.parse(readFileSync(path.join(ROOT, 'public', 'config.json'), 'utf8')) as ConsoleConfigFile;

export const PORT_SETTINGS: Record<keyof StackPorts, { name: string; setting: string }> = {
  api: { name: 'mock API', setting: '--api-port or MOCK_API_PORT' },
  prism: { name: 'Prism', setting: '--prism-port or PRISM_PORT' },
  broker: { name: 'MQTT broker (websocket)', setting: '--broker-port or BROKER_PORT' },
};

export async function startMockStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? (() => undefined);
  for (const key of Object.keys(PORT_SETTINGS) as (keyof StackPorts)[]) {
    await ensurePortFree({ ...PORT_SETTINGS[key], port: options.ports[key] });
  }
  const contract = Contract.load(CONTRACT_FILE);
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => undefined);
  };
  try {
    const prism: RunningPrism = await startPrism({ mode: 'mock', contract: CONTRACT_FILE, port: options.ports.prism });
    stops.push(prism.stop);
    log(`Prism serves the contract on ${prism.url}`);
    const broker = await startBroker({
      port: options.ports.broker,
      username: options.brokerUsername,
      password: options.brokerPassword,
    });
    stops.push(broker.stop);
    log(`MQTT broker (websocket) on ${broker.url}`);
    const simulator = new PanelSimulator({
      contract,
      publish: (topic, payload) => broker.publish(topic, payload),
      topicTemplate: options.topicTemplate,
      tickMs: options.tickMs,
      onInvalidPayload: (payload, errors) => log(`simulator: payload rejected by the AsyncAPI schema (${errors})`),
    });
    await simulator.start();
    stops.push(async () => simulator.stop());
    log(`Panel simulator publishes ${simulator.panels.size} panels on ${options.topicTemplate}`);
    const front: RunningFront = await startFront({
      port: options.ports.api,
      prismUrl: prism.url,
      contract,
      simulator,
    });
    stops.push(front.stop);
    log(`Mock API on ${front.url}/api`);
    return { apiUrl: front.url, prismUrl: prism.url, brokerUrl: broker.url, simulator, broker, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

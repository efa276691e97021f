/** The live-feed transport over MQTT on websockets (mqtt.js); loaded only with the pages that show panels. */
import mqtt from 'mqtt';
import type { LiveTransport } from './live-store.ts';

export interface MqttTransportOptions {
  url: string;
  username: string;
  password: string;
  onStatus?: (status: 'connected' | 'offline' | 'error', detail?: string) => void;
}

export function createMqttTransport(options: MqttTransportOptions): LiveTransport {
  const client = mqtt.connect(options.url, {
    username: options.username,
    password: options.password,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
    clean: true,
  });
  client.on('connect', () => options.onStatus?.('connected'));
  client.on('offline', () => options.onStatus?.('offline'));
  client.on('error', (error) => options.onStatus?.('error', error.message));
  return {
    subscribe: (topics) => void client.subscribe(topics, { qos: 0 }),
    unsubscribe: (topics) => void client.unsubscribe(topics),
    onMessage: (handler) => void client.on('message', (topic, payload) => handler(topic, payload)),
    end: () => void client.end(true),
  };
}

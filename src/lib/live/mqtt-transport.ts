/** The live-feed transport over MQTT on websockets (mqtt.js); loaded only with the pages that show panels. */
import mqtt from 'mqtt';
import type { LiveTransport } from './live-store.ts';

export interface MqttTransportOptions {
  url: string;
  username: string;
  /** The signed-in user's access token: the broker authorises each user for their own panels' topics. */
  password: string;
  onStatus?: (status: 'connected' | 'offline' | 'error', detail?: string) => void;
}

export interface MqttTransport extends LiveTransport {
  /** Signs in again with a new password (a refreshed token); subscriptions are restored after the reconnect. */
  reauthenticate(password: string): void;
}

export function createMqttTransport(options: MqttTransportOptions): MqttTransport {
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
    reauthenticate: (password) => {
      if (client.options.password === password) return;
      // Every later automatic reconnect uses the options too, so an old token is never sent again.
      client.options.password = password;
      client.reconnect();
    },
  };
}

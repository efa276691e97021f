/**
 * The live-feed transport over MQTT on websockets (mqtt.js); loaded only with the pages that show panels.
 * Reconnecting is ours, not mqtt.js's fixed period: after a loss the client waits a growing, jittered, capped delay
 * (backoff.ts) before each attempt. mqtt.js only remembers topics to resubscribe when it reconnects by itself, so
 * the store subscribes everything it watches again on each `connected`, with the broker's answer per topic.
 * In a browser the keepalive runs on mqtt.js's worker timers, which a background tab does not throttle.
 */
import mqtt from 'mqtt';
import { reconnectDelay } from './backoff.ts';
import type { LiveTransport, TransportEvent } from './live-types.ts';

export interface MqttTransportOptions {
  url: string;
  username: string;
  /** The signed-in user's access token: the broker authorises each user for their own panels' topics. */
  password: string;
  /** Delay before retry `attempt` (tests shorten it); the default is backoff.ts's policy. */
  delay?: (attempt: number) => number;
  connectTimeoutMs?: number;
}

export interface MqttTransport extends LiveTransport {
  /** Signs in again with a new password (a refreshed token); the store subscribes again on the new connection. */
  reauthenticate(password: string): void;
}

/** MQTT's SUBACK failure code (and anything above it in MQTT 5): the topic was refused. */
const SUBACK_FAILURE = 0x80;

export function createMqttTransport(options: MqttTransportOptions): MqttTransport {
  const delay = options.delay ?? ((attempt: number) => reconnectDelay(attempt));
  const client = mqtt.connect(options.url, {
    username: options.username,
    password: options.password,
    // No automatic reconnect (its period is fixed) and no automatic resubscribe (the store does it).
    reconnectPeriod: 0,
    resubscribe: false,
    connectTimeout: options.connectTimeoutMs ?? 10_000,
    clean: true,
    // Worker timers in a page (keepalive survives a background tab), plain timers elsewhere (tests in node).
    timerVariant: typeof window === 'undefined' ? 'native' : 'worker',
  });
  const statusHandlers: ((event: TransportEvent) => void)[] = [];
  let last: TransportEvent = { status: 'connecting', reconnects: 0 };
  const emit = (event: TransportEvent) => {
    last = event;
    for (const handler of statusHandlers) handler(event);
  };

  let ended = false;
  let attempt = 0;
  let reconnects = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let lastError: string | undefined;
  /** A sign-in with a new token is under way: the old connection's `close` is expected. */
  let switching = false;

  const retry = () => {
    if (ended || retryTimer !== undefined) return;
    const wait = delay(attempt);
    attempt += 1;
    emit({ status: lastError ? 'error' : 'offline', nextRetryAt: Date.now() + wait, reconnects, detail: lastError });
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (ended || client.connected) return;
      reconnects += 1;
      emit({ status: 'connecting', reconnects });
      client.reconnect();
    }, wait);
  };

  client.on('connect', () => {
    attempt = 0;
    lastError = undefined;
    emit({ status: 'connected', reconnects });
  });
  // Every lost or failed connection ends in `close`: that is where the next attempt is planned.
  client.on('close', () => {
    if (switching) {
      switching = false;
      return;
    }
    retry();
  });
  client.on('error', (error) => {
    lastError = error.message;
  });

  return {
    subscribe: (topics) =>
      client
        .subscribeAsync(topics, { qos: 0 })
        .then((granted) => {
          const byTopic = new Map(granted.map((grant) => [grant.topic, grant.qos < SUBACK_FAILURE]));
          return topics.map((topic) => byTopic.get(topic) ?? false);
        })
        .catch((error: unknown) => {
          // A SUBACK refusing every topic is an answer, not a lost connection.
          const packet = (error as { packet?: { granted?: number[] } }).packet;
          if (packet?.granted)
            return topics.map((_, index) => (packet.granted![index] ?? SUBACK_FAILURE) < SUBACK_FAILURE);
          throw error;
        }),
    unsubscribe: (topics) => void client.unsubscribeAsync(topics).catch(() => undefined),
    onMessage: (handler) => void client.on('message', (topic, payload) => handler(topic, payload)),
    onStatus: (handler) => {
      statusHandlers.push(handler);
      handler(last);
    },
    end: () => {
      ended = true;
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      client.end(true);
    },
    reauthenticate: (password) => {
      if (client.options.password === password) return;
      // Every later reconnect uses the options too, so an old token is never sent again.
      client.options.password = password;
      if (!client.connected) return; // the next attempt signs in with it
      // mqtt.js closes the signed-in connection and connects again at once; that first `close` is the old
      // connection's and plans no retry.
      switching = true;
      reconnects += 1;
      emit({ status: 'connecting', reconnects });
      client.reconnect();
    },
  };
}

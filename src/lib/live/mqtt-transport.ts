/**
 * The live-feed transport: MQTT 3.1.1 over a WebSocket (subprotocol `mqtt`), on the small codec of mqtt-wire.ts and
 * its neighbours; loaded only with the pages that show panels. The console needs a small part of MQTT (sign in with
 * the access token, subscribe at QoS 0 with the broker's answer per topic, unsubscribe, receive, keepalive, close),
 * so it does not ship a general client (mqtt.js is about 100 kB gzip with its Buffer, stream and url polyfills).
 *  - One connection at a time (mqtt-connection.ts: the socket, the sign-in, keepalive, acknowledgements).
 *  - Reconnecting: after a loss the client waits a growing, jittered, capped delay (backoff.ts) before each attempt.
 *    Every connection is a clean session: the store subscribes everything it watches again on each `connected`.
 *  - A connection that ended in an error (a refused sign-in, bytes that are not MQTT, a packet over the limit of
 *    limits.ts) is status `error` with the reason; one lost (closed, timed out) is `offline`. Either way the next
 *    attempt is planned.
 */
import { reconnectDelay } from './backoff.ts';
import { MAX_PACKET_BYTES } from './limits.ts';
import type { LiveTransport, TransportEvent } from './live-types.ts';
import { openConnection, type Connection, type Ending } from './mqtt-connection.ts';
import { randomClientId } from './mqtt-encode.ts';
import { SUBACK_FAILURE } from './mqtt-wire.ts';

export interface MqttTransportOptions {
  url: string;
  username: string;
  /** The signed-in user's access token: the broker authorises each user for their own panels' topics. */
  password: string;
  /** Delay before retry `attempt` (tests shorten it); the default is backoff.ts's policy. */
  delay?: (attempt: number) => number;
  /** How long a connection may take to be signed in (10 s by default). */
  connectTimeoutMs?: number;
  /** MQTT keepalive in whole seconds (60 by default, as mqtt.js; tests shorten it); 0 turns it off. */
  keepaliveSeconds?: number;
  /**
   * Where the browser says it lost or regained its network (`offline` / `online` events): the page's `window` by
   * default. Offline, the connection is given up at once, not a keepalive later; back online, a waiting retry runs now.
   */
  connectivity?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** The largest packet taken from the broker (limits.ts's MAX_PACKET_BYTES by default); a larger one is an error. */
  maxPacketBytes?: number;
}

export interface MqttTransport extends LiveTransport {
  /** Signs in again with a new password (a refreshed token); the store subscribes again on the new connection. */
  reauthenticate(password: string): void;
}

/** What the transport says when the browser reports no network. */
export const BROWSER_OFFLINE = 'The browser has no network connection';

export function createMqttTransport(options: MqttTransportOptions): MqttTransport {
  const delay = options.delay ?? ((attempt: number) => reconnectDelay(attempt));
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const keepaliveSeconds = options.keepaliveSeconds ?? 60;
  // One client id for the transport's life, as mqtt.js: a new connection takes over an old one's, if any is left.
  const clientId = randomClientId();
  let password = options.password;

  const statusHandlers: ((event: TransportEvent) => void)[] = [];
  const messageHandlers: ((topic: string, payload: Uint8Array) => void)[] = [];
  let last: TransportEvent = { status: 'connecting', reconnects: 0 };
  const emit = (event: TransportEvent) => {
    last = event;
    for (const handler of statusHandlers) handler(event);
  };

  let ended = false;
  let attempt = 0;
  let reconnects = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Why the last attempt failed, kept until a connection is signed in: the status is `error` meanwhile. */
  let lastError: string | undefined;
  let current: Connection;

  const retry = (ending: Ending | undefined) => {
    if (ended || retryTimer !== undefined) return;
    if (ending?.error) lastError = ending.detail;
    const wait = delay(attempt);
    attempt += 1;
    emit({
      status: lastError ? 'error' : 'offline',
      nextRetryAt: Date.now() + wait,
      reconnects,
      detail: lastError ?? ending?.detail,
    });
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (ended || current.connected) return;
      reconnects += 1;
      emit({ status: 'connecting', reconnects });
      current = connect();
    }, wait);
  };

  const deliver = (topic: string, payload: Uint8Array) => {
    for (const handler of messageHandlers) {
      // A consumer's fault is not the connection's: the stream goes on.
      try {
        handler(topic, payload);
      } catch (error) {
        console.error(error);
      }
    }
  };

  const connect = (): Connection =>
    openConnection({
      url: options.url,
      clientId,
      username: options.username,
      password: () => password,
      keepaliveSeconds,
      connectTimeoutMs,
      maxPacketBytes: options.maxPacketBytes ?? MAX_PACKET_BYTES,
      signedIn: () => {
        attempt = 0;
        lastError = undefined;
        emit({ status: 'connected', reconnects });
      },
      deliver,
      ended: retry,
    });

  current = connect();

  // The browser's own word on its network: a phone that lost its signal shows the feed offline at once (the socket
  // itself may take a keepalive period to notice), and tries again the moment the signal is back.
  const connectivity = options.connectivity ?? (typeof window === 'undefined' ? undefined : window);
  const onOffline = () => {
    if (!ended) current.drop(BROWSER_OFFLINE);
  };
  const onOnline = () => {
    if (ended || retryTimer === undefined) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    reconnects += 1;
    emit({ status: 'connecting', reconnects });
    current = connect();
  };
  connectivity?.addEventListener('offline', onOffline);
  connectivity?.addEventListener('online', onOnline);

  return {
    subscribe: (topics) =>
      topics.length === 0
        ? Promise.resolve([])
        : current.subscribe(topics).then((granted) => granted.map((code) => code < SUBACK_FAILURE)),
    unsubscribe: (topics) => {
      if (topics.length > 0 && current.connected) current.unsubscribe(topics);
    },
    onMessage: (handler) => void messageHandlers.push(handler),
    onStatus: (handler) => {
      statusHandlers.push(handler);
      handler(last);
    },
    end: () => {
      ended = true;
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      connectivity?.removeEventListener('offline', onOffline);
      connectivity?.removeEventListener('online', onOnline);
      current.close(false);
    },
    reauthenticate: (next) => {
      if (password === next) return;
      // Every later attempt signs in with it, so an old token is never sent again.
      password = next;
      if (!current.connected) return; // the next attempt signs in with it
      // The signed-in connection is closed (no retry planned for it) and a new one signs in at once.
      current.close(false);
      reconnects += 1;
      emit({ status: 'connecting', reconnects });
      current = connect();
    },
  };
}

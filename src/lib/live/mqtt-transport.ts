/**
 * The live-feed transport: MQTT 3.1.1 over a WebSocket (subprotocol `mqtt`), on the small codec of mqtt-wire.ts and its neighbours;
 * loaded only with the pages that show panels. The console needs a small part of MQTT (sign in with the access
 * token, subscribe at QoS 0 with the broker's answer per topic, unsubscribe, receive, keepalive, close), so it
 * does not ship a general client (mqtt.js is about 100 kB gzip with its Buffer, stream and url polyfills).
 *  - Reconnecting: after a loss the client waits a growing, jittered, capped delay (backoff.ts) before each attempt.
 *    Every connection is a clean session: the store subscribes everything it watches again on each `connected`.
 *  - Keepalive: a PINGREQ when nothing was sent for the keepalive period; no PINGRESP within another period and the
 *    connection is lost. In a page the tick comes from a worker (worker-ticker.ts), which a background tab does not
 *    throttle.
 *  - A refused sign-in (CONNACK), bytes that are not MQTT, or a packet whose header announces more than the limit
 *    (limits.ts; refused at the header, its body never buffered) end the connection with status `error` and the reason;
 *    a connection lost (closed, timed out) is `offline`. Either way the next attempt is planned.
 *  - Received PUBLISH: QoS 0 is what the console asks; a QoS 1 one is acknowledged (PUBACK) and a QoS 2 one is
 *    received once (PUBREC, delivered at once, a repeat of its id ignored until the PUBREL, answered by PUBCOMP).
 */
import { reconnectDelay } from './backoff.ts';
import { MAX_PACKET_BYTES } from './limits.ts';
import type { LiveTransport, TransportEvent } from './live-types.ts';
import {
  PacketIds,
  encodeAck,
  encodeConnect,
  encodeDisconnect,
  encodePingreq,
  encodeSubscribe,
  encodeUnsubscribe,
  randomClientId,
} from './mqtt-encode.ts';
import { PacketDecoder } from './mqtt-stream.ts';
import {
  MalformedPacketError,
  SUBACK_FAILURE,
  connackMessage,
  type PacketBytes,
  type ServerPacket,
} from './mqtt-wire.ts';
import { everyTick } from './worker-ticker.ts';

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

/** How a connection ended: `error` for a refusal or a protocol fault, otherwise lost (offline). */
interface Ending {
  detail: string;
  error: boolean;
}

/** One WebSocket and its MQTT session. */
interface Connection {
  readonly connected: boolean;
  subscribe(topics: string[]): Promise<number[]>;
  unsubscribe(topics: string[]): void;
  /** Ends it on purpose (DISCONNECT when signed in); `retry: false` plans no next attempt. */
  close(retry: boolean): void;
  /** Gives it up as lost (no DISCONNECT can reach the broker), the next attempt planned. */
  drop(detail: string): void;
}

/** What the transport says when the browser reports no network. */
export const BROWSER_OFFLINE = 'The browser has no network connection';

const OPEN = 1;
const LOST = 'The connection to the broker was lost';

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

  function connect(): Connection {
    let socket: WebSocket | undefined;
    let connected = false;
    let finished = false;
    const ids = new PacketIds();
    const answers = new Map<number, { kind: 'suback' | 'unsuback'; settle: (answer: ServerPacket | Error) => void }>();
    /** QoS 2 PUBLISH ids received and acknowledged (PUBREC), until their PUBREL. */
    const exactlyOnce = new Set<number>();
    const decoder = new PacketDecoder(options.maxPacketBytes ?? MAX_PACKET_BYTES);
    let idleTicks = 0;
    let pingTicks: number | undefined;
    let stopTicking: (() => void) | undefined;

    const send = (bytes: PacketBytes) => {
      if (socket?.readyState !== OPEN) return;
      socket.send(bytes);
      idleTicks = 0;
    };

    /** Ends the connection once: the socket closed, what waits for an answer rejected, the next attempt planned. */
    const finish = (ending: Ending | undefined, retryAfter: boolean) => {
      if (finished) return;
      finished = true;
      const wasConnected = connected;
      connected = false;
      clearTimeout(connectTimer);
      stopTicking?.();
      for (const answer of answers.values()) answer.settle(new Error(ending?.detail ?? LOST));
      answers.clear();
      if (socket) {
        socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
        // A socket still connecting cannot be closed gracefully: closing it only drops the attempt.
        if (socket.readyState === OPEN && wasConnected && !ending) socket.send(encodeDisconnect());
        socket.close();
      }
      if (retryAfter) retry(ending);
    };

    const keepalive = () => {
      if (pingTicks !== undefined) {
        pingTicks += 1;
        if (pingTicks >= ticksPerPeriod) {
          finish(
            {
              detail: `Keepalive timeout: the broker did not answer a ping within ${keepaliveSeconds} s`,
              error: false,
            },
            true,
          );
        }
        return;
      }
      idleTicks += 1;
      if (idleTicks >= ticksPerPeriod) {
        send(encodePingreq());
        pingTicks = 0;
      }
    };
    // The keepalive ticks every second (four times a period when that is shorter): a ping goes out at most a tick late.
    const tickMs = Math.min(1000, (keepaliveSeconds * 1000) / 4);
    const ticksPerPeriod = Math.round((keepaliveSeconds * 1000) / tickMs);

    const handle = (packet: ServerPacket) => {
      if (!connected && packet.type !== 'connack') {
        throw new MalformedPacketError(`a ${packet.type.toUpperCase()} before the CONNACK`);
      }
      switch (packet.type) {
        case 'connack':
          if (connected) throw new MalformedPacketError('a second CONNACK');
          clearTimeout(connectTimer);
          if (packet.returnCode !== 0) {
            finish({ detail: connackMessage(packet.returnCode), error: true }, true);
            return;
          }
          connected = true;
          attempt = 0;
          lastError = undefined;
          if (keepaliveSeconds > 0) stopTicking = everyTick(keepalive, tickMs);
          emit({ status: 'connected', reconnects });
          return;
        case 'suback':
        case 'unsuback': {
          const answer = answers.get(packet.packetId);
          // An answer to nothing asked (or to something else) is the broker's fault, and harmless: ignored.
          if (answer?.kind !== packet.type) return;
          answers.delete(packet.packetId);
          answer.settle(packet);
          return;
        }
        case 'publish':
          if (packet.qos === 1) send(encodeAck('puback', packet.packetId!));
          if (packet.qos === 2) {
            const repeat = exactlyOnce.has(packet.packetId!);
            exactlyOnce.add(packet.packetId!);
            send(encodeAck('pubrec', packet.packetId!));
            if (repeat) return;
          }
          deliver(packet.topic, packet.payload);
          return;
        case 'pubrel':
          exactlyOnce.delete(packet.packetId);
          send(encodeAck('pubcomp', packet.packetId));
          return;
        case 'pingresp':
          pingTicks = undefined;
          return;
      }
    };

    const request = <T>(kind: 'suback' | 'unsuback', encode: (packetId: number) => PacketBytes) =>
      new Promise<T>((resolve, reject) => {
        if (!connected) throw new Error('Not connected to the broker');
        const packetId = ids.next();
        answers.set(packetId, {
          kind,
          settle: (answer) => {
            ids.release(packetId);
            if (answer instanceof Error) reject(answer);
            else resolve(answer as T);
          },
        });
        try {
          send(encode(packetId));
        } catch (error) {
          answers.delete(packetId);
          ids.release(packetId);
          throw error;
        }
      });

    const connectTimer = setTimeout(
      () => finish({ detail: `The broker did not answer within ${connectTimeoutMs / 1000} s`, error: false }, true),
      connectTimeoutMs,
    );
    try {
      socket = new WebSocket(options.url, 'mqtt');
      socket.binaryType = 'arraybuffer';
    } catch (error) {
      // An address the browser refuses: said as an error, tried again like any failure.
      const detail = error instanceof Error ? error.message : String(error);
      queueMicrotask(() => finish({ detail, error: true }, true));
    }
    if (socket) {
      const opened = socket;
      opened.onopen = () => {
        try {
          send(
            encodeConnect({ clientId, username: options.username, password, keepalive: keepaliveSeconds, clean: true }),
          );
        } catch (error) {
          finish({ detail: error instanceof Error ? error.message : String(error), error: true }, true);
        }
      };
      opened.onmessage = (event: MessageEvent) => {
        try {
          if (!(event.data instanceof ArrayBuffer)) {
            throw new MalformedPacketError('a text frame (MQTT over WebSocket is binary)');
          }
          for (const packet of decoder.push(new Uint8Array(event.data))) {
            if (finished) return;
            handle(packet);
          }
        } catch (error) {
          finish({ detail: error instanceof Error ? error.message : String(error), error: true }, true);
        }
      };
      // An error is followed by `close`; every loss ends there.
      opened.onclose = () => finish(undefined, true);
      opened.onerror = () => undefined;
    }

    return {
      get connected() {
        return connected;
      },
      subscribe: (topics) =>
        request<ServerPacket & { type: 'suback' }>('suback', (packetId) => encodeSubscribe(packetId, topics, 0)).then(
          (suback) => {
            if (suback.granted.length !== topics.length) {
              const detail = `Malformed MQTT packet from the broker: a SUBACK answers ${suback.granted.length} of ${topics.length} topics`;
              finish({ detail, error: true }, true);
              throw new Error(detail);
            }
            return suback.granted;
          },
        ),
      unsubscribe: (topics) =>
        void request('unsuback', (packetId) => encodeUnsubscribe(packetId, topics)).catch(() => undefined),
      close: (retryAfter) => finish(undefined, retryAfter),
      drop: (detail) => finish({ detail, error: false }, true),
    };
  }

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

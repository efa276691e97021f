// Over 200 lines: one connection's life is one closure (socket, sign-in, requests and acknowledgements share its state).
/**
 * One connection of the live-feed transport: a WebSocket (subprotocol `mqtt`) and its MQTT session, from the CONNECT
 * to its end. The transport (mqtt-transport.ts) opens one after another and plans the attempts between them.
 *  - Keepalive: keepalive.ts.
 *  - A refused sign-in (CONNACK), bytes that are not MQTT, or a packet whose header announces more than the limit
 *    (refused at the header, its body never buffered) end the connection as an error, with the reason; a connection
 *    lost (closed, timed out) ends without one.
 *  - Received PUBLISH: QoS 0 is what the console asks; a QoS 1 one is acknowledged (PUBACK) and a QoS 2 one is
 *    received once (PUBREC, delivered at once, a repeat of its id ignored until the PUBREL, answered by PUBCOMP).
 */
import {
  PacketIds,
  encodeAck,
  encodeConnect,
  encodeDisconnect,
  encodePingreq,
  encodeSubscribe,
  encodeUnsubscribe,
} from './mqtt-encode.ts';
import { PacketDecoder } from './mqtt-stream.ts';
import { MalformedPacketError, connackMessage, type PacketBytes, type ServerPacket } from './mqtt-wire.ts';
import { Keepalive } from './keepalive.ts';

/** How a connection ended: `error` for a refusal or a protocol fault, otherwise lost (offline). */
export interface Ending {
  detail: string;
  error: boolean;
}

/** One WebSocket and its MQTT session. */
export interface Connection {
  readonly connected: boolean;
  subscribe(topics: string[]): Promise<number[]>;
  unsubscribe(topics: string[]): void;
  /** Ends it on purpose (DISCONNECT when signed in); `retry: false` plans no next attempt. */
  close(retry: boolean): void;
  /** Gives it up as lost (no DISCONNECT can reach the broker), the next attempt planned. */
  drop(detail: string): void;
}

/** What a connection needs of its transport, and what it tells it. */
export interface Session {
  url: string;
  clientId: string;
  username: string;
  /** The password to sign in with, read when the socket opens (a token refreshed meanwhile is the one sent). */
  password(): string;
  keepaliveSeconds: number;
  connectTimeoutMs: number;
  maxPacketBytes: number;
  /** The broker accepted the sign-in. */
  signedIn(): void;
  /** A received message, to the transport's consumers. */
  deliver(topic: string, payload: Uint8Array): void;
  /** The connection ended and the next attempt is to be planned; `ending` unset for a close on purpose. */
  ended(ending: Ending | undefined): void;
}

const OPEN = 1;
const LOST = 'The connection to the broker was lost';

/** Opens a connection: the socket at once, the CONNECT when it opens. */
export function openConnection(session: Session): Connection {
  const { keepaliveSeconds, connectTimeoutMs } = session;
  let socket: WebSocket | undefined;
  let connected = false;
  let finished = false;
  const ids = new PacketIds();
  const answers = new Map<number, { kind: 'suback' | 'unsuback'; settle: (answer: ServerPacket | Error) => void }>();
  /** QoS 2 PUBLISH ids received and acknowledged (PUBREC), until their PUBREL. */
  const exactlyOnce = new Set<number>();
  const decoder = new PacketDecoder(session.maxPacketBytes);

  const send = (bytes: PacketBytes) => {
    if (socket?.readyState !== OPEN) return;
    socket.send(bytes);
    keepalive.sent();
  };

  /** Ends the connection once: the socket closed, what waits for an answer rejected, the next attempt planned. */
  const finish = (ending: Ending | undefined, retryAfter: boolean) => {
    if (finished) return;
    finished = true;
    const wasConnected = connected;
    connected = false;
    clearTimeout(connectTimer);
    keepalive.stop();
    for (const answer of answers.values()) answer.settle(new Error(ending?.detail ?? LOST));
    answers.clear();
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      // A socket still connecting cannot be closed gracefully: closing it only drops the attempt.
      if (socket.readyState === OPEN && wasConnected && !ending) socket.send(encodeDisconnect());
      socket.close();
    }
    if (retryAfter) session.ended(ending);
  };

  const keepalive = new Keepalive(
    keepaliveSeconds,
    () => send(encodePingreq()),
    (detail) => finish({ detail, error: false }, true),
  );

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
        keepalive.start();
        session.signedIn();
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
        session.deliver(packet.topic, packet.payload);
        return;
      case 'pubrel':
        exactlyOnce.delete(packet.packetId);
        send(encodeAck('pubcomp', packet.packetId));
        return;
      case 'pingresp':
        keepalive.answered();
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
    socket = new WebSocket(session.url, 'mqtt');
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
          encodeConnect({
            clientId: session.clientId,
            username: session.username,
            password: session.password(),
            keepalive: keepaliveSeconds,
            clean: true,
          }),
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

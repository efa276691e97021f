/**
 * MQTT 3.1.1 (protocol level 4, what the broker and mqtt.js speak) on the wire, the words the codec shares: packet
 * types and limits, the server's packets as the console decodes them, the errors of a bad stream. The client's
 * packets are built in mqtt-encode.ts; the server's are decoded in mqtt-decode.ts, from a byte stream cut anywhere
 * into frames by mqtt-stream.ts. Anything a server must not send, or sends malformed, is a MalformedPacketError
 * (the transport closes the connection).
 */

/** An encoded packet (on its own ArrayBuffer: what WebSocket.send takes). */
export type PacketBytes = Uint8Array<ArrayBuffer>;

/** The largest remaining length the 4-byte variable length integer holds. */
export const MAX_REMAINING_LENGTH = 268_435_455;
/** Packet ids are 1..65535. */
export const MAX_PACKET_ID = 65_535;
/** A SUBACK return code at or above it refuses the topic (0x80 in 3.1.1). */
export const SUBACK_FAILURE = 0x80;

/** The packet types: the high four bits of a fixed header's first byte. */
export const CONNECT = 1;
export const CONNACK = 2;
export const PUBLISH = 3;
export const PUBACK = 4;
export const PUBREC = 5;
export const PUBREL = 6;
export const PUBCOMP = 7;
export const SUBSCRIBE = 8;
export const SUBACK = 9;
export const UNSUBSCRIBE = 10;
export const UNSUBACK = 11;
export const PINGREQ = 12;
export const PINGRESP = 13;
export const DISCONNECT = 14;

/** The packet types' names, by type, for error texts. */
export const PACKET_NAMES = [
  'reserved packet type 0',
  'CONNECT',
  'CONNACK',
  'PUBLISH',
  'PUBACK',
  'PUBREC',
  'PUBREL',
  'PUBCOMP',
  'SUBSCRIBE',
  'SUBACK',
  'UNSUBSCRIBE',
  'UNSUBACK',
  'PINGREQ',
  'PINGRESP',
  'DISCONNECT',
  'reserved packet type 15',
];

/** The server's packets, decoded. */
export type ServerPacket =
  | { type: 'connack'; sessionPresent: boolean; returnCode: number }
  | {
      type: 'publish';
      topic: string;
      payload: Uint8Array;
      qos: 0 | 1 | 2;
      retain: boolean;
      dup: boolean;
      packetId?: number;
    }
  | { type: 'suback'; packetId: number; granted: number[] }
  | { type: 'unsuback'; packetId: number }
  | { type: 'pubrel'; packetId: number }
  | { type: 'pingresp' };

export interface ConnectOptions {
  clientId: string;
  username?: string;
  password?: string;
  /** Seconds (0 turns the keepalive off); at most 65535. */
  keepalive: number;
  /** Always true for the console: a new connection starts without subscriptions. */
  clean: boolean;
}

/** Bytes from a server that are not a valid MQTT 3.1.1 packet for a client. */
export class MalformedPacketError extends Error {
  constructor(message: string) {
    super(`Malformed MQTT packet from the broker: ${message}`);
    this.name = 'MalformedPacketError';
  }
}

/**
 * A packet announced (by its remaining length) larger than the reader takes: refused at its fixed header, before
 * any of its body is kept.
 */
export class OversizedPacketError extends Error {
  constructor(
    readonly announced: number,
    readonly limit: number,
  ) {
    super(`The broker announced a packet of ${announced} bytes; the live feed takes at most ${limit}`);
    this.name = 'OversizedPacketError';
  }
}

/** The text of a CONNACK return code (3.1.1 § 3.2.2.3). */
export function connackMessage(returnCode: number): string {
  switch (returnCode) {
    case 1:
      return 'Connection refused: unacceptable protocol version';
    case 2:
      return 'Connection refused: client identifier rejected';
    case 3:
      return 'Connection refused: server unavailable';
    case 4:
      return 'Connection refused: bad user name or password';
    case 5:
      return 'Connection refused: not authorized';
    default:
      return `Connection refused: unknown return code ${returnCode}`;
  }
}

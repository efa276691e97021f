/** The packets the console sends (CONNECT, SUBSCRIBE, UNSUBSCRIBE, PINGREQ, DISCONNECT and the acknowledgements of a PUBLISH), and their packet ids. */
import {
  CONNECT,
  DISCONNECT,
  MAX_PACKET_ID,
  MAX_REMAINING_LENGTH,
  PINGREQ,
  PUBACK,
  PUBCOMP,
  PUBREC,
  SUBSCRIBE,
  UNSUBSCRIBE,
  type ConnectOptions,
  type PacketBytes,
} from './mqtt-wire.ts';

/** A client id as mqtt.js makes one: `mqttjs_` and 8 random hex digits. */
export function randomClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `mqttjs_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

const encoder = new TextEncoder();

/** The bytes of the variable length integer `length` (1 to 4 bytes). */
export function encodeRemainingLength(length: number): number[] {
  if (!Number.isInteger(length) || length < 0 || length > MAX_REMAINING_LENGTH) {
    throw new RangeError(`An MQTT remaining length is 0..${MAX_REMAINING_LENGTH}, not ${length}`);
  }
  const bytes: number[] = [];
  do {
    let byte = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) byte |= 0x80;
    bytes.push(byte);
  } while (length > 0);
  return bytes;
}

/** Builds one packet: the fixed header's first byte, the remaining length, then the parts. */
class PacketWriter {
  private readonly parts: (Uint8Array | number[])[] = [];
  private length = 0;

  bytes(part: Uint8Array | number[]): this {
    this.parts.push(part);
    this.length += part.length;
    return this;
  }

  u16(value: number): this {
    return this.bytes([value >> 8, value & 0xff]);
  }

  /** A length-prefixed field (a UTF-8 string, or binary data such as the password). */
  field(value: string | Uint8Array, what: string): this {
    const data = typeof value === 'string' ? encoder.encode(value) : value;
    if (data.length > 0xffff) throw new RangeError(`The ${what} is longer than MQTT's 65535 bytes`);
    return this.u16(data.length).bytes(data);
  }

  finish(firstByte: number): PacketBytes {
    const header = [firstByte, ...encodeRemainingLength(this.length)];
    const packet = new Uint8Array(header.length + this.length);
    packet.set(header);
    let offset = header.length;
    for (const part of this.parts) {
      packet.set(part, offset);
      offset += part.length;
    }
    return packet;
  }
}

const checkPacketId = (packetId: number) => {
  if (!Number.isInteger(packetId) || packetId < 1 || packetId > MAX_PACKET_ID) {
    throw new RangeError(`An MQTT packet id is 1..${MAX_PACKET_ID}, not ${packetId}`);
  }
};

export function encodeConnect(options: ConnectOptions): PacketBytes {
  if (!Number.isInteger(options.keepalive) || options.keepalive < 0 || options.keepalive > 0xffff) {
    throw new RangeError(`The keepalive is 0..65535 seconds, not ${options.keepalive}`);
  }
  // 3.1.1 § 3.1.2.9: a password only with a user name.
  if (options.password !== undefined && options.username === undefined) {
    throw new Error('MQTT 3.1.1 sends a password only with a user name');
  }
  const flags =
    (options.username !== undefined ? 0x80 : 0) |
    (options.password !== undefined ? 0x40 : 0) |
    (options.clean ? 0x02 : 0);
  const writer = new PacketWriter()
    .field('MQTT', 'protocol name')
    .bytes([4, flags])
    .u16(options.keepalive)
    .field(options.clientId, 'client id');
  if (options.username !== undefined) writer.field(options.username, 'user name');
  if (options.password !== undefined) writer.field(encoder.encode(options.password), 'password');
  return writer.finish(CONNECT << 4);
}

/** One SUBSCRIBE for every topic, each asking `qos`. */
export function encodeSubscribe(packetId: number, topics: readonly string[], qos: 0 | 1 | 2 = 0): PacketBytes {
  checkPacketId(packetId);
  if (topics.length === 0) throw new Error('A SUBSCRIBE names at least one topic');
  const writer = new PacketWriter().u16(packetId);
  for (const topic of topics) writer.field(topic, 'topic').bytes([qos]);
  return writer.finish((SUBSCRIBE << 4) | 0x02);
}

export function encodeUnsubscribe(packetId: number, topics: readonly string[]): PacketBytes {
  checkPacketId(packetId);
  if (topics.length === 0) throw new Error('An UNSUBSCRIBE names at least one topic');
  const writer = new PacketWriter().u16(packetId);
  for (const topic of topics) writer.field(topic, 'topic');
  return writer.finish((UNSUBSCRIBE << 4) | 0x02);
}

/** The acknowledgements of a received PUBLISH: PUBACK (QoS 1), PUBREC then PUBCOMP (QoS 2). */
export function encodeAck(type: 'puback' | 'pubrec' | 'pubcomp', packetId: number): PacketBytes {
  checkPacketId(packetId);
  const code = type === 'puback' ? PUBACK : type === 'pubrec' ? PUBREC : PUBCOMP;
  return new Uint8Array([code << 4, 2, packetId >> 8, packetId & 0xff]);
}

export const encodePingreq = (): PacketBytes => new Uint8Array([PINGREQ << 4, 0]);
export const encodeDisconnect = (): PacketBytes => new Uint8Array([DISCONNECT << 4, 0]);

/** Packet ids for the client's SUBSCRIBE and UNSUBSCRIBE: 1..65535 in turn, wrapping, skipping those in flight. */
export class PacketIds {
  private last = 0;
  private readonly inUse = new Set<number>();

  /** The next free id (marked in flight); throws when all 65535 are in flight. */
  next(): number {
    if (this.inUse.size >= MAX_PACKET_ID) throw new Error('Every MQTT packet id is waiting for an answer');
    do this.last = (this.last % MAX_PACKET_ID) + 1;
    while (this.inUse.has(this.last));
    this.inUse.add(this.last);
    return this.last;
  }

  release(packetId: number): void {
    this.inUse.delete(packetId);
  }

  get inFlight(): number {
    return this.inUse.size;
  }
}

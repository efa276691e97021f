/**
 * MQTT 3.1.1 (protocol level 4, what the broker and mqtt.js speak) on the wire: the packets the console's live feed
 * sends (CONNECT, SUBSCRIBE, UNSUBSCRIBE, PINGREQ, DISCONNECT and the acknowledgements of a PUBLISH) and a streaming
 * decoder of those the server sends (CONNACK, SUBACK, UNSUBACK, PUBLISH, PUBREL, PINGRESP). The decoder takes the
 * bytes as they come: several packets in one WebSocket frame, or one packet split across many. Anything a server
 * must not send, or sends malformed, is a MalformedPacketError (the transport closes the connection).
 */

/** An encoded packet (on its own ArrayBuffer: what WebSocket.send takes). */
export type PacketBytes = Uint8Array<ArrayBuffer>;

/** The largest remaining length the 4-byte variable length integer holds. */
export const MAX_REMAINING_LENGTH = 268_435_455;
/** Packet ids are 1..65535. */
export const MAX_PACKET_ID = 65_535;
/** A SUBACK return code at or above it refuses the topic (0x80 in 3.1.1). */
export const SUBACK_FAILURE = 0x80;

const CONNECT = 1;
const CONNACK = 2;
const PUBLISH = 3;
const PUBACK = 4;
const PUBREC = 5;
const PUBREL = 6;
const PUBCOMP = 7;
const SUBSCRIBE = 8;
const SUBACK = 9;
const UNSUBSCRIBE = 10;
const UNSUBACK = 11;
const PINGREQ = 12;
const PINGRESP = 13;
const DISCONNECT = 14;

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

/** A client id as mqtt.js makes one: `mqttjs_` and 8 random hex digits. */
export function randomClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `mqttjs_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

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

/** Reads one packet's body. */
class BodyReader {
  private offset = 0;
  constructor(
    private readonly body: Uint8Array,
    private readonly what: string,
  ) {}

  get left(): number {
    return this.body.length - this.offset;
  }

  u8(): number {
    if (this.left < 1) throw new MalformedPacketError(`${this.what} ends early`);
    return this.body[this.offset++]!;
  }

  u16(): number {
    if (this.left < 2) throw new MalformedPacketError(`${this.what} ends early`);
    const value = (this.body[this.offset]! << 8) | this.body[this.offset + 1]!;
    this.offset += 2;
    return value;
  }

  packetId(): number {
    const id = this.u16();
    if (id === 0) throw new MalformedPacketError(`${this.what} has packet id 0`);
    return id;
  }

  string(): string {
    const length = this.u16();
    if (this.left < length) throw new MalformedPacketError(`${this.what}'s string is longer than the packet`);
    const bytes = this.body.subarray(this.offset, this.offset + length);
    this.offset += length;
    try {
      return decoder.decode(bytes);
    } catch {
      throw new MalformedPacketError(`${this.what}'s string is not UTF-8`);
    }
  }

  rest(): Uint8Array {
    const rest = this.body.subarray(this.offset);
    this.offset = this.body.length;
    return rest;
  }

  end(): void {
    if (this.left !== 0) throw new MalformedPacketError(`${this.what} is longer than it should be`);
  }
}

const PACKET_NAMES = [
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

/** Decodes one whole packet (first byte and body) sent by a server. */
export function decodeServerPacket(first: number, body: Uint8Array): ServerPacket {
  const type = first >> 4;
  const flags = first & 0x0f;
  const name = PACKET_NAMES[type]!;
  const expectFlags = (expected: number) => {
    if (flags !== expected) throw new MalformedPacketError(`${name} with flags ${flags}`);
  };
  const reader = new BodyReader(body, name);
  switch (type) {
    case CONNACK: {
      expectFlags(0);
      const acknowledge = reader.u8();
      if (acknowledge & 0xfe) throw new MalformedPacketError('CONNACK with reserved flags set');
      const returnCode = reader.u8();
      reader.end();
      return { type: 'connack', sessionPresent: (acknowledge & 1) === 1, returnCode };
    }
    case PUBLISH: {
      const qos = (flags >> 1) & 0x03;
      if (qos === 3) throw new MalformedPacketError('PUBLISH with QoS 3');
      const dup = (flags & 0x08) !== 0;
      if (qos === 0 && dup) throw new MalformedPacketError('PUBLISH with QoS 0 and DUP set');
      const topic = reader.string();
      if (topic === '' || /[#+\0]/.test(topic)) throw new MalformedPacketError(`PUBLISH to the topic name "${topic}"`);
      const packetId = qos > 0 ? reader.packetId() : undefined;
      return {
        type: 'publish',
        topic,
        payload: reader.rest(),
        qos: qos as 0 | 1 | 2,
        retain: (flags & 1) === 1,
        dup,
        packetId,
      };
    }
    case SUBACK: {
      expectFlags(0);
      const packetId = reader.packetId();
      if (reader.left === 0) throw new MalformedPacketError('SUBACK without return codes');
      const granted = Array.from(reader.rest());
      if (granted.some((code) => code > 2 && code !== SUBACK_FAILURE)) {
        throw new MalformedPacketError('SUBACK with an unknown return code');
      }
      return { type: 'suback', packetId, granted };
    }
    case UNSUBACK: {
      expectFlags(0);
      const packetId = reader.packetId();
      reader.end();
      return { type: 'unsuback', packetId };
    }
    case PUBREL: {
      expectFlags(2);
      const packetId = reader.packetId();
      reader.end();
      return { type: 'pubrel', packetId };
    }
    case PINGRESP:
      expectFlags(0);
      reader.end();
      return { type: 'pingresp' };
    default:
      // CONNECT, SUBSCRIBE, UNSUBSCRIBE, PINGREQ, DISCONNECT are the client's; PUBACK/PUBREC/PUBCOMP answer a QoS 1/2
      // PUBLISH of the client, and the console never publishes.
      throw new MalformedPacketError(`${name} is not a packet the broker sends to this client`);
  }
}

/**
 * Decodes the server's byte stream packet by packet, whatever the frames' boundaries. A MalformedPacketError, or an
 * OversizedPacketError for a packet whose fixed header announces more than `maxPacketBytes` (header included), leaves
 * the decoder unusable (the connection is to be closed): the announced body is never buffered.
 */
export class PacketDecoder {
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  private failed = false;

  constructor(private readonly maxPacketBytes: number = MAX_REMAINING_LENGTH + 5) {}

  /** The bytes held for a packet not yet complete. */
  get bufferedBytes(): number {
    return this.buffered;
  }

  /** Takes the next bytes; returns the packets they complete, in order. */
  push(bytes: Uint8Array): ServerPacket[] {
    if (this.failed) throw new MalformedPacketError('the stream was already refused');
    if (bytes.length > 0) {
      this.chunks.push(bytes);
      this.buffered += bytes.length;
    }
    const packets: ServerPacket[] = [];
    try {
      for (;;) {
        const header = this.header();
        if (!header) return packets;
        if (header.size + header.length > this.maxPacketBytes) {
          throw new OversizedPacketError(header.size + header.length, this.maxPacketBytes);
        }
        if (this.buffered < header.size + header.length) return packets;
        const whole = this.take(header.size + header.length);
        packets.push(decodeServerPacket(whole[0]!, whole.subarray(header.size)));
      }
    } catch (error) {
      this.failed = true;
      this.chunks = [];
      this.buffered = 0;
      throw error;
    }
  }

  /** The byte at `index` of what is buffered. */
  private at(index: number): number {
    for (const chunk of this.chunks) {
      if (index < chunk.length) return chunk[index]!;
      index -= chunk.length;
    }
    throw new RangeError('past the buffered bytes');
  }

  /** The fixed header's size and the remaining length, or undefined while incomplete. */
  private header(): { size: number; length: number } | undefined {
    let length = 0;
    let multiplier = 1;
    for (let index = 1; index <= 4; index += 1) {
      if (index >= this.buffered) return undefined;
      const byte = this.at(index);
      length += (byte & 0x7f) * multiplier;
      if ((byte & 0x80) === 0) return { size: index + 1, length };
      multiplier *= 128;
    }
    throw new MalformedPacketError('a remaining length longer than 4 bytes');
  }

  /** Removes the first `count` bytes (one contiguous view; copied only when they span several frames). */
  private take(count: number): Uint8Array {
    const first = this.chunks[0]!;
    let out: Uint8Array;
    if (first.length >= count) {
      out = first.subarray(0, count);
      if (first.length === count) this.chunks.shift();
      else this.chunks[0] = first.subarray(count);
    } else {
      out = new Uint8Array(count);
      let filled = 0;
      let used = 0;
      while (filled < count) {
        const chunk = this.chunks[used]!;
        const part = Math.min(chunk.length, count - filled);
        out.set(chunk.subarray(0, part), filled);
        filled += part;
        if (part === chunk.length) used += 1;
        else this.chunks[used] = chunk.subarray(part);
      }
      // Removed at once: a packet that came in many small frames costs no more than their number.
      this.chunks.splice(0, used);
    }
    this.buffered -= count;
    return out;
  }
}

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

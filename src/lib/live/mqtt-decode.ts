/** The packets a server sends (CONNACK, SUBACK, UNSUBACK, PUBLISH, PUBREL, PINGRESP), decoded one whole packet at a time. */
import {
  CONNACK,
  MalformedPacketError,
  PACKET_NAMES,
  PINGRESP,
  PUBLISH,
  PUBREL,
  SUBACK,
  SUBACK_FAILURE,
  UNSUBACK,
  type ServerPacket,
} from './mqtt-wire.ts';

const decoder = new TextDecoder('utf-8', { fatal: true });

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

/**
 * The server's packets as the console decodes them, against mqtt-packet, the generator the broker (aedes) uses: what
 * the reference generates as a server, the console decodes the same, whatever the frames' boundaries. Then the edges:
 * remaining lengths, the reader's size limit, malformed input.
 */
import { describe, expect, it } from 'vitest';
import { generate, type Packet } from 'mqtt-packet';
import { decodeServerPacket } from './mqtt-decode.ts';
import { encodeRemainingLength } from './mqtt-encode.ts';
import { PacketDecoder } from './mqtt-stream.ts';
import { MAX_REMAINING_LENGTH, MalformedPacketError, OversizedPacketError, type ServerPacket } from './mqtt-wire.ts';

const bytesOf = (packet: Packet) => new Uint8Array(generate(packet, { protocolVersion: 4 }));
const utf8 = (text: string) => new TextEncoder().encode(text);

/** Server packets from the reference generator, and what the console must decode from each. */
const SERVER_PACKETS: [Packet, ServerPacket][] = [
  [
    { cmd: 'connack', returnCode: 0, sessionPresent: false },
    { type: 'connack', returnCode: 0, sessionPresent: false },
  ],
  [
    { cmd: 'connack', returnCode: 4, sessionPresent: false },
    { type: 'connack', returnCode: 4, sessionPresent: false },
  ],
  [
    { cmd: 'suback', messageId: 513, granted: [0, 128, 1, 2, 128] },
    { type: 'suback', packetId: 513, granted: [0, 128, 1, 2, 128] },
  ],
  [{ cmd: 'unsuback', messageId: 9, granted: [] } as Packet, { type: 'unsuback', packetId: 9 }],
  [
    {
      cmd: 'publish',
      topic: 'panels/864215040012345',
      payload: Buffer.from('{"gsmlevel":40}'),
      qos: 0,
      retain: true,
      dup: false,
    },
    {
      type: 'publish',
      topic: 'panels/864215040012345',
      payload: utf8('{"gsmlevel":40}'),
      qos: 0,
      retain: true,
      dup: false,
      packetId: undefined,
    },
  ],
  [
    {
      cmd: 'publish',
      topic: 'şube/ç',
      payload: Buffer.from([0, 255, 128, 1]),
      qos: 1,
      messageId: 300,
      retain: false,
      dup: true,
    },
    {
      type: 'publish',
      topic: 'şube/ç',
      payload: new Uint8Array([0, 255, 128, 1]),
      qos: 1,
      retain: false,
      dup: true,
      packetId: 300,
    },
  ],
  [
    { cmd: 'publish', topic: 'a', payload: Buffer.alloc(0), qos: 2, messageId: 2, retain: false, dup: false },
    { type: 'publish', topic: 'a', payload: new Uint8Array(0), qos: 2, retain: false, dup: false, packetId: 2 },
  ],
  [
    { cmd: 'publish', topic: 'big', payload: Buffer.alloc(70_000, 7), qos: 0, retain: false, dup: false },
    {
      type: 'publish',
      topic: 'big',
      payload: new Uint8Array(70_000).fill(7),
      qos: 0,
      retain: false,
      dup: false,
      packetId: undefined,
    },
  ],
  [
    { cmd: 'pubrel', messageId: 2 },
    { type: 'pubrel', packetId: 2 },
  ],
  [{ cmd: 'pingresp' }, { type: 'pingresp' }],
];

/** Packets with their payloads as hex (a deep comparison of a 70 kB Uint8Array element by element is slow). */
const comparable = (packets: ServerPacket[]) =>
  packets.map((packet) =>
    packet.type === 'publish' ? { ...packet, payload: Buffer.from(packet.payload).toString('hex') } : packet,
  );

/** Feeds `stream` in pieces ending at `cuts`, collecting the packets (comparable). */
function decodeInPieces(stream: Uint8Array, cuts: number[]) {
  const decoder = new PacketDecoder();
  const packets: ServerPacket[] = [];
  let start = 0;
  for (const end of [...cuts, stream.length]) {
    packets.push(...decoder.push(stream.subarray(start, end)));
    start = end;
  }
  return comparable(packets);
}

describe('the packets a server sends, decoded from the reference generator', () => {
  const wholes = SERVER_PACKETS.map(([packet]) => bytesOf(packet));
  const expected = comparable(SERVER_PACKETS.map(([, decoded]) => decoded));
  const stream = new Uint8Array(wholes.reduce((sum, bytes) => sum + bytes.length, 0));
  wholes.reduce((offset, bytes) => (stream.set(bytes, offset), offset + bytes.length), 0);

  it('each packet on its own', () => {
    for (const [index, bytes] of wholes.entries()) {
      expect(comparable(new PacketDecoder().push(bytes))).toEqual([expected[index]]);
    }
  });

  it('all of them in one frame', () => {
    expect(decodeInPieces(stream, [])).toEqual(expected);
  });

  it('one byte a frame, and at every cut into two frames', () => {
    expect(
      decodeInPieces(
        stream,
        Array.from({ length: stream.length - 1 }, (_, index) => index + 1),
      ),
    ).toEqual(expected);
    // Every cut around the packets' boundaries and headers (the 70 kB payload's middle is one case of many).
    const boundaries = wholes.reduce<number[]>((ends, bytes) => [...ends, (ends.at(-1) ?? 0) + bytes.length], []);
    const cuts = new Set(boundaries.flatMap((end) => [end - 2, end - 1, end, end + 1, end + 2, end + 3, end + 4]));
    for (const cut of cuts) {
      if (cut <= 0 || cut >= stream.length) continue;
      expect(decodeInPieces(stream, [cut])).toEqual(expected);
    }
  });

  it('in frames of random sizes, with empty ones between', () => {
    let seed = 25;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 20; round += 1) {
      const cuts: number[] = [];
      for (let at = 0; at < stream.length; at += Math.floor(random() * 3000)) cuts.push(at);
      expect(decodeInPieces(stream, cuts)).toEqual(expected);
    }
  });
});

describe('the remaining length', () => {
  // MQTT 3.1.1 § 2.2.3's table: the smallest and largest value of each size.
  const EDGES: [number, number[]][] = [
    [0, [0x00]],
    [127, [0x7f]],
    [128, [0x80, 0x01]],
    [16_383, [0xff, 0x7f]],
    [16_384, [0x80, 0x80, 0x01]],
    [2_097_151, [0xff, 0xff, 0x7f]],
    [2_097_152, [0x80, 0x80, 0x80, 0x01]],
    [268_435_455, [0xff, 0xff, 0xff, 0x7f]],
  ];

  it('is encoded as the specification says, and refuses what does not fit', () => {
    for (const [length, bytes] of EDGES) expect(encodeRemainingLength(length)).toEqual(bytes);
    expect(MAX_REMAINING_LENGTH).toBe(268_435_455);
    for (const wrong of [-1, 268_435_456, 1.5]) expect(() => encodeRemainingLength(wrong)).toThrow(RangeError);
  });

  it('is decoded at each size: the packet is complete only when its last byte is there', () => {
    for (const [length, bytes] of EDGES.filter(([length]) => length >= 2 && length <= 2_097_152)) {
      // A PUBLISH to the topic "t" whose payload fills the length.
      const packet = new Uint8Array(1 + bytes.length + length);
      packet.set([0x30, ...bytes, 0, 1, 0x74]);
      const decoder = new PacketDecoder();
      expect(decoder.push(packet.subarray(0, packet.length - 1))).toEqual([]);
      const [decoded] = decoder.push(packet.subarray(packet.length - 1));
      expect(decoded).toMatchObject({ type: 'publish', topic: 't' });
      expect((decoded as { payload: Uint8Array }).payload.length).toBe(length - 3);
    }
    // The largest length is read and waited for (a 256 MB packet is not built here).
    expect(new PacketDecoder().push(new Uint8Array([0x30, 0xff, 0xff, 0xff, 0x7f, 0, 1]))).toEqual([]);
  });

  it('longer than 4 bytes is malformed', () => {
    expect(() => new PacketDecoder().push(new Uint8Array([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]))).toThrow(
      MalformedPacketError,
    );
  });
});

describe("a packet over the reader's limit", () => {
  const LIMIT = 68 * 1024;
  const TEN_MB = 10 * 1024 * 1024;

  it('is refused at its fixed header, before its body is buffered, and the trickle after it is not kept', () => {
    const decoder = new PacketDecoder(LIMIT);
    // A PUBLISH announcing 10 MB: the first byte, then the remaining length one byte a frame.
    const header = [0x30, ...encodeRemainingLength(TEN_MB)];
    expect(decoder.push(new Uint8Array(header.slice(0, 2)))).toEqual([]);
    expect(decoder.push(new Uint8Array(header.slice(2, 3)))).toEqual([]);
    let refusal: unknown;
    try {
      decoder.push(new Uint8Array(header.slice(3)));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(OversizedPacketError);
    expect(refusal).toMatchObject({ announced: TEN_MB + header.length, limit: LIMIT });
    expect(decoder.bufferedBytes).toBe(0);
    // The server goes on trickling its body: each piece is refused, none is kept.
    for (let piece = 0; piece < 100; piece += 1) {
      expect(() => decoder.push(new Uint8Array(1024).fill(0x61))).toThrow(MalformedPacketError);
      expect(decoder.bufferedBytes).toBe(0);
    }
  });

  it('is refused even when its body comes in the same frame; a packet at the limit is read', () => {
    const body = (length: number) => {
      const packet = new Uint8Array(1 + encodeRemainingLength(length).length + length);
      packet.set([0x30, ...encodeRemainingLength(length), 0, 1, 0x74]);
      return packet;
    };
    const atLimit = body(LIMIT - 4); // 1 + 3 header bytes
    expect(atLimit.length).toBe(LIMIT);
    expect(new PacketDecoder(LIMIT).push(atLimit)).toMatchObject([{ type: 'publish', topic: 't' }]);
    const decoder = new PacketDecoder(LIMIT);
    expect(() => decoder.push(body(LIMIT - 3))).toThrow(OversizedPacketError);
    expect(decoder.bufferedBytes).toBe(0);
  });
});

describe('malformed input from a server', () => {
  const CASES: [string, number[]][] = [
    ['a CONNECT (a client packet)', [...bytesOf({ cmd: 'connect', clientId: 'x', protocolVersion: 4 } as Packet)]],
    ['a SUBSCRIBE', [0x82, 0x06, 0, 1, 0, 1, 0x61, 0]],
    ['a PUBACK (the console never publishes)', [0x40, 0x02, 0, 1]],
    ['reserved type 0', [0x00, 0x00]],
    ['reserved type 15', [0xf0, 0x00]],
    ['a CONNACK with flags', [0x21, 0x02, 0, 0]],
    ['a CONNACK too long', [0x20, 0x03, 0, 0, 0]],
    ['a CONNACK too short', [0x20, 0x01, 0]],
    ['a CONNACK with reserved acknowledge flags', [0x20, 0x02, 0x02, 0]],
    ['a PUBLISH at QoS 3', [0x36, 0x03, 0, 1, 0x61]],
    ['a PUBLISH at QoS 0 with DUP', [0x38, 0x03, 0, 1, 0x61]],
    ['a PUBLISH to a wildcard', [0x30, 0x03, 0, 1, 0x23]],
    ['a PUBLISH to an empty topic', [0x30, 0x02, 0, 0]],
    ['a PUBLISH whose topic is not UTF-8', [0x30, 0x04, 0, 2, 0xc3, 0x28]],
    ['a PUBLISH whose topic runs past the packet', [0x30, 0x03, 0, 9, 0x61]],
    ['a PUBLISH at QoS 1 with packet id 0', [0x32, 0x05, 0, 1, 0x61, 0, 0]],
    ['a SUBACK without codes', [0x90, 0x02, 0, 1]],
    ['a SUBACK with an unknown code', [0x90, 0x03, 0, 1, 0x03]],
    ['a PUBREL with wrong flags', [0x60, 0x02, 0, 1]],
    ['a PINGRESP with a body', [0xd0, 0x01, 0]],
  ];

  it.each(CASES)('%s is a MalformedPacketError, and the decoder stays failed', (_name, bytes) => {
    const decoder = new PacketDecoder();
    expect(() => decoder.push(new Uint8Array(bytes))).toThrow(MalformedPacketError);
    expect(() => decoder.push(bytesOf({ cmd: 'pingresp' }))).toThrow(MalformedPacketError);
  });

  it('decodeServerPacket reads exactly the given body', () => {
    expect(decodeServerPacket(0x20, new Uint8Array([1, 5]))).toEqual({
      type: 'connack',
      sessionPresent: true,
      returnCode: 5,
    });
  });
});

/** The live benchmark reads the MQTT packets of the page's socket from bytes cut anywhere, as websocket frames are. */
import { describe, expect, it } from 'vitest';
import { MQTT, mqttReader } from './mqtt-probe.ts';

/** MQTT 3.1.1's remaining length: 7 bits a byte, least significant first, the top bit saying "more". */
function remainingLength(length: number): number[] {
  const bytes: number[] = [];
  do {
    let digit = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) digit |= 128;
    bytes.push(digit);
  } while (length > 0);
  return bytes;
}

const packet = (first: number, body: number[]) => [first, ...remainingLength(body.length), ...body];
const utf8 = (text: string) => [...new TextEncoder().encode(text)];
const string = (text: string) => [utf8(text).length >> 8, utf8(text).length & 255, ...utf8(text)];

const topics = Array.from({ length: 500 }, (_, index) => `panels/${864215090000000 + index}`);
// SUBSCRIBE (packet id 7, each topic at QoS 0): over 11 kB, a remaining length of two bytes.
const subscribe = packet(0x82, [0, 7, ...topics.flatMap((topic) => [...string(topic), 0])]);
// SUBACK: 499 granted, the last refused (0x80).
const suback = packet(0x90, [0, 7, ...topics.map((_, index) => (index === topics.length - 1 ? 0x80 : 0))]);
const publish = packet(0x30, [...string(topics[3]!), ...utf8('{"status":1}')]);
const connack = packet(0x20, [0, 0]);
const stream = Uint8Array.from([...connack, ...subscribe, ...publish, ...suback, ...publish]);

function read(chunks: Uint8Array[]): { type: number; body: number[] }[] {
  const packets: { type: number; body: number[] }[] = [];
  const feed = mqttReader((type, body) => packets.push({ type, body: [...body] }));
  for (const chunk of chunks) feed(chunk);
  return packets;
}

const expected = [
  { type: MQTT.connack, body: connack.slice(2) },
  { type: MQTT.subscribe, body: subscribe.slice(3) },
  { type: 3, body: publish.slice(2) },
  { type: MQTT.suback, body: suback.slice(3) },
  { type: 3, body: publish.slice(2) },
];

describe('the MQTT reader of the live benchmark', () => {
  it('reads packets whole from one chunk holding several', () => {
    expect(subscribe.slice(1, 3).every((byte, index) => (index === 0 ? byte >= 128 : byte < 128))).toBe(true);
    expect(read([stream])).toEqual(expected);
  });

  it('reads the same packets from the bytes cut anywhere (a byte at a time, or in odd sizes)', () => {
    expect(read([...stream].map((byte) => Uint8Array.of(byte)))).toEqual(expected);
    for (const size of [2, 3, 7, 500, 4096]) {
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < stream.length; at += size) chunks.push(stream.slice(at, at + size));
      expect(read(chunks)).toEqual(expected);
    }
  });

  it('waits for the rest of a packet cut inside its length', () => {
    const packets = read([stream.slice(0, connack.length + 2)]);
    expect(packets).toEqual([expected[0]]);
  });
});

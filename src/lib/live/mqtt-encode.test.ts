/**
 * The packets the console sends, against mqtt-packet, the parser the broker (aedes) and mqtt.js use: what the console
 * encodes, the reference parses back the same. Then packet ids, CONNACK texts and client ids.
 */
import { describe, expect, it } from 'vitest';
import { parser, type Packet } from 'mqtt-packet';
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
import { connackMessage } from './mqtt-wire.ts';

/** What the reference parser makes of bytes (exactly one packet, nothing left over). */
function referenceParse(bytes: Uint8Array): Packet[] {
  const reference = parser({ protocolVersion: 4 });
  const packets: Packet[] = [];
  const errors: Error[] = [];
  reference.on('packet', (packet: Packet) => packets.push(packet));
  reference.on('error', (error: Error) => errors.push(error));
  const left = reference.parse(Buffer.from(bytes));
  expect(errors).toEqual([]);
  expect(left).toBe(0);
  return packets;
}

describe('the packets the console sends, read by the reference parser', () => {
  it('CONNECT: protocol level 4, clean session, keepalive, client id, user name and password (UTF-8)', () => {
    const [packet] = referenceParse(
      encodeConnect({
        clientId: 'mqttjs_0a1b2c3d',
        username: 'konsol',
        password: 'şifre.ğü',
        keepalive: 60,
        clean: true,
      }),
    );
    expect(packet).toMatchObject({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clean: true,
      keepalive: 60,
      clientId: 'mqttjs_0a1b2c3d',
      username: 'konsol',
    });
    expect(Buffer.from((packet as { password: Buffer }).password).toString('utf8')).toBe('şifre.ğü');
    // Without credentials, the flags say so.
    const [anonymous] = referenceParse(encodeConnect({ clientId: 'x', keepalive: 0, clean: true }));
    expect(anonymous).toMatchObject({ clientId: 'x', keepalive: 0 });
    expect(anonymous).not.toHaveProperty('username');
    expect(anonymous).not.toHaveProperty('password');
  });

  it('SUBSCRIBE of many topics in one packet, each at QoS 0; UNSUBSCRIBE; the acknowledgements; PINGREQ; DISCONNECT', () => {
    const topics = Array.from({ length: 2000 }, (_, index) => `panels/${864215040000000 + index}`).concat('paneller/ş');
    const [subscribe] = referenceParse(encodeSubscribe(65535, topics));
    expect(subscribe).toMatchObject({ cmd: 'subscribe', messageId: 65535 });
    expect((subscribe as { subscriptions: { topic: string; qos: number }[] }).subscriptions).toEqual(
      topics.map((topic) => expect.objectContaining({ topic, qos: 0 })),
    );
    expect(referenceParse(encodeUnsubscribe(7, ['a/b', 'ç/d']))[0]).toMatchObject({
      cmd: 'unsubscribe',
      messageId: 7,
      unsubscriptions: ['a/b', 'ç/d'],
    });
    expect(referenceParse(encodeAck('puback', 258))[0]).toMatchObject({ cmd: 'puback', messageId: 258 });
    expect(referenceParse(encodeAck('pubrec', 1))[0]).toMatchObject({ cmd: 'pubrec', messageId: 1 });
    expect(referenceParse(encodeAck('pubcomp', 65535))[0]).toMatchObject({ cmd: 'pubcomp', messageId: 65535 });
    expect(referenceParse(encodePingreq())[0]).toMatchObject({ cmd: 'pingreq' });
    expect(referenceParse(encodeDisconnect())[0]).toMatchObject({ cmd: 'disconnect' });
  });

  it('refuses what MQTT cannot carry', () => {
    expect(() => encodeSubscribe(0, ['a'])).toThrow(RangeError);
    expect(() => encodeSubscribe(65536, ['a'])).toThrow(RangeError);
    expect(() => encodeSubscribe(1, [])).toThrow();
    expect(() => encodeSubscribe(1, ['x'.repeat(65536)])).toThrow(/65535 bytes/);
    expect(() => encodeConnect({ clientId: 'x', keepalive: 65536, clean: true })).toThrow(RangeError);
    expect(() => encodeConnect({ clientId: 'x', password: 'p', keepalive: 60, clean: true })).toThrow();
  });
});

describe('packet ids and the rest', () => {
  it('go 1..65535, wrap, skip those in flight, and run out only when all are in flight', () => {
    const ids = new PacketIds();
    expect([ids.next(), ids.next(), ids.next()]).toEqual([1, 2, 3]);
    ids.release(2);
    const rest = Array.from({ length: 65_532 }, () => ids.next());
    expect(rest[0]).toBe(4);
    expect(rest.at(-1)).toBe(65_535);
    expect(rest.every((id, index) => id === index + 4)).toBe(true);
    // Wrapped: 1 and 3 are in flight, 2 was released.
    expect(ids.next()).toBe(2);
    expect(ids.inFlight).toBe(65_535);
    expect(() => ids.next()).toThrow(/Every MQTT packet id/);
    ids.release(40_000);
    expect(ids.next()).toBe(40_000);
  });

  it('CONNACK codes have clear texts; client ids look like mqtt.js ones and differ', () => {
    expect(connackMessage(4)).toBe('Connection refused: bad user name or password');
    expect(connackMessage(5)).toBe('Connection refused: not authorized');
    expect(connackMessage(1)).toMatch(/protocol version/);
    expect(connackMessage(3)).toMatch(/server unavailable/);
    expect(connackMessage(42)).toMatch(/unknown return code 42/);
    const ids = new Set(Array.from({ length: 50 }, randomClientId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^mqttjs_[0-9a-f]{8}$/);
  });
});

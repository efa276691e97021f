/**
 * The console's MQTT transport against the real broker and its ACL (the access token is the password), and against a
 * tiny WebSocket server for what a broker should never do (malformed bytes, no answer, a lost SUBACK) or does rarely
 * (QoS 1 and 2 deliveries): mqtt-packet, the parser and generator of aedes and mqtt.js, speaks for that server.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generate, parser, type Packet } from 'mqtt-packet';
import { WebSocket, WebSocketServer } from 'ws';
import type { Client } from 'aedes';
import { signMockToken } from '../../../mocks/access.ts';
import { startBroker, type RunningBroker } from '../../../mocks/broker.ts';
import { freePort } from '../../../mocks/ports.ts';
import { BROWSER_OFFLINE, createMqttTransport, type MqttTransport } from './mqtt-transport.ts';
import type { TransportEvent } from './live-types.ts';
import { MAX_PACKET_BYTES } from './limits.ts';

const PANEL = 864215040012345;
// Tokens the mock's server signed (the broker refuses any other, and any without an expiry).
const AN_HOUR = Math.floor(Date.now() / 1000) + 3600;
const FIRST = signMockToken({ Username: 'user', UserType: 0, user_id: 3, iat: 1, exp: AN_HOUR });
const REFRESHED = signMockToken({ Username: 'user', UserType: 0, user_id: 3, iat: 2, exp: AN_HOUR });
// A user with 1,000 panels: every other one of 2,000 topics asked.
const MANY = signMockToken({ Username: 'many', UserType: 0, user_id: 4, iat: 3, exp: AN_HOUR });
const TOPICS = Array.from({ length: 2000 }, (_, index) => `panels/${864215040100000 + index}`);
const MANY_GRANTED = TOPICS.filter((_, index) => index % 2 === 0);
const EXPIRED = signMockToken({ Username: 'user', UserType: 0, user_id: 3, iat: 1, exp: 1 });

// The browser's WebSocket (Node 20 has no global one; the `ws` package's has the same interface).
vi.stubGlobal('WebSocket', WebSocket);

let broker: RunningBroker;
const signIns: string[] = [];

beforeAll(async () => {
  broker = await startBroker({
    port: await freePort(),
    consoleUsername: 'console',
    topicsFor: (accessToken) => {
      signIns.push(accessToken);
      return accessToken === MANY ? MANY_GRANTED : [`panels/${PANEL}`];
    },
  });
});
afterAll(async () => broker?.stop());

const until = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('mqtt transport', () => {
  it('signs in with the access token, and again with a refreshed one, keeping its subscriptions', async () => {
    const statuses: string[] = [];
    const received: string[] = [];
    const transport = createMqttTransport({ url: broker.url, username: 'console', password: FIRST });
    transport.onStatus((event) => statuses.push(event.status));
    try {
      transport.onMessage((_topic, payload) => received.push(new TextDecoder().decode(payload)));
      await until(() => statuses.includes('connected'), 'the first connection');
      expect(await transport.subscribe([`panels/${PANEL}`, 'panels/999000000000001'])).toEqual([true, false]);
      // Panel states are retained: the message arrives whether it is published before or after the SUBSCRIBE.
      await broker.publish(`panels/${PANEL}`, { dev_id: PANEL, gsmlevel: 40 });
      await until(() => received.some((text) => text.includes('"gsmlevel":40')), 'the first message');

      transport.reauthenticate(REFRESHED);
      await until(() => signIns.at(-1) === REFRESHED, 'the sign-in with the refreshed token');
      await until(() => statuses.filter((status) => status === 'connected').length === 2, 'the second connection');
      // A new connection has no subscriptions (the store subscribes again on `connected`).
      await transport.subscribe([`panels/${PANEL}`]);
      await broker.publish(`panels/${PANEL}`, { dev_id: PANEL, gsmlevel: 60 });
      await until(() => received.some((text) => text.includes('"gsmlevel":60')), 'a message after the refresh');
      expect(signIns).toEqual([FIRST, REFRESHED]);
      // One connection was replaced on purpose: no retry was planned for it.
      expect(statuses).toEqual(['connecting', 'connected', 'connecting', 'connected']);
    } finally {
      transport.end();
    }
  });
});

/** A transport and every status it said. */
function watched(options: Partial<Parameters<typeof createMqttTransport>[0]> & { url: string }) {
  const events: TransportEvent[] = [];
  const transport = createMqttTransport({ username: 'console', password: FIRST, ...options });
  transport.onStatus((event) => events.push(event));
  const connections = () => events.filter((event) => event.status === 'connected').length;
  return { transport, events, connections };
}

describe('mqtt transport against the broker', () => {
  it('says why a sign-in is refused (status error), keeps trying, and signs in with a new token', async () => {
    const wrongUser = watched({ url: broker.url, username: 'someone', delay: () => 60_000 });
    const expired = watched({ url: broker.url, password: EXPIRED, delay: () => 60_000 });
    const attempts: number[] = [];
    const bad = watched({
      url: broker.url,
      password: 'not-a-token',
      delay: (attempt) => (attempts.push(attempt), 20),
    });
    try {
      await until(() => wrongUser.events.some((event) => event.status === 'error'), 'the refusal of a wrong user');
      expect(wrongUser.events.at(-1)).toMatchObject({
        status: 'error',
        detail: 'Connection refused: bad user name or password',
        reconnects: 0,
      });
      expect(wrongUser.events.at(-1)!.nextRetryAt).toBeGreaterThan(Date.now());
      await until(() => expired.events.some((event) => event.status === 'error'), 'the refusal of an expired token');
      expect(expired.events.at(-1)).toMatchObject({ status: 'error', detail: 'Connection refused: not authorized' });

      // Refused again on each retry (the error stays until a sign-in succeeds), with the back-off's growing attempts.
      await until(() => attempts.length >= 3, 'three refused attempts');
      expect(attempts.slice(0, 3)).toEqual([0, 1, 2]);
      expect(
        bad.events.filter((event) => event.status === 'error').every((event) => /bad user name/.test(event.detail!)),
      ).toBe(true);
      bad.transport.reauthenticate(FIRST); // not connected: the next attempt signs in with it
      await until(() => bad.connections() === 1, 'the sign-in with a valid token');
      expect(bad.events.at(-1)).toEqual({ status: 'connected', reconnects: expect.any(Number) });
      expect(await bad.transport.subscribe([`panels/${PANEL}`])).toEqual([true]);
    } finally {
      for (const { transport } of [wrongUser, expired, bad]) transport.end();
    }
  });

  it('subscribes 2,000 topics in one packet with the broker’s answer per topic, and unsubscribes', async () => {
    const { transport, connections } = watched({ url: broker.url, password: MANY });
    const received: string[] = [];
    transport.onMessage((topic) => received.push(topic));
    try {
      await until(() => connections() === 1, 'the connection');
      const granted = await transport.subscribe(TOPICS);
      expect(granted).toEqual(TOPICS.map((_, index) => index % 2 === 0));
      const [kept, left] = MANY_GRANTED as [string, string];
      const unsubscribed: string[] = [];
      const onUnsubscribe = (topics: string[]) => unsubscribed.push(...topics);
      broker.broker.on('unsubscribe', onUnsubscribe);
      transport.unsubscribe([left]);
      await until(() => unsubscribed.includes(left), 'the broker handling the UNSUBSCRIBE');
      broker.broker.removeListener('unsubscribe', onUnsubscribe);
      // Answered in order on one connection: once `kept`'s message is in, `left`'s would have been before it.
      await broker.publish(left, { dev_id: 1 });
      await broker.publish(kept, { dev_id: 2 });
      await until(() => received.includes(kept), 'the message of a topic still subscribed');
      expect(received).not.toContain(left);
    } finally {
      transport.end();
    }
  });

  it('sends a PINGREQ when idle for the keepalive period and stays connected', async () => {
    const pings: string[] = [];
    const onPing = (_packet: unknown, client: Client) => pings.push(client.id);
    broker.broker.on('ping', onPing);
    const { transport, events, connections } = watched({ url: broker.url, keepaliveSeconds: 1 });
    try {
      await until(() => connections() === 1, 'the connection');
      await until(() => pings.length >= 2, 'two pings');
      expect(new Set(pings).size).toBe(1);
      expect(pings[0]).toMatch(/^mqttjs_[0-9a-f]{8}$/);
      expect(events.map((event) => event.status)).toEqual(['connecting', 'connected']);
    } finally {
      broker.broker.removeListener('ping', onPing);
      transport.end();
    }
  });

  it('gives the connection up when the browser says it is offline, and tries again as soon as it is back online', async () => {
    const browser = new EventTarget();
    const { transport, events, connections } = watched({ url: broker.url, connectivity: browser, delay: () => 60_000 });
    try {
      await until(() => connections() === 1, 'the connection');
      browser.dispatchEvent(new Event('offline'));
      // At once, not a keepalive later: the feed says offline, with the reason, a retry planned (a minute away here).
      expect(events.at(-1)).toMatchObject({ status: 'offline', detail: BROWSER_OFFLINE, reconnects: 0 });
      browser.dispatchEvent(new Event('online'));
      await until(() => connections() === 2, 'the connection once back online');
      expect(events.map((event) => event.status)).toEqual([
        'connecting',
        'connected',
        'offline',
        'connecting',
        'connected',
      ]);
      expect(await transport.subscribe([`panels/${PANEL}`])).toEqual([true]);
      // Online again while connected: nothing happens; after end() the browser's events change nothing.
      browser.dispatchEvent(new Event('online'));
      transport.end();
      const seen = events.length;
      browser.dispatchEvent(new Event('offline'));
      browser.dispatchEvent(new Event('online'));
      expect(events).toHaveLength(seen);
    } finally {
      transport.end();
    }
  });

  it('comes back after the broker drops the connection, and after the broker restarts, with its back-off', async () => {
    const clients: Client[] = [];
    const onClient = (client: Client) => clients.push(client);
    broker.broker.on('client', onClient);
    const attempts: number[] = [];
    const { transport, events, connections } = watched({
      url: broker.url,
      delay: (attempt) => (attempts.push(attempt), 50),
    });
    try {
      await until(() => connections() === 1, 'the connection');
      clients.at(-1)!.close();
      await until(() => connections() === 2, 'the connection after the broker closed it');
      expect(events.map((event) => event.status)).toEqual([
        'connecting',
        'connected',
        'offline',
        'connecting',
        'connected',
      ]);
      expect(events[2]).toMatchObject({ reconnects: 0, detail: undefined });
      expect(events[2]!.nextRetryAt).toBeGreaterThan(0);
      expect(events[4]).toEqual({ status: 'connected', reconnects: 1 });
      expect(attempts).toEqual([0]);
      expect(await transport.subscribe([`panels/${PANEL}`])).toEqual([true]);
    } finally {
      broker.broker.removeListener('client', onClient);
      transport.end();
    }

    // A broker of its own, stopped and started again on the same port.
    const port = await freePort();
    const own = () => startBroker({ port, consoleUsername: 'console', topicsFor: () => [`panels/${PANEL}`] });
    let restartable = await own();
    attempts.length = 0;
    const again = watched({ url: restartable.url, delay: (attempt) => (attempts.push(attempt), 50) });
    try {
      await until(() => again.connections() === 1, 'the connection to the second broker');
      await restartable.stop();
      await until(() => attempts.length >= 3, 'three attempts while the broker is down');
      expect(attempts.slice(0, 3)).toEqual([0, 1, 2]);
      expect(again.events.slice(2).every((event) => event.status === 'offline' || event.status === 'connecting')).toBe(
        true,
      );
      restartable = await own();
      await until(() => again.connections() === 2, 'the connection once the broker is back');
      expect(again.events.at(-1)).toEqual({ status: 'connected', reconnects: attempts.length });
      expect(await again.transport.subscribe([`panels/${PANEL}`])).toEqual([true]);
    } finally {
      again.transport.end();
      await restartable.stop();
    }
  });
});

/** A WebSocket server speaking as a broker would, or should not; `answer` is called with each packet it reads. */
async function fakeBroker(
  answer: (packet: Packet, peer: { send(data: Packet | Uint8Array | string): void; close(): void }) => void,
) {
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: await freePort(),
    handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false),
  });
  await once(wss, 'listening');
  const seen: Packet[] = [];
  let closed = 0;
  wss.on('connection', (socket) => {
    const reader = parser({ protocolVersion: 4 });
    const peer = {
      send: (data: Packet | Uint8Array | string) =>
        socket.send(typeof data === 'string' || data instanceof Uint8Array ? data : generate(data)),
      close: () => socket.close(),
    };
    reader.on('packet', (packet: Packet) => {
      seen.push(packet);
      answer(packet, peer);
    });
    socket.on('message', (data: Buffer) => reader.parse(data));
    socket.on('close', () => (closed += 1));
  });
  const address = wss.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${address.port}`,
    seen,
    closed: () => closed,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

const CONNACK: Packet = { cmd: 'connack', returnCode: 0, sessionPresent: false };
const commands = (packets: Packet[]) => packets.map((packet) => packet.cmd);

describe('mqtt transport against a misbehaving or unusual server', () => {
  let fake: Awaited<ReturnType<typeof fakeBroker>> | undefined;
  let transport: MqttTransport | undefined;
  const end = async () => {
    transport?.end();
    await fake?.stop();
    transport = fake = undefined;
  };

  it('closes the connection with an error on malformed bytes, without throwing, and tries again', async () => {
    const garbage = [
      new Uint8Array([0x20, 0x02, 0, 0, 0xf0, 0x00]), // a CONNACK, then a packet of reserved type 15, in one frame
      'CONNACK', // a text frame
      new Uint8Array([0x20, 0x02, 0, 0, 0x90, 0xff, 0xff, 0xff, 0xff, 0x01]), // a 5-byte remaining length
    ];
    try {
      for (const bytes of garbage) {
        fake = await fakeBroker((packet, peer) => packet.cmd === 'connect' && peer.send(bytes));
        const watching = watched({ url: fake.url, delay: () => 60_000 });
        transport = watching.transport;
        await until(() => watching.events.some((event) => event.status === 'error'), 'the error');
        expect(watching.events.at(-1)).toMatchObject({ status: 'error', reconnects: 0 });
        expect(watching.events.at(-1)!.detail).toMatch(/^Malformed MQTT packet from the broker: /);
        expect(watching.events.at(-1)!.nextRetryAt).toBeGreaterThan(Date.now());
        await until(() => fake!.closed() === 1, 'the connection closed by the console');
        await end();
      }
    } finally {
      await end();
    }
  });

  it('closes the connection with a clear error when a packet announces more than the limit, and tries again', async () => {
    try {
      // A CONNACK, then the fixed header of a PUBLISH announcing 10 MB, then its body trickling in.
      fake = await fakeBroker((packet, peer) => {
        if (packet.cmd !== 'connect') return;
        peer.send(new Uint8Array([0x20, 0x02, 0, 0, 0x30, 0x80, 0x80, 0x80, 0x05]));
        for (let piece = 0; piece < 5; piece += 1) peer.send(new Uint8Array(512));
      });
      const watching = watched({ url: fake.url, delay: () => 60_000 });
      transport = watching.transport;
      await until(() => watching.events.some((event) => event.status === 'error'), 'the error');
      expect(watching.events.at(-1)).toMatchObject({
        status: 'error',
        detail: `The broker announced a packet of ${10 * 1024 * 1024 + 5} bytes; the live feed takes at most ${MAX_PACKET_BYTES}`,
      });
      expect(watching.events.at(-1)!.nextRetryAt).toBeGreaterThan(Date.now());
      await until(() => fake!.closed() === 1, 'the connection closed by the console');
    } finally {
      await end();
    }
  });

  it('gives up on a server that does not answer the CONNECT within the timeout, and on a lost keepalive', async () => {
    try {
      fake = await fakeBroker(() => undefined);
      const silent = watched({ url: fake.url, connectTimeoutMs: 200, delay: () => 60_000 });
      transport = silent.transport;
      await until(() => silent.events.some((event) => event.status === 'offline'), 'the timeout');
      expect(silent.events.at(-1)).toMatchObject({
        status: 'offline',
        detail: 'The broker did not answer within 0.2 s',
      });
      expect(commands(fake.seen)).toEqual(['connect']);
      await end();

      // Signed in, then no PINGRESP: lost after a keepalive period more.
      fake = await fakeBroker((packet, peer) => packet.cmd === 'connect' && peer.send(CONNACK));
      const mute = watched({ url: fake.url, keepaliveSeconds: 1, delay: () => 60_000 });
      transport = mute.transport;
      await until(() => mute.events.some((event) => event.status === 'offline'), 'the keepalive timeout');
      expect(mute.events.map((event) => event.status)).toEqual(['connecting', 'connected', 'offline']);
      expect(mute.events.at(-1)!.detail).toMatch(/^Keepalive timeout/);
      expect(commands(fake.seen)).toEqual(['connect', 'pingreq']);
      expect(fake.seen[0]).toMatchObject({ keepalive: 1, clean: true, protocolVersion: 4, username: 'console' });
    } finally {
      await end();
    }
  });

  it('rejects a subscription whose connection is lost before its SUBACK', async () => {
    try {
      fake = await fakeBroker((packet, peer) => {
        if (packet.cmd === 'connect') peer.send(CONNACK);
        if (packet.cmd === 'subscribe') peer.close();
      });
      const watching = watched({ url: fake.url, delay: () => 60_000 });
      transport = watching.transport;
      await until(() => watching.connections() === 1, 'the connection');
      await expect(transport.subscribe(['panels/1', 'panels/2'])).rejects.toThrow(/lost/);
      expect(watching.events.at(-1)).toMatchObject({ status: 'offline' });
      // And one made while not connected is refused at once (the store subscribes again on `connected`).
      await expect(transport.subscribe(['panels/1'])).rejects.toThrow(/Not connected/);
    } finally {
      await end();
    }
  });

  it('acknowledges a QoS 1 message and receives a QoS 2 one exactly once; end() disconnects and stops', async () => {
    const TOPIC = 'panels/864215040012345';
    const payload = (text: string) => Buffer.from(text);
    try {
      fake = await fakeBroker((packet, peer) => {
        if (packet.cmd === 'connect') {
          peer.send(CONNACK);
          peer.send({
            cmd: 'publish',
            topic: TOPIC,
            payload: payload('one'),
            qos: 1,
            messageId: 5,
            retain: false,
            dup: false,
          });
          peer.send({
            cmd: 'publish',
            topic: TOPIC,
            payload: payload('two'),
            qos: 2,
            messageId: 6,
            retain: false,
            dup: false,
          });
          // Sent again (its PUBREC "lost"): received once.
          peer.send({
            cmd: 'publish',
            topic: TOPIC,
            payload: payload('two'),
            qos: 2,
            messageId: 6,
            retain: false,
            dup: true,
          });
          peer.send({ cmd: 'pubrel', messageId: 6 });
          // The id is free again after the PUBREL: a new message.
          peer.send({
            cmd: 'publish',
            topic: TOPIC,
            payload: payload('three'),
            qos: 2,
            messageId: 6,
            retain: false,
            dup: false,
          });
        }
      });
      const delays: number[] = [];
      const watching = watched({ url: fake.url, delay: (attempt) => (delays.push(attempt), 60_000) });
      transport = watching.transport;
      const received: string[] = [];
      transport.onMessage((topic, bytes) => received.push(`${topic} ${new TextDecoder().decode(bytes)}`));
      await until(() => fake!.seen.length >= 5, 'the acknowledgements');
      expect(received).toEqual([`${TOPIC} one`, `${TOPIC} two`, `${TOPIC} three`]);
      expect(fake.seen.slice(1).map((packet) => [packet.cmd, (packet as { messageId?: number }).messageId])).toEqual([
        ['puback', 5],
        ['pubrec', 6],
        ['pubrec', 6],
        ['pubcomp', 6],
        ['pubrec', 6],
      ]);
      transport.end();
      await until(() => fake!.closed() === 1, 'the connection closed');
      expect(commands(fake.seen).at(-1)).toBe('disconnect');
      expect(delays).toEqual([]);
      expect(watching.events.map((event) => event.status)).toEqual(['connecting', 'connected']);
    } finally {
      await end();
    }
  });
});

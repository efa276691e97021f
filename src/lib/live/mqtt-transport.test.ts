/** The console's MQTT transport against the real broker and its ACL: the access token is the password. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { signMockToken } from '../../../mocks/access.ts';
import { startBroker, type RunningBroker } from '../../../mocks/broker.ts';
import { freePort } from '../../../mocks/ports.ts';
import { createMqttTransport } from './mqtt-transport.ts';

const PANEL = 864215040012345;
// Tokens the mock's server signed (the broker refuses any other).
const FIRST = signMockToken({ Username: 'user', UserType: 0, user_id: 3, iat: 1 });
const REFRESHED = signMockToken({ Username: 'user', UserType: 0, user_id: 3, iat: 2 });

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
      return [`panels/${PANEL}`];
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

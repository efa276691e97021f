/**
 * The mock stack with its real parts: Prism on the contract, the mock front, the aedes broker and the panel
 * simulator, driven over HTTP and MQTT as the console drives them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { freePort } from './ports.ts';
import { DEVELOPMENT_CONFIG as config } from './console-config.ts';
import { startMockStack, type RunningStack } from './stack.ts';
import validatePayload from '../generated/live/validate-panel-update.js';

const PANEL_1 = 864215040012345;
const PANEL_3_DISCONNECTED = 864215040034567;
let stack: RunningStack;
let token: string;

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${stack.apiUrl}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
  });

const nextMessage = (client: mqtt.MqttClient, topic: string, accept: (payload: Record<string, unknown>) => boolean) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching message on ${topic}`)), 10_000);
    const handler = (received: string, raw: Buffer) => {
      if (received !== topic) return;
      const payload = JSON.parse(raw.toString()) as Record<string, unknown>;
      if (!accept(payload)) return;
      clearTimeout(timer);
      client.off('message', handler);
      resolve(payload);
    };
    client.on('message', handler);
  });

beforeAll(async () => {
  stack = await startMockStack({
    ports: { api: await freePort(), prism: await freePort(), broker: await freePort() },
    brokerUsername: config.brokerUsername,
    topicTemplate: config.liveTopicTemplate,
    tickMs: 0,
  });
  const login = await fetch(`${stack.apiUrl}/api/logins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'user', password: 'secret' }),
  });
  token = ((await login.json()) as { data: { token: string } }).data.token;
}, 90_000);

afterAll(async () => {
  await stack?.stop();
});

const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('mock API front', () => {
  it.each([
    ['admin', 2],
    ['dealer', 1],
    ['user', 0],
  ])('signs in %s with the token of user type %i', async (username, userType) => {
    const response = await fetch(`${stack.apiUrl}/api/logins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'anything' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { token: string } };
    expect(claims(body.data.token)).toMatchObject({ Username: username, UserType: userType });
  });

  it('refuses an unknown account with the 401 example', async () => {
    const response = await fetch(`${stack.apiUrl}/api/logins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'mallory', password: 'x' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Kullanıcı adı veya şifre hatalı' });
  });

  it('answers per signed-in user (changed-jwt, user detail)', async () => {
    const detail = (await (await api('/user/getuserdetail')).json()) as { data: { name: string } };
    expect(detail.data.name).toBe('Zeynep Kaya');
    const refreshed = (await (await api('/changed-jwt')).json()) as { data: { data: { token: string } } };
    expect(claims(refreshed.data.data.token).Username).toBe('user');
  });

  it('answers the panel asked for', async () => {
    const panel3 = (await (await api(`/command/devices/${PANEL_3_DISCONNECTED}/devicepart/0`)).json()) as {
      data: { description: string; connected: boolean };
    };
    expect(panel3.data).toMatchObject({ description: 'Yazlık Bodrum', connected: false });
    const zones = (await (await api(`/command/devices/${PANEL_1}/zones`)).json()) as { data: { name: string }[] };
    expect(zones.data.map((zone) => zone.name)).toContain('Giris Kapisi');
  });

  it('reads the settings group asked for, checks the panel password and reads the log', async () => {
    const read = (body: object) =>
      api('/command/devices/getpanelsettings', { method: 'POST', body: JSON.stringify(body) }).then(
        (r) => r.json() as Promise<Record<string, unknown>>,
      );
    const base = { dev_id: PANEL_1, member: 0, offset: 0, user_pass: '1234' };
    for (const group of [0, 5, 13, 21]) {
      const result = await read({ ...base, command: 'GET', group });
      expect(result.group).toBe(group);
    }
    expect(await read({ ...base, command: 'USER', group: 2 })).toMatchObject({ err: 0 });
    const wrong = await read({ ...base, user_pass: '0000', command: 'USER', group: 2 });
    expect(wrong.err).not.toBe(0);
    const log = await read({ ...base, command: 'EVENT', group: 0, event_start_pos: 1, event_count: 10 });
    expect(JSON.stringify(log)).toContain('event_time');
  });

  it('rejects a request that breaks the contract (Prism validates it)', async () => {
    const response = await api('/command/devices/controlpanel', {
      method: 'POST',
      body: JSON.stringify({ dev_id: 'not-a-number', command: 'ARM' }),
    });
    expect([400, 422]).toContain(response.status);
  });

  it('passes a developer-chosen Prefer header through', async () => {
    const response = await api('/command/devices/userdevices/0?limit=10', { headers: { prefer: 'example=empty' } });
    const body = (await response.json()) as { data: unknown[] };
    expect(body.data).toEqual([]);
  });
});

describe('panel commands reach the live feed', () => {
  let client: mqtt.MqttClient;
  const topic = config.liveTopicTemplate.replace('{dev_id}', String(PANEL_1));

  beforeAll(async () => {
    client = mqtt.connect(stack.brokerUrl, { username: config.brokerUsername, password: token });
    await new Promise((resolve, reject) => {
      client.once('connect', resolve);
      client.once('error', reject);
    });
    await client.subscribeAsync([topic]);
  });
  afterAll(() => client?.end(true));

  const command = (body: object) =>
    api('/command/devices/controlpanel', {
      method: 'POST',
      body: JSON.stringify({ dev_id: PANEL_1, password: '1234', partno: 0, ispart: false, ...body }),
    }).then((r) => r.json() as Promise<{ Err: number }>);

  it('arms and disarms; every message is valid against the AsyncAPI payload schema', async () => {
    const armed = nextMessage(client, topic, (p) => p.armed === true);
    expect((await command({ command: 'ARM' })).Err).toBe(0);
    const message = await armed;
    expect(validatePayload(message)).toBe(true);
    expect(message).toMatchObject({ dev_id: PANEL_1, armed: true, stayarmed: false });
    const disarmed = nextMessage(client, topic, (p) => p.armed === false);
    expect((await command({ command: 'DISARM' })).Err).toBe(0);
    expect(await disarmed).toMatchObject({ armed: false });
  });

  it('bypasses a zone and switches an output', async () => {
    const bypassed = nextMessage(client, topic, (p) => Array.isArray(p.zones));
    expect((await command({ command: 'BYPASS', zoneoutno: 2, status: 1 })).Err).toBe(0);
    expect(await bypassed).toMatchObject({ zones: [{ zone_no: 2, zone_byp_status: 2 }] });
    const switched = nextMessage(client, topic, (p) => Array.isArray(p.outs));
    expect((await command({ command: 'OUTPUT', zoneoutno: 0, status: 1 })).Err).toBe(0);
    expect(await switched).toMatchObject({ outs: [{ out_no: 0, out_status: 1 }] });
  });

  it('refuses a wrong panel password without moving the panel', async () => {
    const before = stack.simulator.published;
    const result = await command({ command: 'ARM', password: '0000' });
    expect(result.Err).not.toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stack.simulator.published).toBe(before);
  });

  it('refuses commands to a disconnected panel', async () => {
    const result = await api('/command/devices/controlpanel', {
      method: 'POST',
      body: JSON.stringify({
        dev_id: PANEL_3_DISCONNECTED,
        command: 'ARM',
        password: '1234',
        partno: 0,
        ispart: false,
      }),
    }).then((r) => r.json() as Promise<{ Err: number }>);
    expect(result.Err).not.toBe(0);
  });

  it('never published a payload that broke the schema', () => {
    expect(stack.simulator.rejected).toBe(0);
  });
});

describe('broker ACL (console users sign in with their access token)', () => {
  const topicOf = (devId: number) => config.liveTopicTemplate.replace('{dev_id}', String(devId));
  const OTHER_PANEL = 999000000000001;
  const signedToken = (claims: Record<string, unknown>) =>
    ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'x'].join('.');

  const connect = (password: string, username = config.brokerUsername) =>
    mqtt.connect(stack.brokerUrl, { username, password, reconnectPeriod: 0 });
  const connected = async (password: string) => {
    const client = connect(password);
    await new Promise((resolve, reject) => {
      client.once('connect', resolve);
      client.once('error', reject);
    });
    return client;
  };
  const refusal = async (client: mqtt.MqttClient) => {
    const error = await new Promise<Error>((resolve) => client.once('error', resolve));
    client.end(true);
    return error.message;
  };
  /** The granted QoS per topic filter, one SUBSCRIBE each; 128 is the broker's refusal. */
  const granted = async (client: mqtt.MqttClient, filters: string[]) => {
    const codes: [string, number | undefined][] = [];
    for (const filter of filters) {
      try {
        codes.push([filter, (await client.subscribeAsync(filter))[0]?.qos]);
      } catch (error) {
        codes.push([filter, (error as { packet?: { granted?: number[] } }).packet?.granted?.[0]]);
      }
    }
    return codes;
  };

  it('lets a user subscribe to each of their own panels and receive its state', async () => {
    const client = await connected(token);
    try {
      expect(await granted(client, [topicOf(PANEL_1)])).toEqual([[topicOf(PANEL_1), 0]]);
      const state = nextMessage(client, topicOf(PANEL_1), (p) => p.dev_id === PANEL_1);
      expect(await state).toMatchObject({ dev_id: PANEL_1 });
    } finally {
      client.end(true);
    }
  });

  it("refuses wildcards and panels that are not the user's", async () => {
    const client = await connected(token);
    try {
      const filters = ['#', 'panels/#', 'panels/+', '+/864215040012345', topicOf(OTHER_PANEL)];
      expect(await granted(client, filters)).toEqual(filters.map((filter) => [filter, 128]));
    } finally {
      client.end(true);
    }
  });

  it('disconnects a console user who publishes, and the panel state is not changed', async () => {
    const watcher = await connected(token);
    const publisher = await connected(token);
    try {
      await watcher.subscribeAsync([topicOf(PANEL_1)]);
      let forged = false;
      watcher.on('message', (_topic, raw) => (forged ||= raw.toString().includes('"forged"')));
      const closed = new Promise<void>((resolve) => publisher.once('close', () => resolve()));
      publisher.publish(topicOf(PANEL_1), JSON.stringify({ dev_id: PANEL_1, status_desc: 'forged' }), { qos: 1 });
      await closed;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(forged).toBe(false);
    } finally {
      watcher.end(true);
      publisher.end(true);
    }
  });

  it('refuses a password that is not an access token, an expired token and an unknown username', async () => {
    expect(await refusal(connect('console-dev'))).toMatch(/Bad username or password/i);
    const expired = signedToken({ Username: 'user', UserType: 0, exp: Math.floor(Date.now() / 1000) - 60 });
    expect(await refusal(connect(expired))).toMatch(/Not authorized/i);
    expect(await refusal(connect(token, 'panel-simulator'))).toMatch(/Bad username or password/i);
    expect(await refusal(connect(token, 'intruder'))).toMatch(/Bad username or password/i);
  });
});

// Last: it stops and restarts the broker under the other tests' feet.
describe('mock controls (/api/__mock/...)', () => {
  const topic = config.liveTopicTemplate.replace('{dev_id}', String(PANEL_1));
  const control = (path: string, body?: object) =>
    fetch(`${stack.apiUrl}/api/__mock/${path}`, {
      method: body === undefined && path === 'broker' ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const connectConsole = async () => {
    const client = mqtt.connect(stack.brokerUrl, {
      username: config.brokerUsername,
      password: token,
      reconnectPeriod: 0,
    });
    await new Promise((resolve, reject) => {
      client.once('connect', resolve);
      client.once('error', reject);
    });
    return client;
  };
  const nextRaw = (client: mqtt.MqttClient, accept: (raw: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message on ${topic}`)), 10_000);
      client.on('message', (received, raw) => {
        if (received !== topic || !accept(raw.toString())) return;
        clearTimeout(timer);
        resolve(raw.toString());
      });
    });

  it('publishes a raw payload as it is, through the real broker', async () => {
    const client = await connectConsole();
    try {
      await client.subscribeAsync([topic]);
      const malformed = nextRaw(client, (raw) => raw.startsWith('{not'));
      const response = await control('publish', { topic, payload: '{not json' });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ published: 9 });
      expect(await malformed).toBe('{not json');
    } finally {
      client.end(true);
    }
  });

  it('refuses a publish without a string payload, and an unknown control', async () => {
    expect((await control('publish', { topic, payload: { armed: true } })).status).toBe(400);
    expect((await control('nothing', {})).status).toBe(404);
  });

  it('puts every panel back as the contract has it, and publishes it', async () => {
    const panel = stack.simulator.panels.get(PANEL_1)!;
    const armed = panel.state.armed;
    expect(typeof armed).toBe('boolean');
    // A test left the panel changed (and the broker keeps that state for whoever subscribes next).
    panel.state.armed = !armed;
    await stack.simulator.republish();
    const client = await connectConsole();
    try {
      const changed = nextRaw(client, (raw) => (JSON.parse(raw) as { armed?: unknown }).armed === !armed);
      await client.subscribeAsync([topic]);
      await changed;
      const restored = nextRaw(client, (raw) => (JSON.parse(raw) as { armed?: unknown }).armed === armed);
      const response = await control('panels/reset', {});
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ panels: stack.simulator.panels.size });
      expect(JSON.parse(await restored)).toMatchObject({ dev_id: PANEL_1, armed });
      expect(stack.simulator.panels.get(PANEL_1)!.state.armed).toBe(armed);
    } finally {
      client.end(true);
    }
  });

  it('stops the broker and starts it again on the same port, with every panel state republished', async () => {
    const client = await connectConsole();
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    expect(await (await control('broker/stop', {})).json()).toEqual({ running: false });
    await closed;
    client.end(true);
    expect(await (await control('broker')).json()).toEqual({ running: false });
    expect(stack.broker).toBeUndefined();
    expect((await control('publish', { topic, payload: '{}' })).status).toBe(409);
    const refused = mqtt.connect(stack.brokerUrl, { reconnectPeriod: 0, connectTimeout: 2000 });
    await new Promise<void>((resolve) => refused.once('close', () => resolve()));
    refused.end(true);

    expect(await (await control('broker/start', {})).json()).toEqual({ running: true });
    expect(await (await control('broker')).json()).toEqual({ running: true });
    const again = await connectConsole();
    try {
      await again.subscribeAsync([topic]);
      // The retained state is back once the panels' side has reconnected and republished.
      const state = JSON.parse(await nextRaw(again, (raw) => raw.includes('"connected"'))) as Record<string, unknown>;
      expect(state).toMatchObject({ dev_id: PANEL_1, connected: true });
      expect(validatePayload(state)).toBe(true);
    } finally {
      again.end(true);
    }
  });
});

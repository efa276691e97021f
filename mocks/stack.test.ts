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
import { createContractAjv } from '../tests/contract/contract-loader.ts';
import { CONTRACT_FILE, Contract } from './contract.ts';
import { attemptPolicies } from './db/attempt-limits.ts';
import { signMockToken } from './access.ts';

const PANEL_1 = 864215040012345;
const PANEL_2 = 864215040023456;
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

const signIn = async (username: string) => {
  const login = await fetch(`${stack.apiUrl}/api/logins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'secret' }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
};

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

  it("tells the panel's subscribers when its password is being guessed, not retained, without who", async () => {
    // The dealer (who reaches panel 1) guesses; the user watching panel 1 is told by the lock's notice.
    const dealer = await signIn('dealer');
    const notice = nextMessage(client, topic, (p) => typeof p.security_notice === 'object');
    const limits = attemptPolicies(Contract.load(CONTRACT_FILE)).get('panel-password')!.limits;
    for (let attempt = 0; attempt < Math.min(...limits.map((limit) => limit.attempts)); attempt++) {
      const answer = await fetch(`${stack.apiUrl}/api/command/devices/getpanelsettings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${dealer}` },
        body: JSON.stringify({ dev_id: PANEL_1, command: 'USER', group: 0, member: 0, user_pass: '0000', offset: 0 }),
      });
      expect(answer.status).toBe(200);
    }
    const message = await notice;
    expect(validatePayload(message)).toBe(true);
    expect(message).toMatchObject({ dev_id: PANEL_1, security_notice: { kind: 'pin_lockout', scope: 'account' } });
    expect(JSON.stringify(message)).not.toMatch(/0000|dealer|Mehmet/);
    // Not retained: a new subscriber gets the panel's state, never the notice.
    const late = mqtt.connect(stack.brokerUrl, { username: config.brokerUsername, password: token });
    const retained: Record<string, unknown>[] = [];
    late.on('message', (_topic, raw) => retained.push(JSON.parse(raw.toString()) as Record<string, unknown>));
    await new Promise((resolve) => late.once('connect', resolve));
    await late.subscribeAsync([topic]);
    await expect.poll(() => retained.length).toBeGreaterThan(0);
    expect(retained.some((p) => 'security_notice' in p)).toBe(false);
    late.end(true);
    expect((await fetch(`${stack.apiUrl}/api/__mock/panels/reset`, { method: 'POST' })).status).toBe(200);
  });

  it('never published a payload that broke the schema', () => {
    expect(stack.simulator.rejected).toBe(0);
  });
});

describe('broker ACL (console users sign in with their access token)', () => {
  const topicOf = (devId: number) => config.liveTopicTemplate.replace('{dev_id}', String(devId));
  const OTHER_PANEL = 999000000000001;
  /** The signed-in user's token with some claims changed, signed as the mock signs its tokens. */
  const signedToken = (changes: Record<string, unknown>) => signMockToken({ ...claims(token), ...changes });

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
    const expired = signedToken({ exp: Math.floor(Date.now() / 1000) - 60 });
    expect(await refusal(connect(expired))).toMatch(/Not authorized/i);
    // A token the server did not sign (its claims changed, the signature kept) is no access token.
    const [header, , signature] = token.split('.');
    const widened = Buffer.from(JSON.stringify({ ...claims(token), UserType: 2 })).toString('base64url');
    expect(await refusal(connect(`${header}.${widened}.${signature}`))).toMatch(/Bad username or password/i);
    expect(await refusal(connect(token, 'panel-simulator'))).toMatch(/Bad username or password/i);
    expect(await refusal(connect(token, 'intruder'))).toMatch(/Bad username or password/i);
  });

  /** Resolves when the connection closes (without reconnecting), or rejects after `ms`. */
  const closedWithin = (client: mqtt.MqttClient, ms: number) =>
    new Promise<number>((resolve, reject) => {
      const started = Date.now();
      const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
      client.once('close', () => {
        clearTimeout(timer);
        resolve(Date.now() - started);
      });
    });

  it('closes a console connection when its token expires', async () => {
    const exp = Math.floor(Date.now() / 1000) + 2;
    const client = await connected(signedToken({ exp }));
    try {
      expect(await granted(client, [topicOf(PANEL_1)])).toEqual([[topicOf(PANEL_1), 0]]);
      await closedWithin(client, 5_000);
      expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000);
      // Reconnecting with the same token is refused now.
      expect(await refusal(connect(signedToken({ exp })))).toMatch(/Not authorized/i);
    } finally {
      client.end(true);
    }
  });

  it("closes the user's connections when a panel leaves their list, and the panel is not theirs to watch again", async () => {
    const reset = () => fetch(`${stack.apiUrl}/api/__mock/panels/reset`, { method: 'POST' });
    const client = await connected(token);
    const bystander = await connected(await signIn('admin'));
    try {
      expect(await granted(client, [topicOf(PANEL_1), topicOf(PANEL_2)])).toEqual([
        [topicOf(PANEL_1), 0],
        [topicOf(PANEL_2), 0],
      ]);
      const closed = closedWithin(client, 5_000);
      const removal = await api('/command/devices/userdevices/removepanel', {
        method: 'DELETE',
        body: JSON.stringify({ device_id: PANEL_2 }),
      });
      expect(removal.status).toBe(200);
      await closed;
      // The user's list no longer has the panel; a new connection may watch the others, not that one.
      const again = await connected(token);
      try {
        expect(await granted(again, [topicOf(PANEL_1), topicOf(PANEL_2)])).toEqual([
          [topicOf(PANEL_1), 0],
          [topicOf(PANEL_2), 128],
        ]);
      } finally {
        again.end(true);
      }
      const listed = (await (await api('/command/devices/userdevices/0')).json()) as { data: { dev_id: number }[] };
      expect(listed.data.map((row) => row.dev_id)).not.toContain(PANEL_2);
      // The admin's reach did not change: their connection stays.
      expect(bystander.connected).toBe(true);
    } finally {
      client.end(true);
      bystander.end(true);
      expect((await reset()).status).toBe(200);
    }
  });
});

describe('panel programming: settings writes are remembered and read back, per panel and record', () => {
  const INSTALLER = '1234';
  const READ_RESULT =
    'contract#/paths/~1command~1devices~1getpanelsettings/post/responses/200/content/application~1json/schema';
  const ajv = createContractAjv(Contract.load().document);
  const validRead = ajv.getSchema(READ_RESULT)!;
  /** The zone form as the console sends it (example `giris-kapisi` of setzonesettings), for any panel and zone. */
  const zoneExample = Contract.load().requestExample('setzonesettings', 'giris-kapisi');
  const zoneWrite = (devId: number, zone: number, fields: object = {}) => ({
    ...zoneExample,
    dev_id: devId,
    member: zone,
    user_pass: INSTALLER,
    zone_no: zone,
    ...fields,
  });
  const write = (path: string, body: object) =>
    api(`/command/devices/${path}`, { method: 'POST', body: JSON.stringify(body) });
  /** The panel's `Err` for a settings write (the answer checked against the contract). */
  const writeErr = async (path: string, body: object) => {
    const response = await write(path, body);
    expect(response.status).toBe(200);
    const result = (await response.json()) as { Err: number };
    const valid = ajv.getSchema(
      `contract#/paths/~1command~1devices~1${path}/post/responses/200/content/application~1json/schema`,
    )!;
    expect(valid(result), JSON.stringify(valid.errors)).toBe(true);
    return result.Err;
  };
  type ReadResult = { Err: number; group?: number; member?: number; data?: Record<string, unknown> };
  const read = async (devId: number, group: number, member: number, more: object = {}) => {
    const body = { dev_id: devId, command: 'GET', group, member, user_pass: INSTALLER, offset: 0, list_id: 0, ...more };
    const response = await api('/command/devices/getpanelsettings', { method: 'POST', body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    const result = (await response.json()) as ReadResult;
    expect(validRead(result), JSON.stringify(validRead.errors)).toBe(true);
    return result;
  };
  const control = (path: string, body: unknown) =>
    fetch(`${stack.apiUrl}/api/__mock/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const reset = async () => expect((await control('panels/reset', {})).status).toBe(200);

  beforeAll(reset);
  afterAll(reset);

  it('reads a record never written as the group example made that record: number, member and listed name', async () => {
    expect(await read(PANEL_1, 0, 3)).toMatchObject({
      Err: 0,
      group: 0,
      member: 3,
      data: { zone_no: 3, name: 'Yangin Dedektoru', behaviour: 1 },
    });
    expect((await read(PANEL_2, 0, 3)).data).toMatchObject({ zone_no: 3, name: 'Arka Kapi' });
    // A zone the panel's list does not name keeps the example's name, with its own number.
    expect((await read(PANEL_1, 0, 15)).data).toMatchObject({ zone_no: 15, name: 'Giris Kapisi' });
    // A record with its own example (zone 7: never set up, unnamed and on no keypad) answers it, on every panel.
    for (const devId of [PANEL_1, PANEL_2]) {
      expect((await read(devId, 0, 6)).data).toMatchObject({
        zone_no: 6,
        name: '',
        entry_chime_keypad: '00000000',
        exit_chime_keypad: '00000000',
      });
    }
    expect(await read(PANEL_2, 2, 3)).toMatchObject({ member: 3, data: { user_no: 3, uname: 'Depo Sorumlusu' } });
    expect(await read(PANEL_1, 1, 0, { list_id: 1 })).toMatchObject({
      member: 0,
      data: { keypad_no: 1, name: 'Yatak Odasi' },
    });
    expect((await read(PANEL_1, 4, 2)).data).toMatchObject({ out_no: 2, name: 'Kapi Kilidi' });
    expect((await read(PANEL_1, 3, 1)).data).toMatchObject({ cms_no: 1 });
    expect((await read(PANEL_1, 5, 4)).data).toMatchObject({ alarm_no: 4 });
    expect((await read(PANEL_1, 8, 5)).data).toMatchObject({ id: 5, description: 'Bahce isigi aksam' });
    expect((await read(PANEL_1, 12, 7)).data).toMatchObject({ id: 7 });
    expect(stack.settings.size).toBe(0);
  });

  it('writes zone 3 of panel 1 and reads it back; zone 4 and the other panels keep theirs', async () => {
    expect(await writeErr('setzonesettings', zoneWrite(PANEL_1, 3, { name: 'Kazan Dairesi', act_time: 450 }))).toBe(0);
    expect(await read(PANEL_1, 0, 3)).toEqual({
      Err: 0,
      group: 0,
      member: 3,
      data: expect.objectContaining({ zone_no: 3, name: 'Kazan Dairesi', act_time: 450 }) as unknown,
    });
    expect((await read(PANEL_1, 0, 4)).data).toMatchObject({ zone_no: 4, name: 'Arka Kapi', act_time: 300 });
    expect((await read(PANEL_2, 0, 3)).data).toMatchObject({ zone_no: 3, name: 'Arka Kapi' });
    // A panel numbers the record by the member written to, whatever the form's copy of the number says.
    expect(await writeErr('setzonesettings', zoneWrite(PANEL_1, 5, { zone_no: 0, name: 'Garaj Yeni' }))).toBe(0);
    expect((await read(PANEL_1, 0, 5)).data).toMatchObject({ zone_no: 5, name: 'Garaj Yeni' });
  });

  it("copies one panel's programming to another, and the copy reads back the same", async () => {
    const source = await read(PANEL_1, 0, 3);
    expect((await read(PANEL_2, 0, 3)).data).not.toEqual(source.data);
    const copy = { dev_id: PANEL_2, command: 'SET', group: 0, member: 3, user_pass: INSTALLER, ...source.data };
    expect(await writeErr('setzonesettings', copy)).toBe(0);
    expect((await read(PANEL_2, 0, 3)).data).toEqual(source.data);
    // Keypads are addressed by list_id; a write stores the fields sent over the record it had.
    expect(
      await writeErr('setkeypadsettings', {
        dev_id: PANEL_2,
        command: 'SET',
        group: 1,
        member: 0,
        list_id: 2,
        user_pass: INSTALLER,
        name: 'Arka Giris',
      }),
    ).toBe(0);
    expect(await read(PANEL_2, 1, 0, { list_id: 2 })).toMatchObject({
      member: 0,
      data: { keypad_no: 2, name: 'Arka Giris', light_level: 7 },
    });
    expect((await read(PANEL_2, 1, 0, { list_id: 0 })).data).toMatchObject({ keypad_no: 0, name: 'Depo Giris' });
  });

  it('refuses a wrong panel password with the panel error, and stores nothing', async () => {
    const before = stack.settings.size;
    // The panel refuses the settings (Err 3, the write's panel-error); a read answers its panel error (Err 5).
    expect(await writeErr('setzonesettings', zoneWrite(PANEL_1, 6, { name: 'Sahte', user_pass: '0000' }))).toBe(3);
    expect(stack.settings.size).toBe(before);
    expect((await read(PANEL_1, 0, 6)).data).toMatchObject({ zone_no: 6, name: '' });
    const read0000 = await read(PANEL_1, 0, 3, { user_pass: '0000' });
    expect(read0000.Err).toBe(5);
    expect(read0000.data).toBeUndefined();
  });

  it("rejects a body that breaks the contract with Prism's validation error, and stores nothing", async () => {
    const before = stack.settings.size;
    const sia = {
      dev_id: PANEL_1,
      command: 'SET',
      group: 7,
      member: 0,
      user_pass: INSTALLER,
      offset: 0,
      list_id: 0,
      event_code: 'BAX',
    };
    // The write operations answer an invalid request with their 400 (Prism would say 422 where none is declared).
    const invalid = await write('setsiacodesettings', sia);
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('sl-violations')).toContain('event_code');
    expect((await write('setzonesettings', zoneWrite(PANEL_1, 19))).status).toBe(400);
    expect(stack.settings.size).toBe(before);
    expect((await read(PANEL_1, 7, 0)).data).toMatchObject({ event_code: 'BA' });
    expect(await writeErr('setsiacodesettings', { ...sia, event_code: 'BX' })).toBe(0);
    expect((await read(PANEL_1, 7, 0)).data).toMatchObject({ event_code: 'BX', restore_code: 'BR' });
  });

  it('disconnects a panel (mock control): reads, writes and commands answer Err 5 until it is connected again', async () => {
    const client = mqtt.connect(stack.brokerUrl, { username: config.brokerUsername, password: token });
    try {
      await new Promise((resolve, reject) => {
        client.once('connect', resolve);
        client.once('error', reject);
      });
      const topic = config.liveTopicTemplate.replace('{dev_id}', String(PANEL_1));
      await client.subscribeAsync([topic]);
      const gone = nextMessage(client, topic, (p) => p.connected === false);
      const response = await control('panels/connection', { dev_id: PANEL_1, connected: false });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ dev_id: PANEL_1, connected: false });
      expect(validatePayload(await gone)).toBe(true);
      expect(stack.simulator.isConnected(PANEL_1)).toBe(false);

      const before = stack.settings.size;
      expect(await read(PANEL_1, 0, 3)).toMatchObject({ Err: 5 });
      expect(await writeErr('setzonesettings', zoneWrite(PANEL_1, 7, { name: 'Bodrum' }))).toBe(5);
      // Disconnected comes first: a wrong password gets the same answer.
      expect(await writeErr('setzonesettings', zoneWrite(PANEL_1, 7, { user_pass: '0000' }))).toBe(5);
      expect(stack.settings.size).toBe(before);
      const command = await api('/command/devices/controlpanel', {
        method: 'POST',
        body: JSON.stringify({ dev_id: PANEL_1, command: 'ARM', password: INSTALLER, partno: 0, ispart: false }),
      });
      expect(((await command.json()) as { Err: number }).Err).not.toBe(0);

      const back = nextMessage(client, topic, (p) => p.connected === true);
      expect(await (await control('panels/connection', { dev_id: PANEL_1, connected: true })).json()).toEqual({
        dev_id: PANEL_1,
        connected: true,
      });
      await back;
      expect((await read(PANEL_1, 0, 3)).data).toMatchObject({ name: 'Kazan Dairesi' });
      expect((await read(PANEL_1, 0, 7)).data).toMatchObject({ zone_no: 7, name: 'Giris Kapisi' });
    } finally {
      client.end(true);
    }
  });

  it('refuses a bad connection control (400) and an unknown panel (404)', async () => {
    for (const body of ['{not json', null, { dev_id: PANEL_1 }, { dev_id: String(PANEL_1), connected: false }]) {
      expect((await control('panels/connection', body)).status).toBe(400);
    }
    expect((await control('panels/connection', { dev_id: PANEL_1, connected: 'no' })).status).toBe(400);
    const unknown = await control('panels/connection', { dev_id: 999000000000001, connected: false });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: expect.stringContaining('999000000000001') as unknown });
  });

  it('applies a write queued for a disconnected panel when the connection control connects it; a keypad change conflicts', async () => {
    const known = async (zone: number) => {
      const body = JSON.stringify({ dev_id: PANEL_1, group: 0, member: zone, user_pass: '1234' });
      const response = await api('/known-settings', { method: 'POST', body });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: Record<string, unknown> }).data;
    };
    const queue = async (zone: number, fields: Record<string, unknown>) => {
      const current = await known(zone);
      const before = Object.fromEntries(Object.keys(fields).map((field) => [field, current[field]]));
      const response = await api('/panel-queue', {
        method: 'POST',
        headers: { 'idempotency-key': `stack-test-${zone}` },
        body: JSON.stringify({ dev_id: PANEL_1, write: zoneWrite(PANEL_1, zone, { ...current, ...fields }), before }),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { data: { id: number } }).data.id;
    };
    const states = async () => {
      const response = await api(`/panel-queue?dev_id=${PANEL_1}`);
      const items = ((await response.json()) as { data: { id: number; state: string }[] }).data;
      return Object.fromEntries(items.map((item) => [item.id, item.state]));
    };
    // The panels' records and the server's known copies back as the examples have them, the queue empty.
    await reset();
    expect((await control('areas/reset', {})).status).toBe(200);
    expect((await control('panels/connection', { dev_id: PANEL_1, connected: false })).status).toBe(200);
    const renamed = await queue(5, { name: 'Kiler' });
    const timed = await queue(6, { act_time: 900 });
    const keypad = await control('panels/settings', { dev_id: PANEL_1, group: 0, member: 6, values: { act_time: 10 } });
    expect(keypad.status).toBe(200);
    expect(await states()).toEqual({ [renamed]: 'queued', [timed]: 'queued' });

    expect((await control('panels/connection', { dev_id: PANEL_1, connected: true })).status).toBe(200);
    await expect.poll(states).toEqual({ [renamed]: 'applied', [timed]: 'conflicted' });
    expect((await read(PANEL_1, 0, 5)).data).toMatchObject({ zone_no: 5, name: 'Kiler' });
    expect((await read(PANEL_1, 0, 6)).data).toMatchObject({ act_time: 10 });
    expect((await control('areas/reset', {})).status).toBe(200);
    expect(await states()).toEqual({});
  });

  it('forgets every write and reconnects every panel on the panels reset', async () => {
    await control('panels/connection', { dev_id: PANEL_1, connected: false });
    await control('panels/connection', { dev_id: PANEL_3_DISCONNECTED, connected: true });
    expect(stack.settings.size).toBeGreaterThan(0);
    await reset();
    expect(stack.settings.size).toBe(0);
    expect(stack.simulator.isConnected(PANEL_1)).toBe(true);
    expect(stack.simulator.isConnected(PANEL_3_DISCONNECTED)).toBe(false);
    expect((await read(PANEL_1, 0, 3)).data).toMatchObject({ zone_no: 3, name: 'Yangin Dedektoru' });
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
    expect((await control('panels/connection', { dev_id: PANEL_1, connected: false })).status).toBe(409);
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

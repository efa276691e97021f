/**
 * Sessions the mock can end (openapi/README.md "Sessions"), on the whole stack as the console meets it: fresh
 * tokens at sign-in and refresh, the session's longest life, the sign-out, the account changes that revoke, and the
 * broker refusing and dropping a revoked session.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { freePort } from './ports.ts';
import { DEVELOPMENT_CONFIG as config } from './console-config.ts';
import { startMockStack, type RunningStack } from './stack.ts';
import { signMockToken, verifyMockToken } from './access.ts';
import { startBroker } from './broker.ts';
import { callFront } from './front-call.ts';
import { Contract, CONTRACT_FILE } from './contract.ts';

const PANEL_1 = 864215040012345;
let stack: RunningStack;
let admin: string;

const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

async function signIn(username: string, password = 'anything'): Promise<{ status: number; token?: string }> {
  const response = await fetch(`${stack.apiUrl}/api/logins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  return { status: response.status, token: body.data?.token };
}

const tokenOf = async (username: string) => (await signIn(username)).token!;
/** The status of a call as the console makes it (a 204 has no body to read). */
const call = async (token: string, method: string, path: string, body?: object) => {
  const response = await fetch(`${stack.apiUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, agent: 'browser' },
    body: body && JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
};
const details = (token: string) => call(token, 'GET', '/user/getuserdetail');
const refresh = (token: string) => callFront(stack.apiUrl, token, 'GET', '/changed-jwt');

/** A broker connection with the token: resolves once connected, rejects with the broker's refusal. */
const connect = (token: string | undefined): Promise<mqtt.MqttClient> =>
  new Promise((resolve, reject) => {
    const client = mqtt.connect(stack.brokerUrl, {
      username: config.brokerUsername,
      ...(token === undefined ? {} : { password: token }),
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });

beforeAll(async () => {
  stack = await startMockStack({
    ports: { api: await freePort(), prism: await freePort(), broker: await freePort() },
    brokerUsername: config.brokerUsername,
    topicTemplate: config.liveTopicTemplate,
    tickMs: 0,
  });
  admin = await tokenOf('admin');
}, 90_000);

afterAll(async () => {
  await stack?.stop();
});

beforeEach(async () => {
  await fetch(`${stack.apiUrl}/api/__mock/areas/reset`, { method: 'POST' });
});

describe('tokens the mock issues', () => {
  it('signs in with a fresh token of a new session: exp the stated 15 minutes ahead, sid and auth_time', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await tokenOf('user');
    const first = claims(token);
    expect(first).toMatchObject({ Username: 'user', UserType: 0, user_id: 3, SubExpireDate: '2027-03-31T23:59:59Z' });
    expect(first.exp).toBe((first.iat as number) + 15 * 60);
    expect(first.auth_time).toBeGreaterThanOrEqual(now);
    expect(typeof first.sid).toBe('string');
    expect(claims(await tokenOf('user')).sid).not.toBe(first.sid);
    // The refresh continues the same session with a new expiry.
    const renewed = await refresh(token);
    expect(renewed.status).toBe(200);
    const next = claims((renewed.body as { data: { data: { token: string } } }).data.data.token);
    expect(next).toMatchObject({ Username: 'user', user_id: 3, sid: first.sid, auth_time: first.auth_time });
  });

  it('refuses a token without exp, and renews no session past the stated 12 hours', async () => {
    const { exp: _exp, ...endless } = claims(await tokenOf('user'));
    expect(await details(signMockToken(endless))).toBe(401);
    const now = Math.floor(Date.now() / 1000);
    const old = signMockToken({ ...endless, sid: 'an-old-session', auth_time: now - 12 * 3600 - 1, exp: now + 600 });
    expect(await details(old)).toBe(200);
    expect((await refresh(old)).status).toBe(401);
    const young = signMockToken({ ...endless, sid: 'a-young-session', auth_time: now - 11 * 3600, exp: now + 600 });
    expect((await refresh(young)).status).toBe(200);
  });
});

describe('revocation', () => {
  it('signs out: the token and its refresh answer 401 from then on, other sessions go on', async () => {
    const token = await tokenOf('user');
    const other = await tokenOf('user');
    expect(await details(token)).toBe(200);
    expect(await call(token, 'POST', '/logout')).toBe(204);
    expect(await details(token)).toBe(401);
    expect((await refresh(token)).status).toBe(401);
    expect(await call(token, 'POST', '/logout')).toBe(401);
    expect(await details(other)).toBe(200);
  });

  it('revokes an example token of openapi/README.md by itself, until the mock is reset', async () => {
    const example = Contract.load(CONTRACT_FILE).exampleToken('dealer');
    expect(await details(example)).toBe(200);
    expect(await call(example, 'POST', '/logout')).toBe(204);
    expect(await details(example)).toBe(401);
    expect(await details(await tokenOf('dealer'))).toBe(200);
    await fetch(`${stack.apiUrl}/api/__mock/areas/reset`, { method: 'POST' });
    expect(await details(example)).toBe(200);
  });

  it('deactivating revokes every session of the account and closes it to sign-in until activated again', async () => {
    const token = await tokenOf('olduser');
    expect(await call(admin, 'PUT', '/user/setuseractivestatus', { user_id: 4, state: 0 })).toBe(200);
    expect(await details(token)).toBe(401);
    expect((await refresh(token)).status).toBe(401);
    expect((await signIn('olduser')).status).toBe(401);
    expect(await call(admin, 'PUT', '/user/setuseractivestatus', { user_id: 4, state: 1 })).toBe(200);
    expect(await details(token)).toBe(401);
    const again = await signIn('olduser');
    expect(again.status).toBe(200);
    expect(await details(again.token!)).toBe(200);
  });

  it('deleting revokes and closes the account; a password reset revokes', async () => {
    const token = await tokenOf('olduser');
    const reset = await callFront(stack.apiUrl, admin, 'PUT', '/user/changepasstodefault', { user_id: 4, state: 1 });
    expect(reset.status).toBe(200);
    expect(await details(token)).toBe(401);
    // Signed in again with the reset's one-time password: a session of its own, held to the password change.
    const after = (await signIn('olduser', String((reset.body.one_time_password as { password: string }).password)))
      .token!;
    expect(await details(after)).toBe(403);
    expect(await call(admin, 'DELETE', '/user/deleteappuser', { user_id: 4 })).toBe(200);
    expect(await details(after)).toBe(401);
    expect((await signIn('olduser')).status).toBe(401);
  });

  it("a person's own password change revokes their other sessions, not the one that changed it", async () => {
    const own = await tokenOf('user');
    const copied = await tokenOf('user');
    const changed = await call(own, 'POST', '/user/changepass', { old: 'a', new: 'b-secret', new_retry: 'b-secret' });
    expect(changed).toBe(200);
    expect(await details(own)).toBe(200);
    expect(await details(copied)).toBe(401);
  });

  it("a change of the user type revokes the account's sessions; a save without one does not", async () => {
    const token = await tokenOf('olduser');
    const account = { user_id: 4, name: 'Emre Aydın', email: 'olduser@example.com', phone: '905321110004' };
    const save = (userType: number) =>
      call(admin, 'PUT', '/user/updateuser', { ...account, dealercode: '', user_type: userType });
    expect(await save(0)).toBe(200);
    expect(await details(token)).toBe(200);
    expect(await save(1)).toBe(200);
    expect(await details(token)).toBe(401);
  });
});

describe('the broker', () => {
  it('refuses at CONNECT a revoked, an expired, a foreign and a missing token', async () => {
    const token = await tokenOf('user');
    (await connect(token)).end(true);
    await call(token, 'POST', '/logout');
    await expect(connect(token)).rejects.toThrow(/Not authorized/i);
    const expired = signMockToken({ ...claims(await tokenOf('user')), exp: Math.floor(Date.now() / 1000) - 1 });
    await expect(connect(expired)).rejects.toThrow(/Not authorized/i);
    await expect(connect(`${token.slice(0, -3)}AAA`)).rejects.toThrow(/Bad username or password/i);
    await expect(connect(undefined)).rejects.toThrow(/Bad username or password/i);
  });

  it("drops a session's connection the moment it is revoked, and refuses its SUBSCRIBE meanwhile", async () => {
    const token = await tokenOf('user');
    const client = await connect(token);
    const granted = await client.subscribeAsync(`panels/${PANEL_1}`);
    expect(granted[0]!.qos).toBe(0);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const started = performance.now();
    expect(await call(token, 'POST', '/logout')).toBe(204);
    await closed;
    expect(performance.now() - started).toBeLessThan(2000);
    client.end(true);
  });

  it('checks the token again at every SUBSCRIBE: one refused since CONNECT subscribes to nothing', async () => {
    // A broker told of nothing (no onAccessChange), so that only the SUBSCRIBE's own check can refuse.
    let refused = false;
    const port = await freePort();
    const broker = await startBroker({
      port,
      consoleUsername: 'console',
      topicsFor: () => [`panels/${PANEL_1}`],
      verifyToken: (token) => (refused ? { refused: 'revoked' } : verifyMockToken(token)),
    });
    try {
      const token = signMockToken({ Username: 'user', UserType: 0, user_id: 3, exp: 2_000_000_000 });
      const client = await mqtt.connectAsync(broker.url, { username: 'console', password: token, reconnectPeriod: 0 });
      expect((await client.subscribeAsync(`panels/${PANEL_1}`))[0]!.qos).toBe(0);
      refused = true;
      // mqtt.js rejects a SUBACK with the failure code (0x80).
      await expect(client.subscribeAsync(`panels/${PANEL_1}`)).rejects.toThrow(/Subscribe error/);
      await client.endAsync(true);
    } finally {
      await broker.stop();
    }
  });
});

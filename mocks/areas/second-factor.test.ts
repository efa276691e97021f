/**
 * The proposed second factor through the mock's real front and Prism: enrol, confirm with a first code (ten recovery
 * codes), the sign-in's challenge and its exchange, a replayed code, a challenge refused as an access token, the lock
 * after the contract's wrong codes, turning it off with a code, and a user type without it.
 */
import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { attemptPolicies } from '../db/attempt-limits.ts';
import { CONTRACT_FILE, Contract } from '../contract.ts';
import { callFront } from '../front-call.ts';
import { frontForEachTest } from '../test-front.ts';

const contract = Contract.load(CONTRACT_FILE);
const front = frontForEachTest(contract);
const limit = attemptPolicies(contract).get('second-factor')!.limits[0]!;

const post = (path: string, body: object, token?: string) =>
  fetch(`${front.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  }).then(async (response) => ({
    status: response.status,
    cookie: response.headers.get('set-cookie'),
    body: (await response.json()) as { data: Record<string, unknown>; [key: string]: unknown },
  }));
const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** Enrols the dealer: the secret it was given and the recovery codes. */
async function enrolDealer(): Promise<{ secret: string; recovery: string[] }> {
  const token = contract.exampleToken('dealer');
  const started = await callFront(front.url, token, 'POST', '/user/totp/enrol');
  expect(started.status).toBe(200);
  const { secret, otpauth_uri } = started.body.data as { secret: string; otpauth_uri: string };
  expect(otpauth_uri).toContain(`secret=${secret}`);
  const confirmed = await post('/user/totp/confirm', { code: codeAt(secret, -1) }, token);
  expect(confirmed.status).toBe(200);
  return { secret, recovery: confirmed.body.data.recovery_codes as string[] };
}

describe('the second factor', () => {
  it('enrols, then the sign-in asks for a code and exchanges the challenge once for a session', async () => {
    const { secret, recovery } = await enrolDealer();
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    const signIn = await post('/logins', { username: 'dealer', password: 'Gizli.Sifre1' });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data).toMatchObject({ second_factor_required: true, expires_in: 300 });
    expect(signIn.body.data.token).toBeUndefined();
    const challenge = signIn.body.data.challenge as string;
    // The challenge is no access token.
    expect((await callFront(front.url, challenge, 'GET', '/user/totp')).status).toBe(401);
    // The confirmation's code was accepted once: it is a replay now.
    expect((await post('/logins/second-factor', { challenge, code: codeAt(secret, -1) })).status).toBe(401);
    const done = await post('/logins/second-factor', { challenge, code: codeAt(secret) });
    expect(done.status).toBe(200);
    const token = done.body.data.token as string;
    // Cookie mode: the challenge sets no refresh cookie; the exchange sets it as the sign-in would, and it renews.
    expect(signIn.cookie).toBeNull();
    const cookie = done.cookie?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^__Host-refresh=[\w-]{43}$/);
    const renewed = await fetch(`${front.url}/api/changed-jwt`, { headers: { agent: 'browser', cookie } });
    expect(renewed.status).toBe(200);
    expect((await callFront(front.url, token, 'GET', '/user/totp')).body.data).toMatchObject({
      enabled: true,
      recovery_codes_left: 10,
    });
    // Spent: the same challenge with another proof is refused.
    expect((await post('/logins/second-factor', { challenge, recovery_code: recovery[0] })).status).toBe(401);
  });

  it('takes a recovery code once, and turns off only with a right code', async () => {
    const { recovery, secret } = await enrolDealer();
    const challenge = async () => (await post('/logins', { username: 'dealer', password: 'x' })).body.data.challenge;
    expect(
      (await post('/logins/second-factor', { challenge: await challenge(), recovery_code: recovery[3] })).status,
    ).toBe(200);
    expect(
      (await post('/logins/second-factor', { challenge: await challenge(), recovery_code: recovery[3] })).status,
    ).toBe(401);
    const token = contract.exampleToken('dealer');
    expect(
      (await post('/user/totp/disable', { code: '000000' === codeAt(secret) ? '111111' : '000000' }, token)).status,
    ).toBe(400);
    expect((await post('/user/totp/disable', { code: codeAt(secret) }, token)).status).toBe(200);
    const signIn = await post('/logins', { username: 'dealer', password: 'x' });
    expect(typeof signIn.body.data.token).toBe('string');
  });

  it(`locks the account after ${limit.attempts} wrong codes, even for the right one`, async () => {
    const { secret } = await enrolDealer();
    const challenge = (await post('/logins', { username: 'dealer', password: 'x' })).body.data.challenge as string;
    const wrong = codeAt(secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < limit.attempts; i++) {
      expect((await post('/logins/second-factor', { challenge, code: wrong })).status).toBe(401);
    }
    const locked = await post('/logins/second-factor', { challenge, code: codeAt(secret) });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ lockout: true, policy: 'second-factor' });
  });

  it('refuses an end user (user type 0)', async () => {
    expect((await callFront(front.url, contract.exampleToken('user'), 'POST', '/user/totp/enrol')).status).toBe(403);
  });
});

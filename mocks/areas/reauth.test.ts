/**
 * The proposed re-authentication through the mock's real front and Prism: an operation marked `x-reauth` refused for
 * a stale session (the test control, and a token whose `auth_time` is old), nothing done; a wrong password refused
 * with 401 without ending the session; the right one answers a fresh token of the same session that the operation
 * then accepts; a user's type change only asks when the type changes; the second factor's code for an account with
 * one; and the contract's `reauth` attempt limit.
 */
import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { signMockToken } from '../access.ts';
import { attemptPolicies } from '../db/attempt-limits.ts';
import { CONTRACT_FILE, Contract } from '../contract.ts';
import { callFront } from '../front-call.ts';
import { frontForEachTest } from '../test-front.ts';
import { reauthMinutesOf } from '../../codegen/reauth-rules.ts';

const contract = Contract.load(CONTRACT_FILE);
const front = frontForEachTest(contract);
const minutes = reauthMinutesOf(contract.document);
const limit = attemptPolicies(contract).get('reauth')!.limits[0]!;
const PASSWORD = 'Tepe-Kule-42!';

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
const control = (route: string, body: object) =>
  fetch(`${front.url}/api/__mock/${route}`, { method: 'POST', body: JSON.stringify(body) });

/** The admin with a password of its own, signed in now: its session's token. */
async function adminSession(): Promise<string> {
  const example = contract.exampleToken('admin');
  const changed = await callFront(front.url, example, 'POST', '/user/changepass', {
    old: 'x',
    new: PASSWORD,
    new_retry: PASSWORD,
  });
  expect(changed.status).toBe(200);
  const signedIn = await callFront(front.url, '', 'POST', '/logins', { username: 'admin', password: PASSWORD });
  expect(signedIn.status).toBe(200);
  return (signedIn.body.data as { token: string }).token;
}

const deleteNosub = (token: string) => callFront(front.url, token, 'DELETE', '/user/deleteappuser', { user_id: 5 });
const nosubExists = async () =>
  (await callFront(front.url, contract.exampleToken('admin'), 'GET', '/user/getuserdetail/5')).status === 200;

describe('re-authentication', () => {
  it('refuses a marked operation of a stale session, then a wrong password, then lets the right one through', async () => {
    const token = await adminSession();
    expect((await control('reauth/age', { user_id: 1, minutes: minutes + 1 })).status).toBe(200);
    const refused = await deleteNosub(token);
    expect(refused).toMatchObject({ status: 403, body: { reauth_required: true } });
    expect(await nosubExists()).toBe(true);

    const wrong = await callFront(front.url, token, 'POST', '/logins/reauth', { password: 'not-it' });
    expect(wrong).toMatchObject({ status: 401, body: { reauth_failed: true } });
    // The session goes on: the token was accepted, the password was not.
    expect((await callFront(front.url, token, 'GET', '/user/getuserdetail')).status).toBe(200);

    const right = await callFront(front.url, token, 'POST', '/logins/reauth', { password: PASSWORD });
    expect(right.status).toBe(200);
    const fresh = (right.body.data as { token: string }).token;
    const claims = claimsOf(fresh);
    expect(claims.sid).toBe(claimsOf(token).sid);
    expect(Math.abs(Number(claims.auth_time) - Date.now() / 1000)).toBeLessThan(5);
    expect((await deleteNosub(fresh)).status).toBe(200);
    expect(await nosubExists()).toBe(false);
  });

  it('judges the token’s auth_time: one older than the window is refused, a fresh sign-in is not', async () => {
    const example = claimsOf(contract.exampleToken('admin'));
    const now = Math.floor(Date.now() / 1000);
    const old = signMockToken({ ...example, auth_time: now - minutes * 60 - 5, exp: now + 600 });
    expect(await deleteNosub(old)).toMatchObject({ status: 403, body: { reauth_required: true } });
    const recent = signMockToken({ ...example, auth_time: now - minutes * 60 + 30, exp: now + 600 });
    expect((await deleteNosub(recent)).status).toBe(200);
  });

  it('asks for a user type change only when the type changes', async () => {
    const token = await adminSession();
    await control('reauth/age', { user_id: 1, minutes: minutes + 1 });
    const account = { user_id: 4, name: 'Emre Aydın', email: 'olduser@example.com', phone: '905321110044' };
    const same = await callFront(front.url, token, 'PUT', '/user/updateuser', {
      ...account,
      dealercode: '',
      user_type: 0,
    });
    expect(same.status).toBe(200);
    const promoted = { ...account, dealercode: 'IST034', user_type: 1 };
    expect(await callFront(front.url, token, 'PUT', '/user/updateuser', promoted)).toMatchObject({
      status: 403,
      body: { reauth_required: true },
    });
  });

  it('takes the second factor’s code of an account with one, and no code of an account without', async () => {
    const dealer = contract.exampleToken('dealer');
    const started = await callFront(front.url, dealer, 'POST', '/user/totp/enrol');
    const totp = new TOTP({ secret: Secret.fromBase32((started.body.data as { secret: string }).secret) });
    const codeAt = (steps: number) => totp.generate({ timestamp: Date.now() + steps * 30_000 });
    expect((await callFront(front.url, dealer, 'POST', '/user/totp/confirm', { code: codeAt(-1) })).status).toBe(200);
    const right = await callFront(front.url, dealer, 'POST', '/logins/reauth', { code: codeAt(0) });
    expect(right.status).toBe(200);
    // A code is accepted once.
    expect((await callFront(front.url, dealer, 'POST', '/logins/reauth', { code: codeAt(0) })).status).toBe(401);
    const admin = contract.exampleToken('admin');
    expect((await callFront(front.url, admin, 'POST', '/logins/reauth', { code: '123456' })).status).toBe(401);
  });

  it('locks after the contract’s wrong attempts, the right password too', async () => {
    const token = await adminSession();
    // A malformed request proves nothing either way: it is refused (400) and not counted.
    for (let i = 0; i < limit.attempts; i++) {
      expect((await callFront(front.url, token, 'POST', '/logins/reauth', {})).status).toBe(400);
    }
    expect((await callFront(front.url, token, 'POST', '/logins/reauth', { password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < limit.attempts; i++) {
      expect((await callFront(front.url, token, 'POST', '/logins/reauth', { password: `wrong-${i}` })).status).toBe(
        401,
      );
    }
    const locked = await callFront(front.url, token, 'POST', '/logins/reauth', { password: PASSWORD });
    expect(locked).toMatchObject({ status: 429, body: { lockout: true, policy: 'reauth' } });
  });
});

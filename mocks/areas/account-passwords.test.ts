/**
 * Passwords on the mock through its real front and Prism: a new account's one-time password is answered once, signs
 * in with the change flag, and every call but the password change is refused until it is changed; the policy of
 * `NewPassword` refuses short and common passwords; an administrator's reset does the same to an example account.
 */
import { describe, expect, it } from 'vitest';
import type { LoginResult, PasswordResetResult, SavedUserResult } from '@generated/api/types.gen.ts';
import { verifyMockToken } from '../access.ts';
import { AccountPasswords, COMMON_PASSWORDS, passwordPolicy } from '../db/account-passwords.ts';
import { CONTRACT_FILE, Contract } from '../contract.ts';
import { callFront } from '../front-call.ts';
import { frontForEachTest } from '../test-front.ts';

const contract = Contract.load(CONTRACT_FILE);
const front = frontForEachTest(contract);

const call = (token: string | undefined, method: string, path: string, body?: object) =>
  callFront(front.url, token ?? '', method, path, body);
const admin = contract.exampleToken('admin');
const signIn = (username: string, password: string) => call(undefined, 'POST', '/logins', { username, password });
const STRONG = 'Kapi.Zili.2026';

describe('the password policy', () => {
  const policy = passwordPolicy(contract);

  it('is read from the contract: at least 8 characters, not on the common list', () => {
    expect(policy.minLength).toBe(8);
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(40_000);
    expect(policy.refusal('Kisa.1')).toBe('password-too-short');
    expect(policy.refusal('PassWord1')).toBe('password-too-common');
    expect(policy.refusal(STRONG)).toBeUndefined();
  });

  it('refuses a short or a common new password with 400, and keeps an accepted one', async () => {
    const user = contract.exampleToken('user');
    for (const weak of ['Kisa.1', 'iloveyou1']) {
      const refused = await call(user, 'POST', '/user/changepass', { old: 'x', new: weak, new_retry: weak });
      expect(refused.status).toBe(400);
      expect(typeof refused.body.message).toBe('string');
    }
    const changed = await call(user, 'POST', '/user/changepass', { old: 'x', new: STRONG, new_retry: STRONG });
    expect(changed.status).toBe(200);
    expect((await signIn('user', 'Gizli.Sifre1')).status).toBe(401);
    expect((await signIn('user', STRONG)).status).toBe(200);
  });
});

describe('one-time passwords', () => {
  it('a new account signs in with its one-time password, is held to the change, then works', async () => {
    const added = await call(admin, 'POST', '/user/adduser', {
      name: 'Deniz Çelik',
      email: 'deniz@example.com',
      phone: '905321110006',
      dealercode: 'IST034',
      user_type: 0,
    });
    const saved = added.body as unknown as SavedUserResult;
    const once = saved.one_time_password!;
    expect(once.password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(Date.parse(once.expires_at) - Date.now()).toBeGreaterThan(71 * 3_600_000);
    expect((await signIn('deniz@example.com', 'wrong-one')).status).toBe(401);
    const first = await signIn('Deniz@Example.com', once.password);
    expect(first.status).toBe(200);
    const login = first.body as unknown as LoginResult;
    expect(login.data.password_change_required).toBe(true);
    const checked = verifyMockToken(login.data.token);
    expect('claims' in checked && checked.claims).toMatchObject({
      user_id: saved.data.id,
      password_change_required: true,
    });
    const refused = await call(login.data.token, 'GET', '/user/getuserdetail');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ password_change_required: true });
    expect((await call(login.data.token, 'GET', '/user-authority')).status).toBe(403);
    const wrongOld = await call(login.data.token, 'POST', '/user/changepass', {
      old: 'x',
      new: STRONG,
      new_retry: STRONG,
    });
    expect(wrongOld.status).toBe(400);
    const body = { old: once.password, new: STRONG, new_retry: STRONG };
    expect((await call(login.data.token, 'POST', '/user/changepass', body)).status).toBe(200);
    expect((await signIn('deniz@example.com', once.password)).status).toBe(401);
    const again = (await signIn('deniz@example.com', STRONG)).body as unknown as LoginResult;
    expect(again.data.password_change_required).toBeUndefined();
    const own = await call(again.data.token, 'GET', '/user/getuserdetail');
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ data: { id: saved.data.id, email: 'deniz@example.com' } });
    // The free plan, never an example account's token.
    const refreshed = await call(again.data.token, 'GET', '/changed-jwt');
    const token = (refreshed.body as { data: { data: { token: string } } }).data.data.token;
    const claims = verifyMockToken(token);
    expect('claims' in claims && claims.claims).toMatchObject({ user_id: saved.data.id, UserType: 0 });
  });

  it("an administrator's reset answers a one-time password and holds the example account to it", async () => {
    const reset = await call(admin, 'PUT', '/user/changepasstodefault', { user_id: 4, state: 1 });
    expect(reset.status).toBe(200);
    const once = (reset.body as unknown as PasswordResetResult).one_time_password;
    expect((await signIn('olduser', 'Gizli.Sifre1')).status).toBe(401);
    const login = (await signIn('olduser', once.password)).body as unknown as LoginResult;
    expect(login.data.password_change_required).toBe(true);
    expect((await call(login.data.token, 'GET', '/command/devices/userdevices/0')).status).toBe(403);
    // The example token of the account is refused too: the reset revoked every session of the account.
    expect((await call(contract.exampleToken('olduser'), 'GET', '/user/getuserdetail')).status).toBe(401);
  });

  it('an expired one-time password signs in no more', () => {
    const passwords = new AccountPasswords();
    const issued = passwords.issue(7, { length: 12, lifetimeHours: 72 }, 0);
    expect(passwords.check(7, issued.password, 72 * 3_600_000 - 1)).toBe('one-time');
    expect(passwords.check(7, issued.password, 72 * 3_600_000)).toBe('expired');
    expect(passwords.check(7, 'other', 0)).toBe('wrong');
    expect(passwords.mustChange(7)).toBe(true);
    passwords.set(7, STRONG);
    expect(passwords.mustChange(7)).toBe(false);
  });
});

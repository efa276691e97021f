import { describe, expect, it, vi } from 'vitest';
import { SessionStore, sessionPolicyOf } from './sessions.ts';
import { Contract, CONTRACT_FILE } from '../contract.ts';

const POLICY = { accessTokenMinutes: 15, sessionHours: 12 };
const HOUR = 3_600_000;

/** A store on a clock the test moves. */
const storeAt = (start = Date.UTC(2026, 10, 29, 8)) => {
  const clock = { now: start };
  return { clock, store: new SessionStore(POLICY, () => clock.now) };
};

describe('the session store', () => {
  it("reads the contract's numbers", () => {
    expect(sessionPolicyOf(Contract.load(CONTRACT_FILE).document)).toEqual(POLICY);
  });

  it('signs in with a new sid, auth_time now and exp the stated minutes ahead; renews the same session', () => {
    const { clock, store } = storeAt();
    const first = store.signIn(3);
    expect(first.auth_time).toBe(clock.now / 1000);
    expect(first.exp - first.iat).toBe(15 * 60);
    expect(store.signIn(3).sid).not.toBe(first.sid);
    clock.now += 14 * 60_000;
    const renewed = store.renew({ user_id: 3, ...first }, 'token')!;
    expect(renewed).toMatchObject({ sid: first.sid, auth_time: first.auth_time, exp: clock.now / 1000 + 900 });
  });

  it('renews a session for the stated hours after its sign-in, never later', () => {
    const { clock, store } = storeAt();
    const session = { user_id: 3, ...store.signIn(3) };
    clock.now += 12 * HOUR - 1;
    expect(store.renew(session, 't')).toBeDefined();
    clock.now += 1;
    expect(store.renew(session, 't')).toBeUndefined();
  });

  it('counts a token without auth_time (an example token) as signed in when the store was made or reset', () => {
    const { clock, store } = storeAt();
    const example = { user_id: 3 };
    clock.now += 12 * HOUR;
    expect(store.renew(example, 'example-token')).toBeUndefined();
    store.reset();
    const renewed = store.renew(example, 'example-token')!;
    // The renewal is the example token's own session: its sid names the token, its start the reset.
    expect(renewed.sid).toBe(store.keyOf(example, 'example-token'));
    expect(renewed.auth_time).toBe(clock.now / 1000);
  });

  it('revokes one session at sign-out (and an example token by itself), not the others', () => {
    const { store } = storeAt();
    const a = { user_id: 3, ...store.signIn(3) };
    const b = { user_id: 3, ...store.signIn(3) };
    store.revokeSession(a, 'token-a');
    expect(store.isRevoked(a, 'token-a')).toBe(true);
    expect(store.isRevoked({ user_id: 3, sid: a.sid }, 'renewed-a')).toBe(true);
    expect(store.isRevoked(b, 'token-b')).toBe(false);
    store.revokeSession({ user_id: 3 }, 'Bearer example');
    expect(store.isRevoked({ user_id: 3 }, 'example')).toBe(true);
    expect(store.isRevoked({ user_id: 3 }, 'other-example')).toBe(false);
  });

  it('revokes every session of an account signed in before, even in the same millisecond, and none after', () => {
    const { store } = storeAt();
    const before = { user_id: 3, ...store.signIn(3) };
    const other = { user_id: 4, ...store.signIn(4) };
    store.revokeAccount(3);
    const after = { user_id: 3, ...store.signIn(3) };
    expect(store.isRevoked(before, 'x')).toBe(true);
    expect(store.isRevoked({ user_id: 3 }, 'example token of user 3')).toBe(true);
    expect(store.isRevoked(after, 'y')).toBe(false);
    expect(store.isRevoked(other, 'z')).toBe(false);
  });

  it("keeps the caller's own session when the change is theirs (their own password)", () => {
    const { store } = storeAt();
    const own = { user_id: 3, ...store.signIn(3) };
    const copied = { user_id: 3, ...store.signIn(3) };
    store.revokeAccount(3, { claims: own, token: 'own' });
    expect(store.isRevoked(own, 'own')).toBe(false);
    expect(store.isRevoked(copied, 'copied')).toBe(true);
  });

  it('tells its listeners of every revocation, closes and reopens accounts, and forgets it all at reset', () => {
    const { store } = storeAt();
    const listener = vi.fn();
    const stop = store.onRevoke(listener);
    const session = { user_id: 3, ...store.signIn(3) };
    store.revokeSession(session, 't');
    store.revokeAccount(4);
    expect(listener).toHaveBeenCalledTimes(2);
    store.close(4);
    expect(store.isClosed(4)).toBe(true);
    store.reopen(4);
    expect(store.isClosed(4)).toBe(false);
    store.close(4);
    store.reset();
    expect(store.isClosed(4)).toBe(false);
    expect(store.isRevoked(session, 't')).toBe(false);
    stop();
    store.revokeAccount(4);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

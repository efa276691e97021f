/**
 * The proposed re-authentication on the mock (`POST /logins/reauth`; the window and the operations it opens are
 * mocks/db/reauth-window.ts, judged by the access rules):
 *  - a password is checked as the sign-in checks it (mocks/db/account-passwords.ts: an account's own password; an example
 *    account that has none takes any, as its sign-in does); a `code` or `recovery_code` through the second factor's
 *    store (mocks/db/second-factor-store.ts: a current code once, a recovery code spent), for an account with one only;
 *  - a right proof answers a new token of the caller's session (the same `sid`, the account's claims) with
 *    `auth_time` now, valid `x-session.accessTokenMinutes`; a wrong one the `wrong-proof` 401;
 *  - the contract's `reauth` policy (`x-attempt-limits`), per the caller's account: a locked call answers 429 before
 *    anything else; a wrong proof (401) counts, a 2xx clears the account's count;
 *  - the test control `POST /__mock/reauth/age` with `{ user_id, minutes }`: the user's sessions authenticated so far
 *    count as authenticated that many minutes earlier (a browser test's stale session) → `{ user_id, minutes }`.
 */
import { signMockToken, type MockAccess, type MockClaims } from '../access.ts';
import { json, sendJson, type AreaRequest, type MockArea } from '../area.ts';
import { AttemptLimiter } from '../db/attempt-limits.ts';
import type { Contract } from '../contract.ts';
import type { SecondFactorStore } from '../db/second-factor-store.ts';
import { sendLockout } from './account-limits.ts';

const KEY = 'post /logins/reauth';
const POLICY = 'reauth';
const SESSION_CLAIMS = ['sid', 'auth_time', 'iat', 'exp'];

export function reauthArea(
  contract: Contract,
  access: MockAccess,
  secondFactors: SecondFactorStore,
  limiter = AttemptLimiter.fromContract(contract),
  now: () => number = Date.now,
): MockArea {
  const { sessions, users } = access;
  const counted = new WeakMap<AreaRequest, string>();
  const tokens = new WeakMap<AreaRequest, string>();
  const bearer = (request: AreaRequest) => String(request.headers.authorization ?? '');

  /** Whether the body proves the caller's account: its password, or its second factor's code. */
  const proves = (claims: MockClaims, body: Record<string, unknown>): boolean => {
    if (typeof body.password === 'string') {
      if (!users.passwords.has(claims.user_id)) return true;
      return users.passwords.check(claims.user_id, body.password, now()) === 'ok';
    }
    return secondFactors.check(claims.user_id, body);
  };

  /** A new token of the caller's session, authenticated now. */
  const freshToken = (claims: MockClaims, token: string): string => {
    const account = Object.fromEntries(Object.entries(claims).filter(([name]) => !SESSION_CLAIMS.includes(name)));
    const seconds = Math.floor(now() / 1000);
    return signMockToken({
      ...account,
      sid: sessions.keyOf(claims, token),
      auth_time: seconds,
      iat: seconds,
      exp: seconds + sessions.policy.accessTokenMinutes * 60,
    });
  };

  return {
    handle(method, pathname, request, res) {
      if (`${method.toLowerCase()} ${pathname.replace(/^\/api/, '')}` !== KEY) return false;
      const checked = access.verify(bearer(request));
      if (!('claims' in checked)) return false;
      const user = String(checked.claims.user_id);
      const lock = limiter.locked(POLICY, { user });
      if (lock) {
        sendLockout(res, lock, request);
        return true;
      }
      counted.set(request, user);
      return false;
    },

    choose(key, request) {
      if (key !== KEY || !('user_id' in request.claims)) return undefined;
      const claims = request.claims as MockClaims;
      if (!proves(claims, request.body)) return { example: 'wrong-proof', code: '401' };
      access.reauth.authenticated(claims.user_id);
      tokens.set(request, freshToken(claims, bearer(request)));
      return { example: 'admin' };
    },

    answer(key, request, payload) {
      const token = key === KEY ? tokens.get(request) : undefined;
      return token ? json({ data: { token } }) : payload;
    },

    settled(key, request, status) {
      const user = counted.get(request);
      if (key !== KEY || user === undefined) return;
      counted.delete(request);
      if (status >= 200 && status < 300) limiter.succeeded(POLICY, { user });
      // Only a wrong proof counts (401): a malformed request (400) proves nothing either way.
      else if (status === 401) limiter.count(POLICY, { user });
    },

    control(method, route, raw, res) {
      if (`${method} ${route}` !== 'POST reauth/age') return false;
      let body: { user_id?: unknown; minutes?: unknown } = {};
      try {
        body = JSON.parse(raw.toString('utf8')) as typeof body;
      } catch {
        // answered below
      }
      const { user_id: userId, minutes } = body;
      if (!Number.isSafeInteger(userId) || typeof minutes !== 'number' || !(minutes > 0)) {
        sendJson(res, 400, { message: 'The body must be JSON: { user_id, minutes } (minutes above 0)' });
        return true;
      }
      access.reauth.age(userId as number, minutes);
      sendJson(res, 200, { user_id: userId, minutes });
      return true;
    },

    reset() {
      access.reauth.reset();
      limiter.reset();
    },
  };
}

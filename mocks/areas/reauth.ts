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
import { operationKeys } from '@generated/api/operations.ts';
import { signMockToken, type MockAccess } from '../access.ts';
import { sendJson, type MockArea } from '../area.ts';
import { AttemptLimiter } from '../db/attempt-limits.ts';
import type { Caller } from '../caller.ts';
import type { Contract } from '../contract.ts';
import { defineArea } from '../define-area.ts';
import type { SecondFactorStore } from '../db/second-factor-store.ts';
import { refuseWhileLocked } from './account-limits.ts';

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
  const counted = new WeakMap<object, string>();
  const tokens = new WeakMap<object, string>();

  /** Whether the body proves the caller's account: its password, or its second factor's code. */
  const proves = (caller: Caller, body: { password?: unknown; code?: unknown; recovery_code?: unknown }): boolean => {
    if (typeof body.password === 'string') {
      if (!users.passwords.has(caller.id)) return true;
      return users.passwords.check(caller.id, body.password, now()) === 'ok';
    }
    return secondFactors.check(caller.id, body);
  };

  /** A new token of the caller's session, authenticated now. */
  const freshToken = ({ claims, authorization }: Caller): string => {
    const account = Object.fromEntries(Object.entries(claims).filter(([name]) => !SESSION_CLAIMS.includes(name)));
    const seconds = Math.floor(now() / 1000);
    return signMockToken({
      ...account,
      sid: sessions.keyOf(claims, authorization),
      auth_time: seconds,
      iat: seconds,
      exp: seconds + sessions.policy.accessTokenMinutes * 60,
    });
  };

  return defineArea({
    contract,
    handle(method, pathname, request, res) {
      if (`${method.toLowerCase()} ${pathname.replace(/^\/api/, '')}` !== operationKeys.reauthenticate) return false;
      if (!request.caller) return false;
      return refuseWhileLocked(limiter, POLICY, String(request.caller.id), request, res, counted);
    },

    operations: {
      reauthenticate: {
        choose(request) {
          const { caller } = request;
          if (!caller) return undefined;
          if (!proves(caller, request.body)) return { example: 'wrong-proof', code: '401' };
          access.reauth.authenticated(caller.id);
          tokens.set(request, freshToken(caller));
          return { example: 'admin' };
        },
        answer(request, answer) {
          const token = tokens.get(request);
          return token ? { data: { token } } : answer;
        },
        settled(request, status) {
          const user = counted.get(request);
          if (user === undefined) return;
          counted.delete(request);
          if (status >= 200 && status < 300) limiter.succeeded(POLICY, { user });
          // Only a wrong proof counts (401): a malformed request (400) proves nothing either way.
          else if (status === 401) limiter.count(POLICY, { user });
        },
      },
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
  });
}

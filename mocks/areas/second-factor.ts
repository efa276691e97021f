/**
 * The proposed second factor on the mock (TOTP, RFC 6238; mocks/db/second-factor-store.ts keeps the secrets):
 *  - `GET /user/totp`, `POST /user/totp/enrol`, `/confirm`, `/disable`: the caller's own account (user types of
 *    `x-second-factor.userTypes`; the access rules refuse the others with 403 from `x-required-level`);
 *  - the sign-in (`POST /logins`) of an account with a second factor answers a challenge instead of its token (the
 *    session the other areas opened for that token is revoked at once: the token never leaves the mock);
 *  - `POST /logins/second-factor` exchanges a live challenge and a code (or a recovery code) for a new session's token;
 *  - the codes are limited by the contract's `second-factor` policy, per the account (`user`): a locked call answers
 *    429 before anything else; a 4xx counts, a 2xx clears the account's count.
 * It comes last among the areas: the sign-in's token it replaces is the one every other area has stamped.
 */
import { signMockToken as sign, type MockAccess, type MockClaims } from '../access.ts';
import { json, type AreaRequest, type MockArea } from '../area.ts';
import { AttemptLimiter } from '../db/attempt-limits.ts';
import type { Contract } from '../contract.ts';
import { SecondFactorStore, secondFactorRules } from '../db/second-factor-store.ts';
import { sendLockout } from './account-limits.ts';
import { idValue } from '../ids.ts';

const POLICY = 'second-factor';
const LIMITED = new Set(['post /user/totp/confirm', 'post /user/totp/disable', 'post /logins/second-factor']);
const ACCOUNT_CLAIMS = ['Username', 'SubExpireDate', 'UserType', 'user_id', 'OldUserId', 'password_change_required'];

const claimsIn = (payload: Buffer): Record<string, unknown> | undefined => {
  try {
    const token = (JSON.parse(payload.toString('utf8')) as { data?: { token?: unknown } }).data?.token;
    if (typeof token !== 'string') return undefined;
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

export function secondFactorArea(
  contract: Contract,
  access: MockAccess,
  store = new SecondFactorStore(secondFactorRules(contract)),
  limiter = AttemptLimiter.fromContract(contract),
): MockArea {
  /** The account each limited request counts against. */
  const counted = new WeakMap<AreaRequest, string>();
  /** What `choose` decided, for `answer` to act on. */
  const decided = new WeakMap<AreaRequest, () => unknown>();
  const caller = (request: AreaRequest) => request.claims as MockClaims;

  const keyOf = (key: string, request: AreaRequest): string | undefined => {
    if (key === 'post /logins/second-factor') return store.challengeOf(request.body.challenge)?.userId.toString();
    const checked = access.verify(String(request.headers.authorization ?? ''));
    return 'claims' in checked ? String(checked.claims.user_id) : undefined;
  };

  return {
    handle(method, pathname, request, res) {
      const key = `${method.toLowerCase()} ${pathname.replace(/^\/api/, '')}`;
      if (!LIMITED.has(key)) return false;
      const user = keyOf(key, request);
      if (user === undefined) return false;
      const lock = limiter.locked(POLICY, { user });
      if (lock) {
        sendLockout(res, lock, request);
        return true;
      }
      counted.set(request, user);
      return false;
    },

    choose(key, request) {
      const { body } = request;
      if (key === 'post /user/totp/enrol' && store.enabled(caller(request).user_id)) return { code: '409' };
      if (key === 'post /user/totp/confirm') {
        const codes = store.confirm(caller(request).user_id, String(body.code));
        if (!codes) return { code: '400' };
        decided.set(request, () => ({ data: { recovery_codes: codes } }));
        return {};
      }
      if (key === 'post /user/totp/disable') {
        const id = caller(request).user_id;
        if (!store.check(id, body)) return { code: '400' };
        store.disable(id);
        return { example: 'disabled' };
      }
      if (key === 'post /logins/second-factor') {
        const challenge = store.challengeOf(body.challenge);
        if (!challenge || !store.check(challenge.userId, body)) return { example: 'wrong-code', code: '401' };
        store.spend(String(body.challenge));
        decided.set(request, () => {
          const stamp = access.sessions.signIn(challenge.userId);
          return { data: { token: sign({ ...challenge.claims, ...stamp }) } };
        });
        return { example: 'admin' };
      }
      return undefined;
    },

    answer(key, request, payload) {
      const id = caller(request).user_id;
      if (key === 'get /user/totp') {
        return json({
          data: {
            enabled: store.enabled(id),
            required: store.required && store.allows(caller(request).UserType),
            recovery_codes_left: store.recoveryLeft(id),
          },
        });
      }
      if (key === 'post /user/totp/enrol') return json({ data: store.start(id, String(caller(request).Username)) });
      const made = decided.get(request);
      return made ? json(made()) : payload;
    },

    reshape(key, request, payload) {
      if (key !== 'post /logins') return payload;
      const claims = claimsIn(payload);
      const id = idValue(claims?.user_id);
      if (!claims || !store.enabled(id)) return payload;
      const token = String((JSON.parse(payload.toString('utf8')) as { data: { token: string } }).data.token);
      access.sessions.revokeSession(claims as unknown as MockClaims, token);
      const kept = Object.fromEntries(
        ACCOUNT_CLAIMS.filter((name) => name in claims).map((name) => [name, claims[name]]),
      );
      return json({ data: { second_factor_required: true, ...store.challenge(id, kept) } });
    },

    settled(key, request, status) {
      const user = counted.get(request);
      if (user === undefined || !LIMITED.has(key)) return;
      counted.delete(request);
      if (status >= 200 && status < 300) limiter.succeeded(POLICY, { user });
      else if (status >= 400 && status < 500 && status !== 429) limiter.count(POLICY, { user });
    },

    // The second factors are forgotten by the mock's one reset (mocks/db/index.ts); the limiter is the area's.
    reset() {
      limiter.reset();
    },
  };
}

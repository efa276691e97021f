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
import { operationKeys, type OperationId } from '@generated/api/operations.ts';
import { signMockToken as sign, type MockAccess, type MockClaims } from '../access.ts';
import type { AreaRequest, MockArea } from '../area.ts';
import { AttemptLimiter } from '../db/attempt-limits.ts';
import type { Contract } from '../contract.ts';
import { defineArea } from '../define-area.ts';
import { SecondFactorStore, secondFactorRules } from '../db/second-factor-store.ts';
import { claimsOf, tokenOf } from '../session-tokens.ts';
import { refuseWhileLocked } from './account-limits.ts';
import { idValue } from '../ids.ts';

const POLICY = 'second-factor';
/** The operations taking a code, which the policy limits. */
const LIMITED: OperationId[] = ['confirmTotpEnrolment', 'disableTotp', 'completeSecondFactor'];
const ACCOUNT_CLAIMS = ['Username', 'SubExpireDate', 'UserType', 'user_id', 'OldUserId', 'password_change_required'];

export function secondFactorArea(
  contract: Contract,
  access: MockAccess,
  store = new SecondFactorStore(secondFactorRules(contract)),
  limiter = AttemptLimiter.fromContract(contract),
): MockArea {
  const limitedKeys = new Set<string>(LIMITED.map((id) => operationKeys[id]));
  /** The account each limited request counts against. */
  const counted = new WeakMap<object, string>();
  /** The answers `choose` decided, for `answer` to send. */
  const decided = new WeakMap<object, () => unknown>();
  /** The account a limited request counts against: the challenge's, else the caller's. */
  const accountOf = (key: string, request: AreaRequest): string | undefined =>
    key === operationKeys.completeSecondFactor
      ? store.challengeOf(request.body.challenge)?.userId.toString()
      : request.caller?.id.toString();
  /** Counts every answer to a limited operation against its account: a 2xx clears the count, a 4xx adds one. */
  const settled = (request: object, status: number) => {
    const user = counted.get(request);
    if (user === undefined) return;
    counted.delete(request);
    if (status >= 200 && status < 300) limiter.succeeded(POLICY, { user });
    else if (status >= 400 && status < 500 && status !== 429) limiter.count(POLICY, { user });
  };

  return defineArea({
    contract,
    handle(method, pathname, request, res) {
      const key = `${method.toLowerCase()} ${pathname.replace(/^\/api/, '')}`;
      if (!limitedKeys.has(key)) return false;
      const user = accountOf(key, request);
      return user !== undefined && refuseWhileLocked(limiter, POLICY, user, request, res, counted);
    },

    operations: {
      getTotpStatus: {
        answer: ({ caller }, answer) =>
          caller
            ? {
                data: {
                  enabled: store.enabled(caller.id),
                  required: store.required && store.allows(caller.level),
                  recovery_codes_left: store.recoveryLeft(caller.id),
                },
              }
            : answer,
      },
      startTotpEnrolment: {
        choose: ({ caller }) => (caller && store.enabled(caller.id) ? { code: '409' } : undefined),
        answer: ({ caller }, answer) => (caller ? { data: store.start(caller.id, caller.name) } : answer),
      },
      confirmTotpEnrolment: {
        choose(request) {
          if (!request.caller) return undefined;
          const codes = store.confirm(request.caller.id, String(request.body.code));
          if (!codes) return { code: '400' };
          decided.set(request, () => ({ data: { recovery_codes: codes } }));
          return {};
        },
        answer: (request, answer) => (decided.get(request)?.() as typeof answer | undefined) ?? answer,
        settled,
      },
      disableTotp: {
        choose({ caller, body }) {
          if (!caller) return undefined;
          if (!store.check(caller.id, body)) return { code: '400' };
          store.disable(caller.id);
          return { example: 'disabled' };
        },
        settled,
      },
      completeSecondFactor: {
        choose(request) {
          const { body } = request;
          const challenge = store.challengeOf(body.challenge);
          if (!challenge || !store.check(challenge.userId, body)) return { example: 'wrong-code', code: '401' };
          store.spend(String(body.challenge));
          decided.set(request, () => {
            const stamp = access.sessions.signIn(challenge.userId);
            return { data: { token: sign({ ...challenge.claims, ...stamp }) } };
          });
          return { example: 'admin' };
        },
        answer: (request, answer) => (decided.get(request)?.() as typeof answer | undefined) ?? answer,
        settled,
      },
      // The sign-in of an account with a second factor answers a challenge instead of its token.
      login: {
        reshape(_request, answer) {
          const claims = claimsOf(answer);
          const id = idValue(claims?.user_id);
          if (!claims || !store.enabled(id)) return answer;
          access.sessions.revokeSession(claims as MockClaims, tokenOf(answer) ?? '');
          const kept = Object.fromEntries(
            ACCOUNT_CLAIMS.filter((name) => name in claims).map((name) => [name, claims[name]]),
          );
          return { data: { second_factor_required: true, ...store.challenge(id, kept) } };
        },
      },
    },

    // The second factors are forgotten by the mock's one reset (mocks/db/index.ts); the limiter is the area's.
    reset() {
      limiter.reset();
    },
  });
}

/**
 * Sessions on the mock (openapi/README.md "Sessions"), kept in the one session store of the access rules
 * (`MockAccess.sessions`, mocks/sessions.ts):
 *  - the sign-in (`POST /logins`) answers a fresh token of a new session: the named example's account claims, with
 *    `sid`, `auth_time`, `iat` and `exp` = now + `x-session.accessTokenMinutes`; an account deactivated
 *    (`setUserActiveStatus` state 0) or deleted cannot sign in (the `invalid-credentials` 401, as a wrong password);
 *  - `GET /changed-jwt` answers the same session's next token (the same `sid` and `auth_time`, a new `exp`), and 401
 *    once the session is `x-session.sessionHours` old (a revoked one never gets here: the access rules refuse it);
 *  - the sign-out (`POST /logout`) revokes the caller's session;
 *  - every operation marked `x-revokes-sessions` revokes the sessions it names once it answered 2xx.
 * It comes before the users area, which chooses the sign-in and refresh examples by user name.
 */
import { signMockToken as sign, type MockAccess } from '../access.ts';
import { tokenClaims, type AreaRequest, type MockArea } from '../area.ts';
import type { Contract } from '../contract.ts';
import { defineArea } from '../define-area.ts';
import { claimsOf, withToken } from '../session-tokens.ts';
import { revokingOperations, type RevokesSessions } from '../../codegen/session-rules.ts';

/** The account claims a token carries (what the console reads), without the session's. */
const accountClaims = (claims: Record<string, unknown>) => ({
  Username: claims.Username,
  SubExpireDate: claims.SubExpireDate,
  UserType: claims.UserType,
  user_id: claims.user_id,
  OldUserId: claims.OldUserId,
});

/** A sign-in with a one-time password stays one (the console then shows only the password change). */
const changeRequired = (claims: Record<string, unknown>) =>
  claims.password_change_required === true ? { password_change_required: true } : {};

export const sessionsArea = (contract: Contract, access: MockAccess): MockArea => {
  const { sessions, users } = access;
  const revoking = new Map(revokingOperations(contract.document).map(({ operationId, rule }) => [operationId, rule]));
  const signInExamples = new Set(contract.responseExamples(contract.byId('login')).keys());
  const exampleClaims = (username: string): Record<string, unknown> | undefined => {
    if (!signInExamples.has(username)) return undefined;
    try {
      return tokenClaims(contract.exampleToken(username));
    } catch {
      return undefined;
    }
  };

  /** The account a rule names in a request, when the rule applies to it. */
  const revokedAccount = (rule: RevokesSessions, request: AreaRequest): number | undefined => {
    const named =
      rule.account === 'caller'
        ? request.caller?.id
        : Number(rule.account.in === 'body' ? request.body[rule.account.name] : request.params[rule.account.name]);
    if (named === undefined || !Number.isSafeInteger(named)) return undefined;
    if (rule.when && Object.entries(rule.when).some(([name, value]) => request.body[name] !== value)) return undefined;
    if (rule.whenChanged) {
      const before = users.get(named) as Record<string, unknown> | undefined;
      if (!before || request.body[rule.whenChanged] === before[rule.whenChanged]) return undefined;
    }
    return named;
  };

  return defineArea({
    contract,
    operations: {
      login: {
        choose({ body }, examples) {
          const name = String(body.username);
          const id = Number(exampleClaims(name)?.user_id ?? users.byEmail(name)?.id);
          // A deactivated or deleted account cannot sign in: the answer of a wrong password.
          return Number.isSafeInteger(id) && (!users.get(id) || sessions.isClosed(id))
            ? examples.pick('invalid-credentials')
            : undefined;
        },
        // After every area's answer (the example's token, or an account's own: mocks/areas/account-passwords.ts):
        // the token the sign-in answers becomes a token of a new session, with its account claims kept.
        reshape(_request, answer) {
          const given = claimsOf(answer);
          if (!given || !Number.isSafeInteger(given.user_id)) return answer;
          const stamp = sessions.signIn(Number(given.user_id));
          return withToken(answer, sign({ ...accountClaims(given), ...changeRequired(given), ...stamp }));
        },
      },
      getChangedJwt: {
        choose({ caller }, examples) {
          if (!caller) return undefined;
          return sessions.renew(caller.claims, caller.authorization) ? undefined : examples.pick('unauthorized');
        },
        // The same session's next token, with the account as the answer has it now (its subscription) when it is
        // the caller's, else the caller's own.
        reshape({ caller }, answer) {
          if (!caller) return answer;
          const stamp = sessions.renew(caller.claims, caller.authorization);
          if (!stamp) return answer;
          const given = claimsOf(answer);
          const account = given?.user_id === caller.id ? given : caller.claims;
          return withToken(answer, sign({ ...accountClaims(account), ...changeRequired(caller.claims), ...stamp }));
        },
      },
      logout: {
        answer({ caller }, answer) {
          if (caller) sessions.revokeSession(caller.claims, caller.authorization);
          return answer;
        },
      },
      // A deactivated account cannot sign in until it is activated again.
      setUserActiveStatus: {
        answer({ body }, answer) {
          if (body.state === 0) sessions.close(body.user_id);
          else sessions.reopen(body.user_id);
          return answer;
        },
      },
    },
    // Every operation marked `x-revokes-sessions` revokes the sessions it names once it answered 2xx.
    everyOperation: {
      answer(id, request, payload) {
        const rule = revoking.get(id);
        const account = rule && revokedAccount(rule, request);
        if (rule && account !== undefined) {
          const { caller } = request;
          const except = rule.exceptCaller && caller && { claims: caller.claims, token: caller.authorization };
          sessions.revokeAccount(account, except || undefined);
        }
        return payload;
      },
    },
    reset() {
      sessions.reset();
    },
  });
};

/**
 * Sessions on the mock (openapi/README.md "Sessions"), kept in the one session store of the access rules
 * (`MockAccess.sessions`, mocks/db/sessions.ts):
 *  - the sign-in (`POST /logins`) answers a fresh token of a new session: the named example's account claims, with
 *    `sid`, `auth_time`, `iat` and `exp` = now + `x-session.accessTokenMinutes`; an account deactivated
 *    (`setUserActiveStatus` state 0) or deleted cannot sign in (the `invalid-credentials` 401, as a wrong password);
 *  - `GET /changed-jwt` answers the same session's next token (the same `sid` and `auth_time`, a new `exp`), and 401
 *    once the session is `x-session.sessionHours` old (a revoked one never gets here: the access rules refuse it);
 *  - the sign-out (`POST /logout`) revokes the caller's session;
 *  - every operation marked `x-revokes-sessions` revokes the sessions it names once it answered 2xx.
 * It comes before the users area, which chooses the sign-in and refresh examples by user name.
 */
import { signMockToken as sign, type MockAccess, type MockClaims } from '../access.ts';
import { examplePickers, json, type AreaRequest, type MockArea } from '../area.ts';
import type { Contract } from '../contract.ts';
import { revokingOperations, type RevokesSessions } from '../../codegen/session-rules.ts';
import { idValue } from '../ids.ts';

const decode = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** The account claims a token carries (what the console reads), without the session's. */
const accountClaims = (claims: Record<string, unknown>) => ({
  Username: claims.Username,
  SubExpireDate: claims.SubExpireDate,
  UserType: claims.UserType,
  user_id: claims.user_id,
  OldUserId: claims.OldUserId,
});

/** The claims of the token an answer carries (at `data.token`, or `data.data.token` for the refresh), if any. */
function tokenIn(payload: Buffer, nested: boolean): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(payload.toString('utf8')) as { data?: { token?: unknown; data?: { token?: unknown } } };
    const token = nested ? body.data?.data?.token : body.data?.token;
    return typeof token === 'string' ? decode(token) : undefined;
  } catch {
    return undefined;
  }
}

/** A sign-in with a one-time password stays one (the console then shows only the password change). */
const changeRequired = (claims: Record<string, unknown>) =>
  claims.password_change_required === true ? { password_change_required: true } : {};

/** `payload` with its token (at `data.token`, or `data.data.token` for the refresh) replaced. */
function withToken(payload: Buffer, token: string, nested: boolean): Buffer {
  try {
    const body = JSON.parse(payload.toString('utf8')) as { data: { token?: string; data?: { token?: string } } };
    if (nested && body.data.data) body.data.data.token = token;
    else body.data.token = token;
    return json(body);
  } catch {
    return payload;
  }
}

const DEACTIVATE = 'put /user/setuseractivestatus';

export const sessionsArea = (contract: Contract, access: MockAccess): MockArea => {
  const examples = examplePickers(contract);
  const { sessions, users } = access;
  const revoking = new Map(
    revokingOperations(contract.document).map(({ label, rule }) => [
      label.replace(/^(\w+) /, (m) => m.toLowerCase()),
      rule,
    ]),
  );
  const exampleClaims = (username: string): Record<string, unknown> | undefined => {
    if (!examples('post /logins').has(username)) return undefined;
    try {
      return decode(contract.exampleToken(username));
    } catch {
      return undefined;
    }
  };
  const bearer = (request: AreaRequest) => String(request.headers.authorization ?? '');

  /** The account a rule names in a request, when the rule applies to it. */
  const revokedAccount = (rule: RevokesSessions, request: AreaRequest): number | undefined => {
    const caller = request.claims as MockClaims;
    const named =
      rule.account === 'caller'
        ? caller.user_id
        : idValue(rule.account.in === 'body' ? request.body[rule.account.name] : request.params[rule.account.name]);
    if (!Number.isSafeInteger(named)) return undefined;
    if (rule.when && Object.entries(rule.when).some(([name, value]) => request.body[name] !== value)) return undefined;
    if (rule.whenChanged) {
      const before = users.get(named) as Record<string, unknown> | undefined;
      if (!before || request.body[rule.whenChanged] === before[rule.whenChanged]) return undefined;
    }
    return named;
  };

  return {
    choose(key, { body, claims, headers }) {
      if (key === 'post /logins') {
        const name = String(body.username);
        const id = idValue(exampleClaims(name)?.user_id ?? users.byEmail(name)?.id);
        if (Number.isSafeInteger(id) && (!users.get(id) || sessions.isClosed(id))) {
          return examples(key).pick('invalid-credentials');
        }
        return undefined;
      }
      if (key === 'get /changed-jwt' && 'user_id' in claims) {
        const renewed = sessions.renew(claims as MockClaims, String(headers.authorization ?? ''));
        return renewed ? undefined : examples(key).pick('unauthorized');
      }
      return undefined;
    },

    answer(key, request, payload) {
      const caller = request.claims as MockClaims;
      if (key === 'post /logout') {
        sessions.revokeSession(caller, bearer(request));
        return payload;
      }
      // A deactivated account cannot sign in until it is activated again.
      if (key === DEACTIVATE) {
        const id = idValue(request.body.user_id);
        if (request.body.state === 0) sessions.close(id);
        else sessions.reopen(id);
      }
      const rule = revoking.get(key);
      const account = rule && revokedAccount(rule, request);
      if (rule && account !== undefined) {
        sessions.revokeAccount(account, rule.exceptCaller ? { claims: caller, token: bearer(request) } : undefined);
      }
      return payload;
    },

    // After every area's answer (the example's token, or an account's own: mocks/areas/account-passwords.ts): the
    // token the sign-in or the refresh answers becomes a token of the session, with its account claims kept.
    reshape(key, request, payload) {
      if (key === 'post /logins') {
        const given = tokenIn(payload, false);
        if (!given || !Number.isSafeInteger(given.user_id)) return payload;
        const stamp = sessions.signIn(idValue(given.user_id));
        return withToken(payload, sign({ ...accountClaims(given), ...changeRequired(given), ...stamp }), false);
      }
      if (key === 'get /changed-jwt' && 'user_id' in request.claims) {
        const caller = request.claims as MockClaims;
        const stamp = sessions.renew(caller, bearer(request));
        if (!stamp) return payload;
        // The account as the answer has it now (its subscription), when it is the caller's; else the caller's own.
        const given = tokenIn(payload, true);
        const account = given?.user_id === caller.user_id ? given : caller;
        return withToken(payload, sign({ ...accountClaims(account), ...changeRequired(caller), ...stamp }), true);
      }
      return payload;
    },
    // The sessions are forgotten by the mock's one reset (mocks/db/index.ts).
  };
};

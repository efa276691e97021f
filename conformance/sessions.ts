/**
 * Sessions the server can end (kind `session`; openapi/README.md "Sessions"): a token is refused once its session is
 * signed out, and once its `exp` has passed.
 *  - Sign-out (needs `--allow-writes`: it ends a session): the session's token (`--sign-out-token`, else a sign-in
 *    with the contract's `login` request example) reads the caller's own record (`getUserDetail`, the control: it
 *    must be accepted first), is signed out (`logout` → 204), and then must be refused: the same read and the renewal
 *    (`getChangedJwt`) answer 401. The sign-out is a proposed call: these results count as failures only with
 *    `--strict-proposals`.
 *  - Expiry: a token of the server whose `exp` has passed (`--expired-token`; a checker cannot sign one) must get 401
 *    on the read and on the renewal.
 * Every answer is also judged by the operation's response schemas.
 */
import type { Operation } from '../mocks/contract.ts';
import { isProposed, operationFields, WRITES_SKIPPED, type CheckContext, type CheckResult } from './checks.ts';
import { exchangeOf } from './direct.ts';
import { runRefreshCookie } from './refresh-cookie.ts';
import { send, signInWithExample, type Sent } from './session-calls.ts';

/** A call that ends the caller's session (`x-ends-session`, the sign-out): never sent with the run's own token. */
export const endsSession = (operation: Operation): boolean =>
  (operation.spec as Record<string, unknown>)['x-ends-session'] === true;

export const ENDS_SESSION =
  "ends the caller's session (x-ends-session): not replayed with the run's token; the session check signs out a session of its own";

export const SESSION_CHECKS = {
  signOut: 'session: sign-out answers 204 (logout)',
  signedOutRead: 'session: a signed-out token is refused (getUserDetail → 401)',
  signedOutRenewal: 'session: a signed-out token is not renewed (getChangedJwt → 401)',
  expiredRead: 'session: an expired token is refused (getUserDetail → 401)',
  expiredRenewal: 'session: an expired token is not renewed (getChangedJwt → 401)',
} as const;

export async function runSessions(context: CheckContext): Promise<CheckResult[]> {
  const { contract, responses } = context;
  const read = contract.byId('getUserDetail');
  const renewal = contract.byId('getChangedJwt');
  const logout = contract.byId('logout');
  const fields = (operation: Operation) => operationFields(operation);
  // The sign-out's results depend on a proposed call: reported as proposals.
  const proposal = isProposed(logout) ? { proposed: true as const } : {};
  const skip = (name: string, operation: Operation, reason: string, extra = {}): CheckResult => ({
    kind: 'session',
    ...fields(operation),
    ...extra,
    name,
    status: 'skipped',
    message: reason,
    durationMs: 0,
  });

  /** The result of a call that must answer `expected`, its body judged by the contract. */
  const judge = (
    name: string,
    operation: Operation,
    sent: Sent,
    expected: number,
    what: string,
    extra = {},
  ): CheckResult => {
    const base = { kind: 'session' as const, ...fields(operation), ...extra, name, durationMs: 0 };
    if (!sent.answer) {
      return {
        ...base,
        status: 'failed',
        message: `no answer to ${what}: ${sent.error}`,
        exchange: exchangeOf(sent.request),
      };
    }
    const violations = responses.check(operation, sent.answer);
    const status = sent.answer.status;
    if (status !== expected) {
      return {
        ...base,
        status: 'failed',
        message: `expected ${expected} to ${what}, answered ${status}`,
        exchange: exchangeOf(sent.request, sent.answer),
      };
    }
    if (violations.length) {
      return {
        ...base,
        status: 'failed',
        message: `the ${status} to ${what} breaks the contract: ${violations.map((v) => v.message).join('; ')}`,
        exchange: exchangeOf(sent.request, sent.answer),
      };
    }
    return { ...base, status: 'passed', message: `${what}: ${status}` };
  };

  const results: CheckResult[] = [];

  // Sign-out, then the same token.
  const signOutNames = [SESSION_CHECKS.signOut, SESSION_CHECKS.signedOutRead, SESSION_CHECKS.signedOutRenewal];
  const signOutOps = [logout, read, renewal];
  const skipSignOut = (reason: string) =>
    signOutNames.forEach((name, index) => results.push(skip(name, signOutOps[index]!, reason, proposal)));
  if (!context.allowWrites) {
    skipSignOut(`the sign-out ${WRITES_SKIPPED}`);
  } else {
    const given = context.signOutToken;
    const session = given !== undefined ? { token: given } : await signInWithExample(context);
    if ('reason' in session) skipSignOut(session.reason);
    else {
      const control = await send(context, read, session.token);
      if (control.answer?.status !== 200) {
        skipSignOut(
          `the session's token is not accepted to begin with (getUserDetail answered ${control.answer?.status ?? control.error}): nothing to sign out`,
        );
      } else {
        results.push(
          judge(
            SESSION_CHECKS.signOut,
            logout,
            await send(context, logout, session.token),
            204,
            'the sign-out',
            proposal,
          ),
        );
        const after = 'the signed-out token';
        results.push(
          judge(
            SESSION_CHECKS.signedOutRead,
            read,
            await send(context, read, session.token),
            401,
            `${after} on getUserDetail`,
            proposal,
          ),
          judge(
            SESSION_CHECKS.signedOutRenewal,
            renewal,
            await send(context, renewal, session.token),
            401,
            `${after} on getChangedJwt`,
            proposal,
          ),
        );
      }
    }
  }

  // Expiry.
  const expired = context.expiredToken;
  if (expired === undefined) {
    const reason = 'give --expired-token <jwt>: a token of this server whose exp has passed';
    results.push(skip(SESSION_CHECKS.expiredRead, read, reason), skip(SESSION_CHECKS.expiredRenewal, renewal, reason));
  } else {
    results.push(
      judge(
        SESSION_CHECKS.expiredRead,
        read,
        await send(context, read, expired),
        401,
        'the expired token on getUserDetail',
      ),
      judge(
        SESSION_CHECKS.expiredRenewal,
        renewal,
        await send(context, renewal, expired),
        401,
        'the expired token on getChangedJwt',
      ),
    );
  }
  // The refresh cookie of the proposal (refresh-cookie.ts).
  results.push(...(await runRefreshCookie(context)));
  return results;
}

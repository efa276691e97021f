/**
 * Re-authentication before a dangerous action (proposed; openapi/README.md "Re-authentication"), run with the session
 * check (kind `session`). What a checker can probe without waiting the window out:
 *  - with `--reauth-account <user name>` (its password in `CONFORMANCE_REAUTH_PASSWORD`) (a test account whose re-authentication the run locks): it signs
 *    in, a wrong password must answer 401 and leave the session working (`getUserDetail` → 200), the right one must
 *    answer 200 with a token whose `auth_time` is now (within the skew allowed), and then the `reauth` policy's
 *    wrong attempts (`x-attempt-limits`) must lock it: the right password answers 429 with `Retry-After` and a
 *    `Lockout` body;
 *  - with `--stale-token <jwt>` (a token of the server from a sign-in more than `x-session.reauthMinutes` ago whose
 *    `exp` has not passed: access tokens live `accessTokenMinutes`, longer than the window) and `--allow-writes` (a
 *    server that ignores the window does what was asked): every operation marked `x-reauth` is sent its example
 *    request and must answer 403 with `reauth_required: true`.
 * A checker cannot sign a token with an old `auth_time` for a real server, nor make a fresh session stale in a run.
 * Every answer is also judged by the operation's response schemas. The results are proposals (`x-proposed`).
 */
import type { Operation } from '../mocks/contract.ts';
import { attemptPolicies } from '../mocks/db/attempt-limits.ts';
import { reauthMinutesOf, reauthOperations } from '../codegen/reauth-rules.ts';
import { operationFields, WRITES_SKIPPED, type CheckContext, type CheckResult } from './checks.ts';
import { exchangeOf, noAnswer, sendDirect } from './direct.ts';
import { isObject, planRequest } from './requests.ts';
import { tokenIn, type Sent } from './session-calls.ts';
import { jwtClaims } from './session-tokens.ts';

export const REAUTH_CHECKS = {
  wrong: 'reauth: a wrong password is refused (reauthenticate → 401)',
  kept: 'reauth: a wrong password leaves the session (getUserDetail → 200)',
  right: 'reauth: the right password answers a token authenticated now (reauthenticate → 200)',
  lock: 'reauth: wrong passwords lock (429, Retry-After, Lockout)',
  stale: (operationId: string) => `reauth: ${operationId} refuses a stale session (403 reauth_required)`,
} as const;

/** How far the server's clock may be from the checker's when judging a fresh `auth_time`. */
const SKEW_SECONDS = 120;

export async function runReauth(context: CheckContext): Promise<CheckResult[]> {
  const { contract, responses } = context;
  const reauth = contract.byId('reauthenticate');
  const read = contract.byId('getUserDetail');
  const minutes = reauthMinutesOf(contract.document);
  const limit = attemptPolicies(contract).get('reauth')!.limits[0]!;
  const results: CheckResult[] = [];

  const send = async (operation: Operation, token: string, body?: object): Promise<Sent> => {
    const plan = planRequest(contract, operation, token);
    if (plan.kind === 'skip') throw new Error(`${operation.operationId}: ${plan.reason}`);
    const request = body ? { ...plan.request, body: JSON.stringify(body), repeatable: false } : plan.request;
    try {
      const options = { timeoutMs: context.timeoutMs, signal: context.deadline };
      return { request, answer: await sendDirect(context.target, request, options) };
    } catch (error) {
      return { request, error: noAnswer(error, context.timeoutMs) };
    }
  };
  const result = (name: string, operation: Operation, sent: Sent | undefined, failure?: string): CheckResult => {
    const base = {
      kind: 'session' as const,
      ...operationFields(operation),
      proposed: true as const,
      name,
      durationMs: 0,
    };
    const violations = sent?.answer ? responses.check(operation, sent.answer) : [];
    const why =
      failure ??
      (violations.length
        ? `the answer breaks the contract: ${violations.map((v) => v.message).join('; ')}`
        : undefined);
    if (!why) return { ...base, status: 'passed', message: `answered ${sent?.answer?.status}` };
    return {
      ...base,
      status: 'failed',
      message: why,
      ...(sent ? { exchange: exchangeOf(sent.request, sent.answer) } : {}),
    };
  };
  const skip = (name: string, operation: Operation, reason: string): CheckResult => ({
    kind: 'session',
    ...operationFields(operation),
    proposed: true,
    name,
    status: 'skipped',
    message: reason,
    durationMs: 0,
  });
  const status = (sent: Sent) => sent.answer?.status ?? sent.error;

  // The account's password: wrong, the session kept, right, then the limit.
  const account = context.reauthAccount;
  const accountNames = [REAUTH_CHECKS.wrong, REAUTH_CHECKS.kept, REAUTH_CHECKS.right, REAUTH_CHECKS.lock];
  const accountOps = [reauth, read, reauth, reauth];
  const skipAccount = (reason: string) =>
    accountNames.forEach((name, i) => results.push(skip(name, accountOps[i]!, reason)));
  const signedIn = account && (await send(contract.byId('login'), '', account));
  const session = signedIn && tokenIn(signedIn);
  if (!account) {
    skipAccount(
      `give --reauth-account <user name>:<password>: a test account whose re-authentication the check locks (${limit.attempts} wrong in ${limit.windowMinutes} min lock it ${limit.lockMinutes} min)`,
    );
  } else if (!session) {
    skipAccount(`the --reauth-account sign-in answered ${signedIn ? status(signedIn) : 'nothing'} without a token`);
  } else {
    const wrongPassword = `${account.password}-not-it`;
    const wrong = await send(reauth, session, { password: wrongPassword });
    results.push(
      result(
        REAUTH_CHECKS.wrong,
        reauth,
        wrong,
        wrong.answer?.status === 401 ? undefined : `expected 401 to a wrong password, answered ${status(wrong)}`,
      ),
    );
    const kept = await send(read, session);
    results.push(
      result(
        REAUTH_CHECKS.kept,
        read,
        kept,
        kept.answer?.status === 200
          ? undefined
          : `expected 200 to the session after a wrong password, answered ${status(kept)}`,
      ),
    );
    const right = await send(reauth, session, { password: account.password });
    const authTime = jwtClaims(tokenIn(right) ?? '')?.auth_time;
    const fresh = typeof authTime === 'number' && Math.abs(authTime - Date.now() / 1000) <= SKEW_SECONDS;
    results.push(
      result(
        REAUTH_CHECKS.right,
        reauth,
        right,
        right.answer?.status !== 200
          ? `expected 200 to the right password, answered ${status(right)}`
          : fresh
            ? undefined
            : `the new token's auth_time (${String(authTime)}) is not now (within ${SKEW_SECONDS} s)`,
      ),
    );
    let last: Sent | undefined;
    for (let i = 0; i < limit.attempts; i++) last = await send(reauth, session, { password: `${wrongPassword}-${i}` });
    const locked = await send(reauth, session, { password: account.password });
    const retryAfter = Number(locked.answer?.headers?.['retry-after']);
    const body = locked.answer?.json;
    results.push(
      result(
        REAUTH_CHECKS.lock,
        reauth,
        locked,
        locked.answer?.status !== 429
          ? `expected 429 to the right password once the limit was passed (reauth: ${limit.attempts} wrong attempts in ${limit.windowMinutes} min; the last wrong one answered ${last ? status(last) : '-'}), answered ${status(locked)}`
          : !(retryAfter >= 1)
            ? 'the 429 has no Retry-After of at least 1 second'
            : !isObject(body) || body.lockout !== true
              ? 'the 429 has no Lockout body (lockout: true)'
              : undefined,
      ),
    );
  }

  // Every operation marked `x-reauth`, with a stale session.
  for (const { operationId } of reauthOperations(contract.document)) {
    const operation = contract.byId(operationId);
    const name = REAUTH_CHECKS.stale(operationId);
    if (context.only?.length && !context.only.includes(operationId)) continue;
    if (context.staleToken === undefined) {
      results.push(
        skip(
          name,
          operation,
          `give --stale-token <jwt>: a token of this server from a sign-in more than ${minutes} minutes ago whose exp has not passed`,
        ),
      );
      continue;
    }
    if (!context.allowWrites) {
      results.push(skip(name, operation, `${operationId} ${WRITES_SKIPPED}`));
      continue;
    }
    const sent = await send(operation, context.staleToken);
    const body = sent.answer?.json;
    const refused = sent.answer?.status === 403 && isObject(body) && body.reauth_required === true;
    results.push(
      result(
        name,
        operation,
        sent,
        refused
          ? undefined
          : `expected 403 with reauth_required: true to a session authenticated over ${minutes} minutes ago, answered ${status(sent)}`,
      ),
    );
  }
  return results;
}

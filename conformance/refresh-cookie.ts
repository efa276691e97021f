/**
 * The refresh cookie (kind `session`; the contract's proposed `RefreshCookie`, openapi/README.md "Sessions"): a
 * sign-in with the contract's `login` example must set `__Host-refresh` as a session cookie no script reads
 * (`HttpOnly`, `Secure`, `SameSite=Strict`, `Path=/`, no `Max-Age`, `Expires` or `Domain`); the cookie alone (no
 * bearer token) must renew the session (`getChangedJwt` → 200 with a token); the sign-out with the cookie alone must
 * clear it (`Max-Age=0`), after which the cookie renews no more (401). A server that sets no cookie at all keeps
 * bearer-only sign-in, the fallback the contract allows: skipped, saying so. Needs `--allow-writes` (it signs a
 * session out). Proposed: counted as failures only with `--strict-proposals`.
 */
import type { Operation } from '../mocks/contract.ts';
import { operationFields, WRITES_SKIPPED } from './checks.ts';
import { exchangeOf, noAnswer, sendDirect } from './direct.ts';
import type { CheckContext, CheckResult } from './checks.ts';
import type { DirectAnswer } from './direct.ts';
import { isObject, planRequest, type PlannedRequest } from './requests.ts';

export const REFRESH_COOKIE_CHECKS = {
  set: 'session: the sign-in sets the refresh cookie (__Host-, HttpOnly, Secure, SameSite=Strict, Path=/, no lifetime)',
  renewed: 'session: the refresh cookie alone renews the session (getChangedJwt → 200)',
  cleared: 'session: the sign-out clears the refresh cookie (Max-Age=0) and it renews no more (getChangedJwt → 401)',
} as const;

/** What the cookie's `Set-Cookie` lacks or has too much of, by the contract's proposal (empty: as asked). */
export function cookieFaults(setCookie: string, name: string): string[] {
  const [pair = '', ...rest] = setCookie.split(';').map((part) => part.trim());
  const attributes = rest.map((part) => part.toLowerCase());
  const has = (attribute: string) => attributes.some((a) => a === attribute || a.startsWith(`${attribute}=`));
  const faults: string[] = [];
  if (!pair.startsWith(`${name}=`) || pair.length <= name.length + 1) faults.push(`no ${name} value`);
  for (const needed of ['httponly', 'secure']) if (!has(needed)) faults.push(`no ${needed}`);
  if (!attributes.includes('samesite=strict')) faults.push('not samesite=strict');
  if (!attributes.includes('path=/')) faults.push('not path=/');
  for (const refused of ['max-age', 'expires', 'domain']) if (has(refused)) faults.push(`has ${refused}`);
  return faults;
}

type Sent = { request: PlannedRequest; answer?: DirectAnswer; error?: string };

export async function runRefreshCookie(context: CheckContext): Promise<CheckResult[]> {
  const { contract } = context;
  const name = String((contract.document['x-session'] as { refreshCookie?: unknown } | undefined)?.refreshCookie);
  const [login, renewal, logout] = ['login', 'getChangedJwt', 'logout'].map((id) => contract.byId(id)) as [
    Operation,
    Operation,
    Operation,
  ];
  const result = (
    check: keyof typeof REFRESH_COOKIE_CHECKS,
    operation: Operation,
    status: CheckResult['status'],
    message: string,
    sent?: Sent,
  ): CheckResult => ({
    kind: 'session',
    ...operationFields(operation),
    proposed: true,
    name: REFRESH_COOKIE_CHECKS[check],
    status,
    message,
    durationMs: 0,
    ...(sent && status === 'failed' ? { exchange: exchangeOf(sent.request, sent.answer) } : {}),
  });
  const skipAll = (why: string) => [
    result('set', login, 'skipped', why),
    result('renewed', renewal, 'skipped', why),
    result('cleared', logout, 'skipped', why),
  ];
  if (!context.allowWrites) return skipAll(`the sign-out ${WRITES_SKIPPED}`);

  /** The operation's example request with only the cookie (or nothing) as its credential. */
  const send = async (operation: Operation, cookie?: string): Promise<Sent> => {
    const plan = planRequest(contract, operation, '');
    if (plan.kind === 'skip') throw new Error(`${operation.operationId}: ${plan.reason}`);
    const { authorization: _dropped, ...headers } = plan.request.headers;
    const request = { ...plan.request, headers: { ...headers, ...(cookie ? { cookie } : {}) } };
    try {
      return { request, answer: await sendDirect(context.target, request, { timeoutMs: context.timeoutMs }) };
    } catch (error) {
      return { request, error: noAnswer(error, context.timeoutMs) };
    }
  };

  const signedIn = await send(login);
  if (signedIn.answer?.status !== 200) {
    return skipAll(`a sign-in with the contract's login example answered ${signedIn.answer?.status ?? signedIn.error}`);
  }
  const setCookie = signedIn.answer.headers?.['set-cookie'];
  if (setCookie === undefined || !setCookie.includes(`${name}=`)) {
    return skipAll(`the sign-in sets no ${name} cookie: a bearer-only server (the console's "session": "bearer")`);
  }
  const faults = cookieFaults(setCookie, name);
  const results = [
    faults.length
      ? result('set', login, 'failed', `the ${name} cookie: ${faults.join(', ')} (${setCookie})`, signedIn)
      : result('set', login, 'passed', `${name} set as a session cookie no script reads`),
  ];
  const cookie = setCookie.split(';')[0]!;

  const renewed = await send(renewal, cookie);
  const body = renewed.answer?.json;
  const token = isObject(body) && isObject(body.data) && isObject(body.data.data) ? body.data.data.token : undefined;
  results.push(
    renewed.answer?.status === 200 && typeof token === 'string'
      ? result('renewed', renewal, 'passed', 'the cookie alone renewed: 200 with a token')
      : result(
          'renewed',
          renewal,
          'failed',
          `expected 200 with a token to the cookie alone, answered ${renewed.answer?.status ?? renewed.error}`,
          renewed,
        ),
  );

  const out = await send(logout, cookie);
  const cleared = out.answer?.headers?.['set-cookie'] ?? '';
  const after = await send(renewal, cookie);
  const clearedOk = out.answer?.status === 204 && cleared.startsWith(`${name}=`) && /max-age=0/i.test(cleared);
  results.push(
    !clearedOk
      ? result(
          'cleared',
          logout,
          'failed',
          `expected 204 clearing ${name} (Max-Age=0) to the sign-out with the cookie alone, answered ${out.answer?.status ?? out.error}${cleared ? ` with ${cleared}` : ' without a cookie'}`,
          out,
        )
      : after.answer?.status !== 401
        ? result(
            'cleared',
            renewal,
            'failed',
            `expected 401 to the signed-out cookie on getChangedJwt, answered ${after.answer?.status ?? after.error}`,
            after,
          )
        : result('cleared', logout, 'passed', 'cleared, and the signed-out cookie is refused: 401'),
  );
  return results;
}

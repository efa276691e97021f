/**
 * The abuse check's same-answer case (abuse.ts): a call naming an account answers a known account and an unknown one
 * alike, so the answer never tells whether an account exists. Without a password in the call the known account may
 * be the `--token`'s own; with one, only the account named with `--abuse-account` (a wrong password is sent for it),
 * else the unknown name must get the 401 the contract gives a wrong password.
 */
import { requestFor, result, send, throwawayName, type LimitedCall } from './abuse-kit.ts';
import type { CheckContext, CheckResult } from './checks.ts';
import type { PlannedRequest } from './requests.ts';

/** Whether a request carries a password (`password`, `Password`, `pass`). */
export const hasPassword = (request: PlannedRequest): boolean => /"pass(word)?"\s*:/i.test(String(request.body ?? ''));

export async function sameAnswer(
  context: CheckContext,
  call: LimitedCall,
  known: string | undefined,
): Promise<CheckResult> {
  const name = 'an unknown account answered as a known one';
  const started = performance.now();
  const unknownRequest = requestFor(context, call, throwawayName(context, 'unknown'));
  if (typeof unknownRequest === 'string') return result(call, name, 'skipped', unknownRequest);
  const withPassword = hasPassword(unknownRequest);
  try {
    const unknown = await send(context, unknownRequest);
    if (withPassword && known === undefined) {
      // No account may be named: the unknown name must get the contract's answer to a wrong password (401).
      const valid = context.responses.check(call.operation, unknown.answer).length === 0;
      if (unknown.answer.status === 401 && valid)
        return result(
          call,
          name,
          'passed',
          'an unknown user name answered 401, as a wrong password (name a known account with --abuse-account to compare the bodies)',
          { started },
        );
      return result(
        call,
        name,
        'failed',
        `an unknown user name answered ${unknown.answer.status}, not the 401 of a wrong password: the answer tells whether an account exists`,
        { started, sent: unknown },
      );
    }
    if (known === undefined)
      return result(
        call,
        name,
        'skipped',
        'no known account: give --abuse-account <username> or a --token with a Username claim',
      );
    const knownRequest = requestFor(context, call, known);
    if (typeof knownRequest === 'string') return result(call, name, 'skipped', knownRequest);
    const other = await send(context, knownRequest);
    if (unknown.answer.status === 429 || other.answer.status === 429)
      return result(
        call,
        name,
        'failed',
        'locked (429) before the answers could be compared: a lock left by an earlier run',
        { started, sent: other },
      );
    const same =
      other.answer.status === unknown.answer.status &&
      JSON.stringify(other.answer.json) === JSON.stringify(unknown.answer.json) &&
      other.answer.body.length > 0 === unknown.answer.body.length > 0;
    const what = withPassword ? 'a wrong password for a known account' : 'a known account';
    if (same)
      return result(
        call,
        name,
        'passed',
        `${what} and an unknown one both answered ${other.answer.status} with the same body`,
        { started },
      );
    return result(
      call,
      name,
      'failed',
      `answered ${unknown.answer.status} for an unknown account and ${other.answer.status} for ${what}: the answer tells whether an account exists`,
      {
        started,
        sent: unknown,
        details: [
          `unknown account: ${unknown.answer.body.slice(0, 300)}`,
          `${what}: ${other.answer.body.slice(0, 300)}`,
        ],
      },
    );
  } catch (error) {
    return result(call, name, 'failed', (error as Error).message, { started });
  }
}

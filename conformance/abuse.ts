/**
 * The abuse check (kind `abuse`): the calls made before sign-in are limited as the contract states, and they answer
 * the same for a known and an unknown account. Every number is read from the contract (`x-attempt-limits`, the
 * operations' `x-attempt-limit` and `x-attempt-account`; abuse-kit.ts), none is written here.
 *  - Per account, on a name made for the run (no real account is locked): the limit's number of attempts (wrong ones
 *    for a policy counting failures) must not be refused, the next one must answer 429 with `Retry-After` and the
 *    contract's `Lockout` body naming the policy.
 *  - The same on a real account with `--abuse-account <username>` (it locks that account for the policy's time), and
 *    a wrong password for it must answer as an unknown user name does.
 *  - Per client with `--abuse-client`: fresh names (or wrong codes) until 429; the policy's other calls are then
 *    refused at once. It locks the checker's own address for the policy's time, so it runs last.
 *  - Same answer: a call naming an account and no password answers a known account (`--abuse-account`, else the
 *    `--token`'s `Username`) and an unknown one with the same status and body; a call with a password answers an
 *    unknown user name with the status the contract gives a wrong password.
 * Calls that change state (every one here but sign-in) are sent only with `--allow-writes`.
 */
import { tokenClaims } from '../mocks/area.ts';
import {
  limitedCalls,
  limitOf,
  lockoutFaults,
  mayNotSend,
  requestFor,
  result,
  send,
  throwawayName,
  type LimitedCall,
} from './abuse-kit.ts';
import { locksAfter } from './abuse-lock.ts';
import type { CheckContext, CheckResult } from './checks.ts';
import { hasPassword, sameAnswer } from './abuse-same-answer.ts';

/** The client limits (`--abuse-client`): the policy's first call until locked, then each other call refused at once. */
async function clientLimits(context: CheckContext, calls: LimitedCall[]): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const lockedPolicies = new Set<string>();
  for (const call of calls) {
    const limit = limitOf(call, 'client');
    if (!limit) continue;
    const name = 'locks a client (--abuse-client)';
    const skip = mayNotSend(context, call);
    if (skip) {
      results.push(result(call, name, 'skipped', skip));
      continue;
    }
    if (!lockedPolicies.has(call.policy.name)) {
      const found = await locksAfter(context, call, limit, name, 'within', () =>
        requestFor(context, call, throwawayName(context, 'client')),
      );
      if (found.status === 'passed') lockedPolicies.add(call.policy.name);
      results.push(found);
      continue;
    }
    const request = requestFor(context, call, throwawayName(context, 'client'));
    if (typeof request === 'string') continue;
    const sent = await send(context, request).catch((error: Error) => error);
    if (sent instanceof Error) results.push(result(call, name, 'failed', sent.message));
    else if (sent.answer.status === 429 && lockoutFaults(context, call, sent).length === 0)
      results.push(
        result(call, name, 'passed', `refused at once: the client is locked for the whole ${call.policy.name} policy`),
      );
    else
      results.push(
        result(
          call,
          name,
          'failed',
          `answered ${sent.answer.status} while the client is locked for ${call.policy.name}: the policy does not cover this call`,
          { sent },
        ),
      );
  }
  return results;
}

export async function runAbuse(context: CheckContext): Promise<CheckResult[]> {
  const calls = limitedCalls(context);
  const given = context.abuseAccount;
  const tokenName = tokenClaims(`Bearer ${context.token}`).Username;
  const known = given ?? (typeof tokenName === 'string' ? tokenName : undefined);
  const results: CheckResult[] = [];
  for (const call of calls) {
    const limit = limitOf(call, 'account');
    const skip = mayNotSend(context, call);
    if (limit && call.accountField) {
      const name = 'locks an account (a name made for the run)';
      const account = throwawayName(context, 'account');
      results.push(
        skip
          ? result(call, name, 'skipped', skip)
          : await locksAfter(context, call, limit, name, 'exact', () => requestFor(context, call, account)),
      );
    }
    if (call.accountField) {
      const probe = requestFor(context, call, '');
      const needsGiven = typeof probe !== 'string' && hasPassword(probe);
      results.push(
        skip
          ? result(call, 'an unknown account answered as a known one', 'skipped', skip)
          : await sameAnswer(context, call, needsGiven ? given : known),
      );
    }
  }
  // A real account is locked only when named for it.
  if (given !== undefined) {
    const seen = new Set<string>();
    for (const call of calls) {
      const limit = limitOf(call, 'account');
      const name = `locks the named account (--abuse-account ${given})`;
      if (!limit || !call.accountField || seen.has(call.policy.name)) continue;
      seen.add(call.policy.name);
      const skip = mayNotSend(context, call);
      results.push(
        skip
          ? result(call, name, 'skipped', skip)
          : await locksAfter(context, call, limit, name, 'within', () => requestFor(context, call, given)),
      );
    }
  }
  if (context.abuseClient) results.push(...(await clientLimits(context, calls)));
  else if (calls.some((call) => limitOf(call, 'client')))
    for (const call of calls.filter((found) => limitOf(found, 'client')))
      results.push(
        result(
          call,
          'locks a client (--abuse-client)',
          'skipped',
          "locks the checker's own address for the policy's time: only with --abuse-client",
        ),
      );
  return results;
}

/**
 * The lock probe of the abuse check: attempts on one limited call until the server locks, judged against the
 * contract's limit and its `Lockout` answer (abuse-kit.ts).
 */
import type { AttemptLimit } from '../mocks/db/attempt-limits.ts';
import { limitText, lockoutFaults, result, send, type LimitedCall, type Sent } from './abuse-kit.ts';
import type { CheckContext, CheckResult } from './checks.ts';
import type { PlannedRequest } from './requests.ts';

/**
 * Sends `limit.attempts` requests that must not be locked, then one that must be (`exact`), or requests until one is
 * locked, at most `limit.attempts + 1` (`within`: counts of the run's earlier calls may lock sooner).
 */
export async function locksAfter(
  context: CheckContext,
  call: LimitedCall,
  limit: AttemptLimit,
  name: string,
  mode: 'exact' | 'within',
  next: (i: number) => PlannedRequest | string,
): Promise<CheckResult> {
  const started = performance.now();
  const rule = limitText(call, limit);
  let sent: Sent | undefined;
  try {
    for (let i = 0; i <= limit.attempts; i++) {
      const request = next(i);
      if (typeof request === 'string') return result(call, name, 'skipped', request);
      sent = await send(context, request);
      const { status } = sent.answer;
      if (status === 429 && (mode === 'within' || i === limit.attempts)) {
        const faults = lockoutFaults(context, call, sent);
        if (faults.length)
          return result(call, name, 'failed', `the 429 is not the contract's lockout: ${faults.join('; ')}`, {
            started,
            sent,
            details: [rule],
          });
        return result(
          call,
          name,
          'passed',
          `locked after ${i} ${call.policy.counts === 'failures' ? 'wrong attempts' : 'calls'}: 429, Retry-After ${sent.retryAfter} s (${rule})`,
          { started },
        );
      }
      if (status === 429) {
        return result(
          call,
          name,
          'failed',
          `answered 429 after only ${i} attempts, before the limit (${rule}): a lower limit, or a lock left by an earlier run`,
          { started, sent },
        );
      }
      if (call.policy.counts === 'failures' && status >= 200 && status < 300) {
        return result(
          call,
          name,
          'failed',
          `attempt ${i + 1} was accepted (${status}): the secret sent was not wrong here, so nothing could be counted`,
          { started, sent },
        );
      }
    }
  } catch (error) {
    return result(call, name, 'failed', (error as Error).message, { started });
  }
  return result(
    call,
    name,
    'failed',
    `expected 429 once the limit was passed (${rule}); attempt ${limit.attempts + 1} answered ${sent?.answer.status}`,
    { started, ...(sent ? { sent } : {}) },
  );
}

/**
 * What the second factor's probe (second-factor.ts) computes: the contract's numbers (root `x-second-factor`, the
 * `second-factor` attempt-limit policy) and the codes an authenticator app would show for the secret the server gave
 * (RFC 6238 with the `otpauth` library), a wrong code unlike any the server could accept now, and the Lockout judge.
 */
import { Secret, TOTP } from 'otpauth';
import { attemptPolicies, type AttemptPolicy } from '../mocks/db/attempt-limits.ts';
import type { Contract, Operation } from '../mocks/contract.ts';
import type { CheckContext } from './checks.ts';
import type { DirectAnswer } from './direct.ts';
import { isObject } from './requests.ts';

export interface SecondFactorNumbers {
  userTypes: number[];
  digits: number;
  periodSeconds: number;
  window: number;
  recoveryCodes: number;
  policy: AttemptPolicy;
  /** The smallest number of wrong codes the policy allows before it locks. */
  attempts: number;
}

/** The contract's numbers of the second factor; throws when one is missing (a contract bug, not a server's). */
export function secondFactorNumbers(contract: Contract): SecondFactorNumbers {
  const root = contract.document['x-second-factor'];
  if (!isObject(root)) throw new Error('the contract has no root x-second-factor');
  const number = (name: string): number => {
    if (typeof root[name] !== 'number') throw new Error(`x-second-factor.${name} must be a number`);
    return root[name];
  };
  const policy = attemptPolicies(contract).get('second-factor');
  if (!policy) throw new Error('x-attempt-limits has no second-factor policy');
  return {
    userTypes: Array.isArray(root.userTypes) ? root.userTypes.map(Number) : [],
    digits: number('digits'),
    periodSeconds: number('periodSeconds'),
    window: number('window'),
    recoveryCodes: number('recoveryCodes'),
    policy,
    attempts: Math.min(...policy.limits.map((limit) => limit.attempts)),
  };
}

/** The authenticator app of a secret: the code of a time step, and the step of now. */
export class Authenticator {
  private readonly totp: TOTP;

  constructor(
    secret: string,
    private readonly numbers: Pick<SecondFactorNumbers, 'digits' | 'periodSeconds'>,
  ) {
    this.totp = new TOTP({
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: numbers.digits,
      period: numbers.periodSeconds,
    });
  }

  step(now = Date.now()): number {
    return Math.floor(now / 1000 / this.numbers.periodSeconds);
  }

  codeOf(step: number): string {
    return this.totp.generate({ timestamp: step * this.numbers.periodSeconds * 1000 });
  }

  /** A code of the right length no step near now has (so no window could accept it). */
  wrongCode(now = Date.now()): string {
    const near = new Set(Array.from({ length: 9 }, (_, i) => this.codeOf(this.step(now) + i - 4)));
    for (let digit = 0; digit <= 9; digit++) {
      const candidate = String(digit).repeat(this.numbers.digits);
      if (!near.has(candidate)) return candidate;
    }
    throw new Error('unreachable: ten repeated-digit codes cannot all be near codes');
  }
}

/** Why an answer is not the contract's lockout of `policy` (429, Retry-After, the Lockout body), or undefined. */
export function notLockout(
  ctx: CheckContext,
  operation: Operation,
  answer: DirectAnswer,
  policy: string,
): string | undefined {
  if (answer.status !== 429) return `expected 429 (locked), answered ${answer.status}`;
  const retryAfter = answer.headers?.['retry-after'];
  if (!retryAfter || !/^\d+$/.test(retryAfter) || Number(retryAfter) < 1)
    return `429 without a Retry-After of whole seconds (got ${retryAfter ?? 'none'})`;
  const violations = ctx.responses.check(operation, answer);
  if (violations.length)
    return `the 429 body is not the contract's Lockout: ${violations.map((v) => v.message).join('; ')}`;
  const body = answer.json as Record<string, unknown>;
  if (body.policy !== policy) return `the Lockout names policy ${String(body.policy)}, not ${policy}`;
  return undefined;
}

/** `data` of a JSON answer, as an object (empty when it is none). */
export const dataObject = (answer: DirectAnswer): Record<string, unknown> =>
  isObject(answer.json) && isObject(answer.json.data) ? answer.json.data : {};

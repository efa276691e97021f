/**
 * The mock's attempt limits: the policies the contract states once (root `x-attempt-limits`, read from
 * generated/openapi.json) and an operation names (`x-attempt-limit`). One limiter for every policy: each policy
 * counts failures (a wrong secret; a right one clears the caller's own counters) or requests, per key (`panel-account`,
 * `panel`, `account`, `client`), in a sliding window, and locks the key for the policy's time once a limit is reached.
 * A locked call answers 429 with `Retry-After` and the contract's `Lockout` body (`lockoutAnswer`).
 */
import type { Contract, JsonObject, Operation } from '../contract.ts';

export type LimitKey = 'panel-account' | 'panel' | 'account' | 'client' | 'user';

export interface AttemptLimit {
  per: LimitKey;
  attempts: number;
  windowMinutes: number;
  lockMinutes: number;
}

export interface AttemptPolicy {
  name: string;
  counts: 'failures' | 'requests';
  limits: AttemptLimit[];
}

/** The values of a request that a policy's keys name (only those the policy uses are needed). */
export type LimitKeys = Partial<Record<LimitKey, string>>;

export interface Lock {
  policy: string;
  per: LimitKey;
  /** Epoch milliseconds when the lock ends. */
  until: number;
}

const MINUTE = 60_000;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every policy of the contract's root `x-attempt-limits`, by name; throws on a malformed one (a contract bug). */
export function attemptPolicies(contract: Contract): Map<string, AttemptPolicy> {
  const root = contract.document['x-attempt-limits'];
  const policies = isObject(root) && isObject(root.policies) ? root.policies : {};
  const found = new Map<string, AttemptPolicy>();
  for (const [name, policy] of Object.entries(policies)) {
    if (!isObject(policy) || (policy.counts !== 'failures' && policy.counts !== 'requests')) {
      throw new Error(`x-attempt-limits policy ${name}: counts must be failures or requests`);
    }
    const limits = (Array.isArray(policy.limits) ? policy.limits : []).map((limit) => {
      if (!isObject(limit)) throw new Error(`x-attempt-limits policy ${name}: a limit is not an object`);
      const { per, attempts, windowMinutes, lockMinutes } = limit;
      if (!['panel-account', 'panel', 'account', 'client', 'user'].includes(String(per))) {
        throw new Error(`x-attempt-limits policy ${name}: unknown key ${String(per)}`);
      }
      for (const [field, value] of Object.entries({ attempts, windowMinutes, lockMinutes })) {
        if (typeof value !== 'number' || !(value > 0)) {
          throw new Error(`x-attempt-limits policy ${name}: ${field} must be a positive number`);
        }
      }
      return { per, attempts, windowMinutes, lockMinutes } as AttemptLimit;
    });
    if (!limits.length) throw new Error(`x-attempt-limits policy ${name}: no limits`);
    found.set(name, { name, counts: policy.counts, limits });
  }
  return found;
}

/** The policy an operation names (`x-attempt-limit`), if any. */
export const attemptPolicyOf = (operation: Operation): string | undefined => {
  const named = operation.spec['x-attempt-limit'];
  return typeof named === 'string' ? named : undefined;
};

interface Counter {
  /** Epoch milliseconds of the attempts still in the window. */
  times: number[];
  lockedUntil: number;
}

export class AttemptLimiter {
  private readonly counters = new Map<string, Counter>();

  constructor(readonly policies: Map<string, AttemptPolicy>) {}

  static fromContract(contract: Contract): AttemptLimiter {
    return new AttemptLimiter(attemptPolicies(contract));
  }

  policy(name: string): AttemptPolicy {
    const policy = this.policies.get(name);
    if (!policy) throw new Error(`No attempt-limit policy ${name} in the contract's x-attempt-limits`);
    return policy;
  }

  private counter(policy: string, per: LimitKey, value: string): Counter {
    const id = `${policy}\u0000${per}\u0000${value}`;
    let counter = this.counters.get(id);
    if (!counter) this.counters.set(id, (counter = { times: [], lockedUntil: 0 }));
    return counter;
  }

  /** The lock that holds these keys now (the one that ends last), or undefined. */
  locked(name: string, keys: LimitKeys, now = Date.now()): Lock | undefined {
    let lock: Lock | undefined;
    for (const limit of this.policy(name).limits) {
      const value = keys[limit.per];
      if (value === undefined) continue;
      const until = this.counter(name, limit.per, value).lockedUntil;
      if (until > now && (!lock || until > lock.until)) lock = { policy: name, per: limit.per, until };
    }
    return lock;
  }

  /**
   * Counts one attempt (a failure, or a request for a policy that counts requests) under each key; a limit reached
   * locks its key. Answers the lock that now holds, if any.
   */
  count(name: string, keys: LimitKeys, now = Date.now()): Lock | undefined {
    for (const limit of this.policy(name).limits) {
      const value = keys[limit.per];
      if (value === undefined) continue;
      const counter = this.counter(name, limit.per, value);
      counter.times = counter.times.filter((time) => time > now - limit.windowMinutes * MINUTE);
      counter.times.push(now);
      if (counter.times.length >= limit.attempts) {
        counter.lockedUntil = Math.max(counter.lockedUntil, now + limit.lockMinutes * MINUTE);
        counter.times = [];
      }
    }
    return this.locked(name, keys, now);
  }

  /** A right secret: clears the caller's own counters (`panel-account`, `account`, `client`), never a panel-wide one. */
  succeeded(name: string, keys: LimitKeys): void {
    for (const limit of this.policy(name).limits) {
      const value = keys[limit.per];
      if (value === undefined || limit.per === 'panel') continue;
      const counter = this.counter(name, limit.per, value);
      if (counter.lockedUntil <= Date.now()) counter.times = [];
    }
  }

  /** Forgets every count and lock (the mock's reset). */
  reset(): void {
    this.counters.clear();
  }
}

/** The 429 a lock answers: `Retry-After` in whole seconds (at least 1) and the contract's `Lockout` body. */
export function lockoutAnswer(
  lock: Lock,
  message: string,
  now = Date.now(),
): { status: 429; headers: Record<string, string>; body: Record<string, unknown> } {
  const retryAfter = Math.max(1, Math.ceil((lock.until - now) / 1000));
  return {
    status: 429,
    headers: { 'retry-after': String(retryAfter) },
    body: {
      message,
      status: 'Error',
      lockout: true,
      policy: lock.policy,
      locked_until: new Date(lock.until).toISOString(),
      retry_after: retryAfter,
    },
  };
}

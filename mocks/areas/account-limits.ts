/**
 * The attempt limits of the calls made before sign-in (the contract's `x-attempt-limits` policies keyed per account
 * and per client: `sign-in`, `account-code`, `account-message`), with the mock's one limiter (mocks/db/attempt-limits.ts).
 * Every operation whose `x-attempt-limit` names such a policy is limited here; the numbers are the contract's.
 *  - A locked call answers 429 with `Retry-After` and the `Lockout` body before anything else (nothing is sent, asked
 *    or counted), whatever `Prefer` says.
 *  - The keys: `client`, the caller's address (mocks/client-address.ts); `account`, the body property the operation
 *    names in `x-attempt-account`, as the account it means when one has that name (mocks/account-names.ts).
 *  - Only a valid request counts (the operation's request schema): one refused as invalid (400) was not acted on.
 *    A policy counting `requests` counts it at once; one counting `failures` learns the answer: a 4xx is a wrong
 *    secret (the sign-in's 401, a wrong code's 400), a 2xx a right one, which clears the account's own count.
 *  - A user name no account has, with a password (`sendVerification`, and the sign-in as the users area answers it),
 *    gets the operation's `invalid-credentials` answer: the same as a wrong password.
 *  - A code alone names its account (`account-code`): the mock sends no SMS, so the code it "sent" is the contract's
 *    own request example of the operation; any other code of the right form is wrong (`wrong-code`).
 * `onLock` hears each lock a count sets (the audit log's `lockout`). `areas/reset` forgets every count and lock, and
 * so does `POST /__mock/limits/reset` alone (for browser tests that fail sign-ins on purpose) → `{ limits: 'reset' }`.
 */
import { AccountNames } from '../account-names.ts';
import type { MockAccess } from '../access.ts';
import { sendJson, type AreaRequest, type MockArea } from '../area.ts';
import { defineArea } from '../define-area.ts';
import type { ServerResponse } from 'node:http';
import { AttemptLimiter, attemptPolicyOf, lockoutAnswer, type LimitKeys, type Lock } from '../db/attempt-limits.ts';
import { ContractSchemas, type SchemaCheck } from '../contract-schemas.ts';
import type { Contract, Operation } from '../contract.ts';

/** What a lock set by a count is told with: the request, the operation and the account name given, if any. */
export type LockListener = (lock: Lock, request: AreaRequest, operation: Operation, accountName?: string) => void;

interface Limited {
  operation: Operation;
  policy: string;
  counts: 'failures' | 'requests';
  /** The body property naming the account (`x-attempt-account`), when the policy counts per account. */
  accountField?: string;
  valid: SchemaCheck;
  /** For a code alone: the code the mock "sent" (the contract's request example). */
  sentCode?: string;
}

const BEFORE_SIGN_IN_KEYS = new Set(['account', 'client']);

const MESSAGES = {
  tr: (minutes: number) => `Çok fazla deneme yapıldı. Lütfen ${minutes} dakika sonra tekrar deneyin`,
  en: (minutes: number) => `Too many attempts. Please try again in ${minutes} minutes`,
};

/** The lockout message in the caller's language (the `language` header; Turkish unless `en`). */
export const lockoutMessage = (request: AreaRequest, seconds: number): string =>
  MESSAGES[request.headers.language === 'en' ? 'en' : 'tr'](Math.max(1, Math.ceil(seconds / 60)));

/** Answers a locked call: 429 with `Retry-After` and the contract's `Lockout` body, its message in the caller's language. */
export function sendLockout(res: ServerResponse, lock: Lock, request: AreaRequest): void {
  const answer = lockoutAnswer(lock, '');
  answer.body.message = lockoutMessage(request, Number(answer.headers['retry-after']));
  res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
  res.end(JSON.stringify(answer.body));
}

/**
 * A call limited per account (`policy`, counted against `user`): answered with the lockout while the account is
 * locked (true), else noted in `counted` as that account's attempt, for its answer to count (false).
 */
export function refuseWhileLocked(
  limiter: AttemptLimiter,
  policy: string,
  user: string,
  request: AreaRequest,
  res: ServerResponse,
  counted: WeakMap<object, string>,
): boolean {
  const lock = limiter.locked(policy, { user });
  if (lock) {
    sendLockout(res, lock, request);
    return true;
  }
  counted.set(request, user);
  return false;
}

export function accountLimitsArea(
  contract: Contract,
  access: MockAccess,
  onLock: LockListener = () => undefined,
  limiter: AttemptLimiter = AttemptLimiter.fromContract(contract),
): MockArea {
  const schemas = new ContractSchemas(contract);
  const names = new AccountNames(contract, access);
  const limited = new Map<string, Limited>();
  for (const operation of contract.operations) {
    const policy = attemptPolicyOf(operation);
    const rules = policy === undefined ? undefined : limiter.policy(policy);
    if (!rules || !rules.limits.every((limit) => BEFORE_SIGN_IN_KEYS.has(limit.per))) continue;
    const field = operation.spec['x-attempt-account'];
    const codeExample = Object.values(
      (operation.spec.requestBody as { content?: Record<string, { examples?: object }> } | undefined)?.content?.[
        'application/json'
      ]?.examples ?? {},
    )[0] as { value?: { code?: unknown } } | undefined;
    limited.set(operation.operationId, {
      operation,
      policy: rules.name,
      counts: rules.counts,
      ...(typeof field === 'string' ? { accountField: field } : {}),
      valid: schemas.requestBody(operation),
      ...(typeof codeExample?.value?.code === 'string' && field === undefined
        ? { sentCode: codeExample.value.code }
        : {}),
    });
  }
  /** The failures-counted requests waiting for their answer, with their keys. */
  const waiting = new WeakMap<AreaRequest, LimitKeys>();

  const operationOf = (method: string, pathname: string): string | undefined => {
    for (const path of [pathname, pathname.replace(/^\/[^/]+(?=\/)/, '')]) {
      const matched = contract.match(method, path);
      const id = matched?.operation.operationId;
      if (id && limited.has(id)) return id;
    }
    return undefined;
  };

  const keysOf = (rule: Limited, request: AreaRequest): LimitKeys => {
    const given = rule.accountField ? request.body[rule.accountField] : undefined;
    return {
      client: request.client ?? 'unknown',
      ...(typeof given === 'string' && given.trim() ? { account: names.accountKey(given) } : {}),
    };
  };

  const counted = (rule: Limited, request: AreaRequest, keys: LimitKeys): void => {
    const lock = limiter.count(rule.policy, keys);
    if (!lock) return;
    const given = rule.accountField ? request.body[rule.accountField] : undefined;
    onLock(lock, request, rule.operation, typeof given === 'string' ? given.trim() : undefined);
  };

  return defineArea({
    contract,
    handle(method, pathname, request, res) {
      const id = operationOf(method, pathname);
      const rule = id === undefined ? undefined : limited.get(id);
      if (!rule) return false;
      const keys = keysOf(rule, request);
      const lock = limiter.locked(rule.policy, keys);
      if (lock) {
        sendLockout(res, lock, request);
        return true;
      }
      if (rule.valid(request.body) !== undefined) return false;
      if (rule.counts === 'requests') counted(rule, request, keys);
      else waiting.set(request, keys);
      return false;
    },

    // Every operation an attempt policy limits (`x-attempt-policy`), by its id.
    everyOperation: {
      choose(id, { body }, examples) {
        const rule = limited.get(id);
        if (!rule) return undefined;
        // A user name and password no account has: the answer of a wrong password (the same for both).
        const given = rule.accountField ? body[rule.accountField] : undefined;
        if (typeof given === 'string' && examples.has('invalid-credentials') && !names.account(given)) {
          return examples.pick('invalid-credentials');
        }
        if (rule.sentCode === undefined || typeof body.code !== 'string') return undefined;
        return body.code === rule.sentCode ? undefined : examples.pick('wrong-code');
      },

      settled(id, request, status) {
        const keys = waiting.get(request);
        const rule = limited.get(id);
        if (!keys || !rule) return;
        waiting.delete(request);
        // A right secret clears the account's own count, never the client's (see the `sign-in` policy).
        if (status >= 200 && status < 300) {
          if (keys.account !== undefined) limiter.succeeded(rule.policy, { account: keys.account });
        } else if (status >= 400 && status < 500 && status !== 429) counted(rule, request, keys);
      },
    },

    control(method, route, _raw, res) {
      if (method !== 'POST' || route !== 'limits/reset') return false;
      limiter.reset();
      sendJson(res, 200, { limits: 'reset' });
      return true;
    },

    reset() {
      limiter.reset();
    },
  });
}

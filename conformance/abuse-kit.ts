/**
 * What the abuse check (abuse.ts) reads from the contract and sends: the operations limited before sign-in (an
 * `x-attempt-limit` whose policy counts per account and per client, from the root `x-attempt-limits`), their numbers,
 * and requests built from the operation's own example with the account and the secret changed.
 */
import { randomBytes } from 'node:crypto';
import type { Operation } from '../mocks/contract.ts';
import { attemptPolicies, attemptPolicyOf, type AttemptLimit, type AttemptPolicy } from '../mocks/db/attempt-limits.ts';
import { isWrite, operationFields, WRITES_SKIPPED } from './checks.ts';
import { exchangeOf, noAnswer } from './direct.ts';
import type { CheckContext, CheckResult } from './checks.ts';
import type { DirectAnswer } from './direct.ts';
import { planRequest, type PlannedRequest } from './requests.ts';

/** An operation limited before sign-in, with its policy and the body property naming the account. */
export interface LimitedCall {
  operation: Operation;
  policy: AttemptPolicy;
  accountField?: string;
}

const BEFORE_SIGN_IN = new Set(['account', 'client']);

/** Every operation the contract limits per account or per client (the panel password's policy is another check's). */
export function limitedCalls(context: CheckContext): LimitedCall[] {
  const policies = attemptPolicies(context.contract);
  return context.contract.operations.flatMap((operation): LimitedCall[] => {
    const name = attemptPolicyOf(operation);
    const policy = name === undefined ? undefined : policies.get(name);
    if (!policy || !policy.limits.every((limit) => BEFORE_SIGN_IN.has(limit.per))) return [];
    if (context.only?.length && !context.only.includes(operation.operationId)) return [];
    const field = operation.spec['x-attempt-account'];
    return [{ operation, policy, ...(typeof field === 'string' ? { accountField: field } : {}) }];
  });
}

export const limitOf = (call: LimitedCall, per: AttemptLimit['per']): AttemptLimit | undefined =>
  call.policy.limits.find((limit) => limit.per === per);

/** The limit in words: "5 wrong attempts in 15 min per account, then 15 min locked" (`sign-in`). */
export const limitText = (call: LimitedCall, limit: AttemptLimit): string =>
  `${call.policy.name}: ${limit.attempts} ${call.policy.counts === 'failures' ? 'wrong attempts' : 'calls'} in ` +
  `${limit.windowMinutes} min per ${limit.per}, then ${limit.lockMinutes} min locked`;

/** A name no account has: made for this run (the seed, the time and random bytes). */
export const throwawayName = (context: CheckContext, label: string): string =>
  `conformance-${label}-${context.seed}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;

/** A secret that is wrong with certainty as far as a server can tell: random, of the right form. */
export const wrongSecret = (): string => `Wrong-${randomBytes(6).toString('hex')}`;
/** A code of the contract's form (4-10 letters or digits) that no server sent: random digits and letters. */
export const wrongCode = (): string => `Z${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 8);

/**
 * The operation's example request with the account named `account` (its `x-attempt-account`), every password or code
 * replaced by a wrong one.
 */
export function requestFor(context: CheckContext, call: LimitedCall, account?: string): PlannedRequest | string {
  const plan = planRequest(context.contract, call.operation, context.token);
  if (plan.kind === 'skip') return plan.reason;
  const body = JSON.parse(typeof plan.request.body === 'string' ? plan.request.body : '{}') as Record<string, unknown>;
  for (const field of Object.keys(body)) {
    if (/^pass(word)?$/i.test(field)) body[field] = wrongSecret();
    if (field === 'code') body[field] = wrongCode();
  }
  if (call.accountField && account !== undefined) body[call.accountField] = account;
  const { authorization: _dropped, ...headers } = plan.request.headers;
  return { ...plan.request, headers, body: JSON.stringify(body) };
}

/** Why a call may not be sent in this run (a write without --allow-writes), else undefined. */
export const mayNotSend = (context: CheckContext, call: LimitedCall): string | undefined =>
  isWrite(call.operation) && !context.allowWrites ? WRITES_SKIPPED : undefined;

export interface Sent {
  request: PlannedRequest;
  answer: DirectAnswer;
  retryAfter: string | null;
}

/** Sends a request straight to the target, keeping the `Retry-After` header; throws a readable error on no answer. */
export async function send(context: CheckContext, request: PlannedRequest): Promise<Sent> {
  try {
    const response = await fetch(`${context.target}${request.url}`, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      redirect: 'manual',
      signal: AbortSignal.any([AbortSignal.timeout(context.timeoutMs), context.deadline]),
    });
    const body = await response.text();
    let json: unknown;
    try {
      json = body ? (JSON.parse(body) as unknown) : undefined;
    } catch {
      json = undefined;
    }
    const contentType = response.headers.get('content-type') ?? '';
    return {
      request,
      answer: { status: response.status, contentType, body, json },
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    throw new Error(noAnswer(error, context.timeoutMs), { cause: error });
  }
}

/** What is wrong with a 429 as the contract's lockout (`TooManyRequests`): a list of faults, empty when right. */
export function lockoutFaults(context: CheckContext, call: LimitedCall, sent: Sent): string[] {
  const faults: string[] = [];
  const { answer, retryAfter } = sent;
  const seconds = Number(retryAfter);
  if (retryAfter === null) faults.push('no Retry-After header');
  else if (!Number.isInteger(seconds) || seconds < 1) faults.push(`Retry-After "${retryAfter}" is not whole seconds`);
  faults.push(...context.responses.check(call.operation, answer).map((v) => `${v.location}: ${v.message}`));
  const body = answer.json as Record<string, unknown> | undefined;
  if (body?.lockout !== true) faults.push('the body does not say lockout: true');
  if (body && body.policy !== call.policy.name) faults.push(`policy "${String(body.policy)}", not ${call.policy.name}`);
  if (body && retryAfter !== null && body.retry_after !== seconds)
    faults.push(`retry_after ${String(body.retry_after)} is not the Retry-After header's ${retryAfter}`);
  return faults;
}

/** A result of the abuse check for one operation. */
export const result = (
  call: LimitedCall,
  name: string,
  status: CheckResult['status'],
  message: string,
  extra: Partial<CheckResult> & { started?: number; sent?: Sent } = {},
): CheckResult => {
  const { started, sent, ...rest } = extra;
  return {
    kind: 'abuse',
    ...operationFields(call.operation),
    name: `${call.operation.operationId}: ${name}`,
    status,
    message,
    ...(sent ? { exchange: exchangeOf(sent.request, sent.answer) } : {}),
    durationMs: started === undefined ? 0 : Math.round(performance.now() - started),
    ...rest,
  };
};

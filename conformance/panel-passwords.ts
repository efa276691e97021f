/**
 * The panel password is a barrier (kind `pin`; openapi/README.md "What the backend must enforce", "Panel
 * passwords"):
 *  - always: the calls the server answers itself refuse a request without the panel password (`getKnownSettings`,
 *    a read; `updateZone`, a write, only with --allow-writes) — a 4xx, never the record or a change;
 *  - opt-in, on a named test panel (`--pin-panel <dev_id>`, since it locks it): wrong passwords on the password check
 *    (`getPanelSettings` command USER) up to the limit the contract states (root `x-attempt-limits`, the policy the
 *    operation names; the smallest limit, one panel for one account, read, never hard-coded), then 429 with
 *    `Retry-After` and the `Lockout` body; the right password still refused while locked; and the server's own copy
 *    (`getKnownSettings`) locked too. The caller is end user A when the accounts are given (only A is locked), else
 *    the run's token. The right password is `--pin-password`, else the contract's password check example's.
 */
import type { Operation } from '../mocks/contract.ts';
import { attemptPolicies, attemptPolicyOf } from '../mocks/db/attempt-limits.ts';
import { operationFields, WRITES_SKIPPED, type CheckContext, type CheckResult } from './checks.ts';
import { exchangeOf, noAnswer, sendDirect, type DirectAnswer } from './direct.ts';
import { bodyExample, userToken } from './flow-kit.ts';
import { buildRequest } from './flow-run.ts';
import { isObject, type PlannedRequest } from './requests.ts';

/** A case's verdict: nothing (passed), a failure's message, or a skip's reason. */
type Verdict = undefined | { failed: string } | { skipped: string };

/** The right password when none is given: the contract's own password check example. */
export const examplePanelPassword = (ctx: CheckContext): string =>
  String(bodyExample(ctx, 'getPanelSettings', 'password-check').user_pass);

/** A wrong password of the right one's length (digits, as a panel's). */
export const wrongPanelPassword = (right: string): string => {
  const zeros = '0'.repeat(Math.max(4, right.length));
  return zeros === right ? '9'.repeat(zeros.length) : zeros;
};

export async function runPanelPasswords(ctx: CheckContext): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const wanted = (operationId: string) => !ctx.only?.length || ctx.only.includes(operationId);
  const send = async (request: PlannedRequest): Promise<DirectAnswer | string> => {
    try {
      return await sendDirect(ctx.target, request, { timeoutMs: ctx.timeoutMs, signal: ctx.deadline });
    } catch (error) {
      return noAnswer(error, ctx.timeoutMs);
    }
  };
  const record = (
    operation: Operation,
    name: string,
    verdict: Verdict,
    started: number,
    exchange?: CheckResult['exchange'],
  ) =>
    results.push({
      kind: 'pin',
      ...operationFields(operation),
      name: `${operation.operationId}: ${name}`,
      status: verdict === undefined ? 'passed' : 'failed' in verdict ? 'failed' : 'skipped',
      ...(verdict && 'failed' in verdict ? { message: verdict.failed, ...(exchange ? { exchange } : {}) } : {}),
      ...(verdict && 'skipped' in verdict ? { message: verdict.skipped } : {}),
      durationMs: Math.round(performance.now() - started),
    });
  const token = userToken(ctx);
  const devId = ctx.identities?.a.panel?.dev_id;

  // Without the panel password: refused (a documented 4xx other than 401 and 404, which say nothing of it).
  for (const operationId of ['getKnownSettings', 'updateZone']) {
    if (!wanted(operationId)) continue;
    const operation = ctx.contract.byId(operationId);
    const started = performance.now();
    const name = 'refused without the panel password';
    const isWrite = operation.method !== 'get' && operation.spec['x-changes-state'] !== false;
    if (isWrite && !ctx.allowWrites) {
      record(operation, name, { skipped: WRITES_SKIPPED }, started);
      continue;
    }
    const rule = operation.spec['x-panel-password'];
    const field = isObject(rule) ? String(rule.name) : 'user_pass';
    const body = bodyExample(ctx, operationId);
    delete body[field];
    const panel = devId ?? Number(body.dev_id ?? body.device_id);
    if ('dev_id' in body) body.dev_id = panel;
    if ('device_id' in body) body.device_id = panel;
    const path = operationId === 'updateZone' ? { device_id: panel, zone_id: Number(body.zone_id) } : undefined;
    const request = buildRequest(ctx, operation, { token, body, ...(path ? { path } : {}) });
    const answer = await send(request);
    let verdict: Verdict;
    if (typeof answer === 'string') verdict = { failed: answer };
    else if (answer.status === 401 || answer.status === 404) {
      verdict = { skipped: `answered ${answer.status}: the caller does not reach panel ${panel}, nothing judged` };
    } else if (!ctx.responses.isDocumented4xx(operation, answer.status) || answer.status === 429) {
      verdict = { failed: `expected a refusal (400 or 403) without \`${field}\`, answered ${answer.status}` };
    }
    record(
      operation,
      name,
      verdict,
      started,
      typeof answer === 'string' ? exchangeOf(request) : exchangeOf(request, answer),
    );
  }

  const check = ctx.contract.byId('getPanelSettings');
  if (!wanted(check.operationId)) return results;
  const started = performance.now();
  const limitName = 'wrong panel passwords lock the panel (429, Retry-After, Lockout)';
  if (ctx.pinPanel === undefined) {
    record(
      check,
      limitName,
      { skipped: 'opt-in: name a test panel with --pin-panel <dev_id> (the check locks it)' },
      started,
    );
    return results;
  }
  const policyName = attemptPolicyOf(check);
  const policy = policyName ? attemptPolicies(ctx.contract).get(policyName) : undefined;
  if (!policy) {
    record(check, limitName, { failed: 'the contract names no attempt-limit policy for the password check' }, started);
    return results;
  }
  const limit = Math.min(...policy.limits.map((entry) => entry.attempts));
  const right = ctx.pinPassword ?? examplePanelPassword(ctx);
  const wrong = wrongPanelPassword(right);
  const userCheck = (password: string) =>
    buildRequest(ctx, check, {
      token,
      body: { dev_id: ctx.pinPanel, command: 'USER', group: 0, member: 0, user_pass: password, offset: 0, list_id: 0 },
    });
  const accepted = (answer: DirectAnswer) => answer.status === 200 && isObject(answer.json) && answer.json.err === 0;
  /** Why a 429 is not the contract's lockout, or undefined when it is. */
  const notLockout = (operation: Operation, answer: DirectAnswer): string | undefined => {
    if (answer.status !== 429) return `expected 429 (locked), answered ${answer.status}`;
    const retryAfter = answer.headers?.['retry-after'];
    if (!retryAfter || !/^\d+$/.test(retryAfter) || Number(retryAfter) < 1)
      return `429 without a Retry-After of whole seconds (got ${retryAfter ?? 'none'})`;
    const violations = ctx.responses.check(operation, answer);
    if (violations.length)
      return `the 429 body is not the contract's Lockout: ${violations.map((v) => v.message).join('; ')}`;
    const body = answer.json as Record<string, unknown>;
    if (body.policy !== policy.name) return `the Lockout names policy ${String(body.policy)}, not ${policy.name}`;
    return undefined;
  };

  // The control: the right password opens the panel (and clears this account's count), else nothing can be judged.
  const control = await send(userCheck(right));
  if (typeof control === 'string' || !accepted(control)) {
    const why =
      typeof control === 'string'
        ? control
        : control.status === 429
          ? `still locked from an earlier run (Retry-After ${control.headers?.['retry-after'] ?? '?'} s)`
          : `answered ${control.status} ${control.body.slice(0, 120)}`;
    record(check, limitName, { skipped: `the right password does not open panel ${ctx.pinPanel}: ${why}` }, started);
    return results;
  }
  let verdict: Verdict;
  let last: { request: PlannedRequest; answer?: DirectAnswer } | undefined;
  for (let attempt = 1; attempt <= limit && !verdict; attempt++) {
    const request = userCheck(wrong);
    const answer = await send(request);
    last = { request, ...(typeof answer === 'string' ? {} : { answer }) };
    if (typeof answer === 'string') verdict = { failed: answer };
    else if (answer.status === 429)
      verdict = { failed: `locked after ${attempt - 1} wrong passwords; the contract says ${limit}` };
    else if (accepted(answer)) verdict = { failed: `the wrong password '${wrong}' was accepted` };
  }
  if (!verdict) {
    const request = userCheck(wrong);
    const answer = await send(request);
    last = { request, ...(typeof answer === 'string' ? {} : { answer }) };
    const why = typeof answer === 'string' ? answer : notLockout(check, answer);
    if (why) verdict = { failed: `after ${limit} wrong passwords (${policy.name}): ${why}` };
  }
  record(check, limitName, verdict, started, last && exchangeOf(last.request, last.answer));

  // While locked: the right password is refused too, and so is the server's own copy.
  const lockedCases: [Operation, string, PlannedRequest][] = [
    [check, 'the right panel password is refused while locked', userCheck(right)],
  ];
  const known = ctx.contract.byId('getKnownSettings');
  if (wanted(known.operationId)) {
    const body = { ...bodyExample(ctx, known.operationId), dev_id: ctx.pinPanel, user_pass: right };
    lockedCases.push([known, "the server's own copy is locked too", buildRequest(ctx, known, { token, body })]);
  }
  for (const [operation, name, request] of lockedCases) {
    const caseStarted = performance.now();
    if (verdict) {
      record(operation, name, { skipped: 'the panel was not locked (see the lock case)' }, caseStarted);
      continue;
    }
    const answer = await send(request);
    const why = typeof answer === 'string' ? answer : notLockout(operation, answer);
    record(
      operation,
      name,
      why ? { failed: why } : undefined,
      caseStarted,
      typeof answer === 'string' ? exchangeOf(request) : exchangeOf(request, answer),
    );
  }
  return results;
}

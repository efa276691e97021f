/**
 * Runs a flow: its steps in order, each sending calls of the contract built from its examples (`buildRequest`) and
 * judging each answer; a failed step skips the rest, and every clean-up runs whatever happened.
 */
import type { Operation } from '../mocks/contract.ts';
import { areaOf, operationFields, type CheckContext, type CheckResult } from './checks.ts';
import { exchangeOf, noAnswer, sendDirect, type DirectAnswer, type Exchange } from './direct.ts';
import {
  DEADLINE_PASSED,
  EARLIER_FAILED,
  StepFailure,
  StepSkip,
  type FlowSpec,
  type RequestChange,
  type StepCalls,
  type StepSpec,
} from './flow-kit.ts';
import { planRequest, type PlannedRequest } from './requests.ts';

/** Runs a flow: its steps in order (the rest skipped after a failure), then every clean-up. */
export async function runFlow(ctx: CheckContext, flow: FlowSpec): Promise<CheckResult[]> {
  const first = ctx.contract.byId(flow.steps[0]!.operationId);
  const area = areaOf(first);
  const results: CheckResult[] = [];
  const resultOf = (
    label: string,
    operationId: string,
    fields: Pick<CheckResult, 'status' | 'message' | 'details' | 'exchange' | 'durationMs'>,
  ): CheckResult => ({
    kind: 'flow',
    ...operationFields(ctx.contract.byId(operationId)),
    area,
    name: `${flow.name} flow: ${label} (${operationId})`,
    ...fields,
  });

  const perform = async (label: string, operationId: string, run: StepSpec['run'], cleanup: boolean) => {
    const started = performance.now();
    let last: Exchange | undefined;
    const calls: StepCalls = {
      call: async (id, change = {}) => {
        const operation = ctx.contract.byId(id);
        const request = buildRequest(ctx, operation, change);
        last = exchangeOf(request);
        let answer: DirectAnswer;
        try {
          // A clean-up is sent even after the run's deadline: it leaves the server as the flow found it.
          answer = await sendDirect(ctx.target, request, {
            timeoutMs: ctx.timeoutMs,
            ...(cleanup ? {} : { signal: ctx.deadline }),
          });
        } catch (error) {
          throw new StepFailure(`${id}: ${noAnswer(error, ctx.timeoutMs)}`);
        }
        last = exchangeOf(request, answer);
        const violations = ctx.responses.check(operation, answer);
        if (violations.length > 0) {
          throw new StepFailure(
            `${id} answered ${answer.status}, which breaks the contract`,
            violations.map((v) => `${v.location}: ${v.message}`),
          );
        }
        return answer;
      },
    };
    const durationMs = () => Math.round(performance.now() - started);
    try {
      await run(calls);
      return resultOf(label, operationId, { status: 'passed', durationMs: durationMs() });
    } catch (error) {
      if (error instanceof StepSkip)
        return resultOf(label, operationId, { status: 'skipped', message: error.message, durationMs: durationMs() });
      const failure = error instanceof StepFailure ? error : new StepFailure(`the step broke: ${String(error)}`);
      return resultOf(label, operationId, {
        status: 'failed',
        message: failure.message,
        ...(failure.details?.length ? { details: failure.details } : {}),
        ...(last ? { exchange: last } : {}),
        durationMs: durationMs(),
      });
    }
  };

  let stopped: string | undefined;
  for (const [index, step] of flow.steps.entries()) {
    const label = `${index + 1}. ${step.label}`;
    if (!stopped && ctx.deadline.aborted) stopped = DEADLINE_PASSED;
    if (stopped) {
      results.push(resultOf(label, step.operationId, { status: 'skipped', message: stopped, durationMs: 0 }));
      continue;
    }
    const result = await perform(label, step.operationId, step.run, false);
    results.push(result);
    if (result.status === 'failed') stopped = EARLIER_FAILED;
    else if (result.status === 'skipped') stopped = result.message;
  }
  for (const cleanup of flow.cleanups) {
    const label = `clean-up: ${cleanup.label}`;
    const reason = cleanup.notNeeded();
    results.push(
      reason
        ? resultOf(label, cleanup.operationId, { status: 'skipped', message: reason, durationMs: 0 })
        : await perform(label, cleanup.operationId, cleanup.run, true),
    );
  }
  for (const result of results) if (result.status === 'failed') ctx.log(`  ${result.name}: ${result.message}`);
  return results;
}

/** The operation's request from its example, with the path, query, body and token the flow gives. */
export function buildRequest(ctx: CheckContext, operation: Operation, change: RequestChange): PlannedRequest {
  const plan = planRequest(ctx.contract, operation, change.token ?? ctx.token);
  if (plan.kind === 'skip')
    throw new StepFailure(`${operation.operationId}: cannot build its request (${plan.reason})`);
  const request = { ...plan.request, headers: { ...plan.request.headers } };
  if (change.path || change.query) {
    const [planned, plannedQuery = ''] = request.url.split('?');
    let url = planned!;
    if (change.path) {
      url = operation.path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
        name in change.path! ? encodeURIComponent(String(change.path![name])) : whole,
      );
      if (url.includes('{')) throw new StepFailure(`${operation.operationId}: a path parameter is missing (${url})`);
    }
    const query = change.query
      ? new URLSearchParams(Object.entries(change.query).map(([key, value]) => [key, String(value)])).toString()
      : plannedQuery;
    request.url = query ? `${url}?${query}` : url;
  }
  Object.assign(request.headers, change.headers);
  if (change.body) {
    request.body = JSON.stringify(change.body);
    request.headers['content-type'] ??= 'application/json';
  }
  return request;
}

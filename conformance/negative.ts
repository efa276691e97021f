/**
 * Negative conformance: bad input must be refused. For every operation with a JSON body or path/query parameters,
 * the invalid requests of negative-cases.ts (one rule of the contract's request schema broken at a time) are sent
 * straight to the server with the administrator's token; each must be answered with a 4xx the operation documents,
 * whose body matches the contract. A 2xx, a 5xx, an undocumented status or no answer is a failure naming the rule.
 */
import { WRITES_SKIPPED, isWrite, operationFields, pool, type CheckContext, type CheckResult } from './checks.ts';
import { exchangeOf, noAnswer, sendDirect, type DirectAnswer } from './direct.ts';
import { NegativeCases } from './negative-cases.ts';
import type { NegativeCase } from './negative-model.ts';
import type { Operation } from '../mocks/contract.ts';
import { needsToken } from './requests.ts';

const DEADLINE_PASSED = "the run's deadline passed before it was sent";
/** A 401 to a secured call: the token was refused before the input was judged (the case proves nothing). */
const TOKEN_REFUSED = 'answered 401: the token was not accepted, so the input was not judged (pass a valid --token)';

/** What the answer to an invalid request means: undefined when it is a documented refusal matching the contract. */
export function judgeRefusal(
  ctx: CheckContext,
  operation: Operation,
  item: NegativeCase,
  answer: DirectAnswer,
): { message: string; details: string[] } | undefined {
  const violations = ctx.responses.check(operation, answer).map((v) => `${v.location}: ${v.message}`);
  if (answer.status >= 200 && answer.status < 300) return { message: `accepted ${item.description}`, details: [] };
  if (ctx.responses.isDocumented4xx(operation, answer.status)) {
    if (violations.length === 0) return undefined;
    return {
      message: `refused ${item.description} with ${answer.status}, but the answer breaks the contract`,
      details: violations,
    };
  }
  const documented = ctx.responses.responseKey(operation, answer.status) !== undefined;
  return {
    message: `answered ${answer.status}${documented ? '' : ' (not documented)'} to ${item.description}`,
    details: violations,
  };
}

type Planned = { result: CheckResult } | { operation: Operation; item: NegativeCase };

/**
 * The results that need no request and the cases to send, operation by operation, each operation's cases generated
 * only when the previous ones are being sent: a run that built every case first would leave the connections of its
 * earlier requests idle for seconds, long enough for a server to close them under the first cases (retry.ts).
 */
function* plannedCases(ctx: CheckContext, counted: { cases: number }): Generator<Planned> {
  const generator = new NegativeCases(ctx.contract);
  const only = ctx.only && ctx.only.length > 0 ? new Set(ctx.only) : undefined;
  for (const operation of ctx.contract.operations) {
    if (only && !only.has(operation.operationId)) continue;
    const generation = generator.generate(operation, ctx.token, { seed: ctx.seed, maxCases: ctx.maxCases });
    if (generation.kind === 'none') continue;
    const fields = { kind: 'negative' as const, ...operationFields(operation), durationMs: 0 };
    if (generation.kind === 'skip') {
      yield {
        result: {
          ...fields,
          name: `${operation.operationId}: not generated`,
          status: 'skipped',
          message: generation.reason,
        },
      };
      continue;
    }
    for (const note of generation.notes) {
      yield {
        result: { ...fields, name: `${operation.operationId}: body not generated`, status: 'skipped', message: note },
      };
    }
    if (generation.cases.length === 0) {
      yield {
        result: {
          ...fields,
          name: `${operation.operationId}: no case`,
          status: 'skipped',
          message: 'the request schema has no rule the example values can break',
        },
      };
      continue;
    }
    if (isWrite(operation) && !ctx.allowWrites) {
      yield {
        result: {
          ...fields,
          name: `${operation.operationId}: not sent`,
          status: 'skipped',
          message: `${WRITES_SKIPPED} (${generation.cases.length} invalid requests)`,
        },
      };
      continue;
    }
    counted.cases += generation.cases.length;
    for (const item of generation.cases) yield { operation, item };
  }
}

export async function runNegative(ctx: CheckContext): Promise<CheckResult[]> {
  const counted = { cases: 0 };
  ctx.log("negative: sending the invalid requests, each operation's built as it is reached");
  const results = await pool(plannedCases(ctx, counted), ctx.concurrency, async (entry): Promise<CheckResult> => {
    if ('result' in entry) return entry.result;
    const { operation, item } = entry;
    const fields = { kind: 'negative' as const, ...operationFields(operation), name: item.name };
    if (ctx.deadline.aborted) return { ...fields, status: 'skipped', message: DEADLINE_PASSED, durationMs: 0 };
    const started = performance.now();
    let answer: DirectAnswer;
    try {
      answer = await sendDirect(ctx.target, item.request, { timeoutMs: ctx.timeoutMs, signal: ctx.deadline });
    } catch (error) {
      const durationMs = Math.round(performance.now() - started);
      if (ctx.deadline.aborted) return { ...fields, status: 'skipped', message: DEADLINE_PASSED, durationMs };
      return {
        ...fields,
        status: 'failed',
        message: `${noAnswer(error, ctx.timeoutMs)} to ${item.description}`,
        exchange: exchangeOf(item.request),
        durationMs,
      };
    }
    const durationMs = Math.round(performance.now() - started);
    if (answer.status === 401 && needsToken(ctx.contract, operation))
      return { ...fields, status: 'skipped', message: TOKEN_REFUSED, durationMs };
    const failure = judgeRefusal(ctx, operation, item, answer);
    if (!failure) return { ...fields, status: 'passed', durationMs };
    return {
      ...fields,
      status: 'failed',
      message: failure.message,
      ...(failure.details.length > 0 ? { details: failure.details } : {}),
      exchange: exchangeOf(item.request, answer),
      durationMs,
    };
  });
  ctx.log(`negative: ${counted.cases} invalid requests sent`);
  return results;
}

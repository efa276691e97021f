/**
 * The authorization matrix: who may call what, read from the contract's own declarations of
 * each operation (`security`, `x-required-level`, `x-ownership`; openapi/README.md "What the backend must
 * enforce"), each cell sent straight to the server under test (Prism's proxy would refuse a missing token itself):
 *  - every secured operation without a token, and with a broken one (a token whose signature was altered), → 401;
 *  - with the token of a role below the operation's level (end user A below 1, the dealer below 2) → 403;
 *  - with A's token on B's panel or user (B's value put where the rule names it: path, query or body) → 403 or 404,
 *    for every `x-ownership` rule of an operation A's level reaches and whose reach A's role does not widen; for an
 *    operation that reads (GET), A on A's own panel or user first, as the control: refused too, the cross-user cell
 *    proves nothing and fails saying so.
 * Every refusal's answer is also judged by the contract's response schemas. Operations that change state are sent
 * only with `--allow-writes` (a server that does not enforce a rule might act on the request).
 */
import type { Operation } from '../mocks/contract.ts';
import { DEADLINE_SKIPPED, operationFields, pool, type CheckContext, type CheckResult } from './checks.ts';
import { exchangeOf, noAnswer, sendDirect, type DirectAnswer } from './direct.ts';
import { type PlannedRequest } from './requests.ts';
import { findPurchases } from './authz-purchase-finder.ts';
import { purchaseCells } from './authz-purchases.ts';
import { runFileAccess } from './file-access.ts';

const expectedText = (expected: number[]): string => expected.join(' or ');
import { cellsOf, type Cell } from './authz-cells.ts';
import type { Sender } from './authz-requests.ts';

/** The operations of the run, in the contract's order (`only`: those named). */
const operationsOf = (ctx: CheckContext): Operation[] =>
  ctx.only && ctx.only.length > 0
    ? ctx.contract.operations.filter((op) => ctx.only!.includes(op.operationId))
    : ctx.contract.operations;

/** Sends one cell and judges the answer. */
async function judge(ctx: CheckContext, cell: Cell, send: Sender): Promise<CheckResult> {
  const fields = { kind: 'authz' as const, ...operationFields(cell.operation), name: cell.name };
  if (cell.skip) return { ...fields, status: 'skipped', message: cell.skip, durationMs: 0 };
  if (ctx.deadline.aborted) return { ...fields, status: 'skipped', message: DEADLINE_SKIPPED, durationMs: 0 };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const details: string[] = [];
  if (cell.control) {
    const control = await cell.control();
    const own = cell.operation.operationId;
    const actor = cell.actor ?? 'A';
    if (control.kind === 'none') {
      return {
        ...fields,
        status: 'failed',
        message: `the control (${actor} on ${actor}'s own ${cell.object ?? 'panel'}) got no answer: ${control.reason}; the cross-user cell cannot be judged`,
        exchange: exchangeOf(control.request),
        durationMs: elapsed(),
      };
    }
    if (control.kind === 'refused') {
      return {
        ...fields,
        status: 'failed',
        message: `${actor}'s own ${cell.object ?? 'panel'} is refused too (${control.status}): the cross-user cell cannot be judged`,
        details: [
          `the control: ${own} with ${actor}'s token on ${actor}'s own ${cell.object ?? 'panel'} answered ${control.status}`,
        ],
        exchange: exchangeOf(control.request, control.answer),
        durationMs: elapsed(),
      };
    }
    details.push(`the control (${actor} on ${actor}'s own ${cell.object ?? 'panel'}) answered ${control.status}`);
  }
  if (ctx.deadline.aborted) return { ...fields, status: 'skipped', message: DEADLINE_SKIPPED, durationMs: 0 };
  let request: PlannedRequest;
  try {
    request = cell.request!();
  } catch (error) {
    return { ...fields, status: 'skipped', message: (error as Error).message, durationMs: 0 };
  }
  let answer: DirectAnswer;
  try {
    answer = await send(request);
  } catch (error) {
    if (ctx.deadline.aborted) return { ...fields, status: 'skipped', message: DEADLINE_SKIPPED, durationMs: elapsed() };
    return {
      ...fields,
      status: 'failed',
      message: `expected ${expectedText(cell.expected)} ${cell.what}: ${noAnswer(error, ctx.timeoutMs)}`,
      exchange: exchangeOf(request),
      durationMs: elapsed(),
    };
  }
  const exchange = exchangeOf(request, answer);
  if (!cell.expected.includes(answer.status)) {
    return {
      ...fields,
      status: 'failed',
      message: `expected ${expectedText(cell.expected)} ${cell.what}, answered ${answer.status}`,
      ...(details.length ? { details } : {}),
      exchange,
      durationMs: elapsed(),
    };
  }
  const wrong = cell.judgeAnswer?.(answer);
  if (wrong) {
    return {
      ...fields,
      status: 'failed',
      message: wrong,
      ...(details.length ? { details } : {}),
      exchange,
      durationMs: elapsed(),
    };
  }
  const violations = ctx.responses.check(cell.operation, answer);
  if (violations.length > 0) {
    return {
      ...fields,
      status: 'failed',
      message: `the ${answer.status} refusal ${cell.what} breaks the contract: ${violations[0]!.message}`,
      details: [...violations.map((v) => `${v.location}: ${v.message}`), ...details],
      exchange,
      durationMs: elapsed(),
    };
  }
  return { ...fields, status: 'passed', durationMs: elapsed() };
}

/** The authorization matrix of the contract against `ctx.target`: one result per cell, in the contract's order. */
export async function runAuthz(ctx: CheckContext): Promise<CheckResult[]> {
  const send: Sender = (request) => sendDirect(ctx.target, request, { timeoutMs: ctx.timeoutMs, signal: ctx.deadline });
  const purchases = ctx.identities ? await findPurchases(ctx, send) : undefined;
  const cells = operationsOf(ctx).flatMap((operation) => [
    ...cellsOf(ctx, operation, send),
    ...purchaseCells(ctx, operation, purchases, send).map((found) => ({ operation, ...found })),
  ]);
  const sent = cells.filter((cell) => !cell.skip).length;
  ctx.log(`authorization matrix: ${cells.length} cells (${sent} to send, ${ctx.concurrency} at a time)`);
  const judged = await pool(cells, ctx.concurrency, (cell) => judge(ctx, cell, send));
  return [...judged, ...(await runFileAccess(ctx))];
}

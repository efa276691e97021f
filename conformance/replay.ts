/**
 * The example replay (kind `example`): every operation's contract example sent through Prism's validating proxy
 * (`prism proxy --errors`) in front of the server, multipart bodies straight to the server, and each answer judged.
 */
import type { Contract, Operation } from '../mocks/contract.ts';
import { freePort } from '../mocks/ports.ts';
import { startPrism, type RunningPrism } from '../mocks/prism.ts';
import { areaOf, isProposed, isWrite, pool, WRITES_SKIPPED } from './checks.ts';
import { sendDirect } from './direct.ts';
import { ResponseChecker } from './response-checker.ts';
import { classify } from './prism-output.ts';
import { classifyDirect, documentedStatuses, expectedStatuses, ownServer } from './replay-judge.ts';
import { planRequest, type PlannedRequest } from './requests.ts';
import { fetchOnceMore, mayRepeat } from './retry.ts';
import { NEEDS_LIVE_CODE, needsLiveCode } from './second-factor.ts';
import { ENDS_SESSION, endsSession } from './sessions.ts';
import type { OperationResult } from './types.ts';

const MULTIPART_NOTE =
  "Sent straight to the server, not through Prism's proxy (which forwards multipart bodies as UTF-8 text, altering " +
  "the files' bytes); the answer is judged by the contract's response schemas.";

interface Context {
  contract: Contract;
  proxyUrl: string;
  token: string;
  timeoutMs: number;
  deadline: AbortSignal;
  allowWrites: boolean;
  /** The server under test (multipart bodies go straight to it) and the judge of such answers. */
  target: string;
  checker: ResponseChecker;
}

export { isProposed };

const base = (
  operation: Operation,
): Pick<OperationResult, 'operationId' | 'method' | 'path' | 'area' | 'server' | 'proposed'> => {
  const server = ownServer(operation);
  return {
    operationId: operation.operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    area: areaOf(operation),
    ...(server ? { server } : {}),
    ...(isProposed(operation) ? { proposed: true as const } : {}),
  };
};

const errorText = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
};

async function send(context: Context, request: PlannedRequest, signal: AbortSignal) {
  const init: RequestInit = { method: request.method, headers: request.headers, body: request.body ?? null };
  const response = await fetchOnceMore(
    `${context.proxyUrl}${request.url}`,
    { ...init, redirect: 'manual', signal },
    mayRepeat(request),
  );
  const body = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    slViolations: response.headers.get('sl-violations'),
    body,
  };
}

async function replay(context: Context, operation: Operation): Promise<OperationResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const plan: ReturnType<typeof planRequest> =
    isWrite(operation) && !context.allowWrites
      ? { kind: 'skip', reason: WRITES_SKIPPED }
      : endsSession(operation)
        ? { kind: 'skip', reason: ENDS_SESSION }
        : needsLiveCode(operation)
          ? { kind: 'skip', reason: NEEDS_LIVE_CODE }
          : planRequest(context.contract, operation, context.token);
  if (plan.kind === 'skip') {
    return {
      ...base(operation),
      outcome: 'skipped',
      expectedStatus: [],
      violations: [],
      requestViolations: [],
      reason: plan.reason,
      durationMs: 0,
    };
  }
  const { request } = plan;
  const expectedStatus = expectedStatuses(context.contract, operation, request.example);
  const shared = {
    ...base(operation),
    expectedStatus,
    request: {
      url: request.url,
      ...(request.example ? { example: request.example } : {}),
      ...(request.contentType ? { contentType: request.contentType } : {}),
    },
    ...(request.contentType === 'multipart/form-data' ? { note: MULTIPART_NOTE } : {}),
  };
  if (context.deadline.aborted) {
    return {
      ...shared,
      outcome: 'skipped',
      violations: [],
      requestViolations: [],
      reason: 'not replayed: the run deadline was reached',
      durationMs: 0,
    };
  }
  const timeout = AbortSignal.timeout(context.timeoutMs);
  try {
    if (request.contentType === 'multipart/form-data') {
      // The run's own timeout ends it (the margin keeps sendDirect's from ending it first).
      const direct = await sendDirect(context.target, request, {
        timeoutMs: context.timeoutMs + 1000,
        signal: AbortSignal.any([timeout, context.deadline]),
      });
      const found = classifyDirect(context.checker, operation, direct, expectedStatus);
      return { ...shared, ...found, status: direct.status, durationMs: elapsed() };
    }
    const answer = await send(context, request, AbortSignal.any([timeout, context.deadline]));
    const found = classify(answer, expectedStatus, documentedStatuses(operation));
    return { ...shared, ...found, status: answer.status, durationMs: elapsed() };
  } catch (error) {
    const reason = timeout.aborted
      ? `no answer within ${context.timeoutMs} ms`
      : context.deadline.aborted
        ? 'stopped: the run deadline was reached'
        : `the request failed: ${errorText(error)}`;
    return { ...shared, outcome: 'unreachable', violations: [], requestViolations: [], reason, durationMs: elapsed() };
  }
}

/** Prism on a free loopback port; a second try if another process took the port in between. */
async function startProxy(contractFile: string, upstream: string): Promise<RunningPrism> {
  try {
    return await startPrism({ mode: 'proxy', contract: contractFile, port: await freePort(), upstream, errors: true });
  } catch {
    return startPrism({ mode: 'proxy', contract: contractFile, port: await freePort(), upstream, errors: true });
  }
}

/** What the example replay is given. */
export interface ReplayRun {
  contract: Contract;
  contractFile: string;
  /** The server under test. */
  target: string;
  token: string;
  timeoutMs: number;
  deadline: AbortSignal;
  allowWrites: boolean;
  operations: Operation[];
  concurrency: number;
  log(line: string): void;
}

/** Replays every operation's example through Prism's validating proxy in front of the target. */
export async function runReplay(run: ReplayRun): Promise<OperationResult[]> {
  const { target, contractFile, operations, concurrency, log } = run;
  log(`Starting Prism's validating proxy for ${target} …`);
  const prism = await startProxy(contractFile, target);
  log(`Prism proxy on ${prism.url}; replaying ${operations.length} operations (${concurrency} at a time)`);
  try {
    const context: Context = { ...run, proxyUrl: prism.url, checker: new ResponseChecker(run.contract) };
    // The reads at once; the writes one at a time in the contract's order, so a server that keeps state meets them
    // as the examples tell them (the stage the previous example added is the one the next deletes) on every run.
    const replayed = new Map<Operation, OperationResult>();
    const reads = operations.filter((operation) => !isWrite(operation));
    const writes = operations.filter(isWrite);
    for (const [batch, atOnce] of [
      [reads, concurrency],
      [writes, 1],
    ] as const) {
      const done = await pool(batch, atOnce, (operation) => replay(context, operation));
      batch.forEach((operation, index) => replayed.set(operation, done[index]!));
    }
    return operations.map((operation) => replayed.get(operation)!);
  } finally {
    await prism.stop();
  }
}

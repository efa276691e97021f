/**
 * Contract conformance: replays every operation's contract examples against a real server through Prism's
 * validating proxy (`prism proxy --errors`) and reports which answers break the contract, and how; then the checks
 * that hold a backend to its duties, sent straight to the server: bad input refused (negative.ts), who may do what
 * (authz.ts), flows that keep state (flows.ts).
 */
import path from 'node:path';
import { CONTRACT_FILE, Contract, ROOT, type Operation } from '../mocks/contract.ts';
import { freePort } from '../mocks/ports.ts';
import { startPrism, type RunningPrism } from '../mocks/prism.ts';
import { runAbuse } from './abuse.ts';
import { NEEDS_LIVE_CODE, needsLiveCode, runSecondFactor } from './second-factor.ts';
import { runAuthz } from './authz.ts';
import { runFlows } from './flows.ts';
import { runNegative } from './negative.ts';
import { ENDS_SESSION, endsSession, runSessions } from './sessions.ts';
import { runReauth, type ReauthAccount } from './reauth.ts';
import { runLanguages } from './languages.ts';
import { runPanelPasswords } from './panel-passwords.ts';
import {
  areaOf,
  checkContext,
  isProposed,
  isWrite,
  noAnswer,
  pool,
  ResponseChecker,
  sendDirect,
  WRITES_SKIPPED,
  type DirectAnswer,
  type CheckContext,
  type CheckKind,
  type CheckResult,
  type PasswordAccount,
} from './checks.ts';
import { resolveIdentities, type GivenIdentities } from './identities.ts';
import { classify } from './prism-output.ts';
import { UsageError } from './usage-error.ts';
import { isObject, planRequest, type PlannedRequest } from './requests.ts';
import { fetchOnceMore, mayRepeat } from './retry.ts';
import { OUTCOMES, type OperationResult, type Outcome, type Report } from './types.ts';

export interface ConformanceOptions {
  /** Base URL of the server under test (the contract's paths are appended to it), e.g. `http://127.0.0.1:8080/api`. */
  target: string;
  /** Bearer token; default: the token of the `admin` example of the `login` operation. */
  token?: string;
  contractFile?: string;
  /** Replay only these operation ids. */
  only?: string[];
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Per-request timeout in ms (default 10 000). */
  timeoutMs?: number;
  /** Bound of the whole replay in ms, Prism's start excluded (default 300 000). */
  deadlineMs?: number;
  /** Progress lines (Prism started, …). */
  log?: (line: string) => void;
  /** The checks to make (default: all of `REST_KINDS`). */
  checks?: RestKind[];
  /** Send the calls that change state (the server is a test system). */
  allowWrites?: boolean;
  /** The accounts of the authorization matrix (and of the flows); without them those cells are skipped. */
  identities?: GivenIdentities;
  /** Seed of the negative cases' choice (default 1). */
  seed?: number;
  /** Most negative cases per operation (default 20). */
  maxCases?: number;
  /** Count failures of proposed calls (`x-proposed`) as failures. */
  strictProposals?: boolean;
  /** The test panel the panel flow adds and removes (a dev_id on none of A's lists). */
  flowPanel?: number;
  /** A purchased order the order flow bills (it cannot be undone); without it that step is skipped. */
  billOrder?: number;
  /** A session the session check signs out (default: a sign-in with the contract's login example). */
  signOutToken?: string;
  /** A token of the server whose `exp` has passed (the session check's expiry cases; skipped without). */
  expiredToken?: string;
  /** A test account the re-authentication check signs in with and locks (`--reauth-account`). */
  reauthAccount?: ReauthAccount;
  /** A token authenticated longer ago than the re-authentication window (`--stale-token`). */
  staleToken?: string;
  /** The test panel the panel password limit check locks (`--pin-panel`); without it that check is skipped. */
  pinPanel?: number;
  /** The right panel password of that panel (`--pin-password`). */
  pinPassword?: string;
  /** A real account the abuse check may lock (wrong passwords sent for it). */
  abuseAccount?: string;
  /** Let the abuse check lock the checker's own address (the per-client limits). */
  abuseClient?: boolean;
  /** A test account the password flow resets; without it that flow is skipped. */
  passwordAccount?: PasswordAccount;
  /** A test dealer or administrator the second factor's probe may enrol; without it that probe is skipped. */
  secondFactorAccount?: { username: string; password: string };
}

/** The checks of the REST API, in the order they run. */
export const REST_KINDS = [
  'example',
  'negative',
  'authz',
  'flow',
  'session',
  'pin',
  'abuse',
  'language',
  'second-factor',
] as const satisfies readonly CheckKind[];
export type RestKind = (typeof REST_KINDS)[number];

const DIRECT_CHECKS: Record<Exclude<RestKind, 'example'>, (context: CheckContext) => Promise<CheckResult[]>> = {
  negative: runNegative,
  authz: runAuthz,
  flow: runFlows,
  abuse: runAbuse,
  // The sessions, then the re-authentication before a dangerous action (reauth.ts).
  session: async (context) => [...(await runSessions(context)), ...(await runReauth(context))],
  language: runLanguages,
  'second-factor': runSecondFactor,
  // Last of the direct checks: it may lock its test panel for the caller.
  pin: runPanelPasswords,
};

/** The checks that run after the example replay: they lock names and, when asked, the checker's own address. */
const AFTER_REPLAY: readonly RestKind[] = ['abuse'];

export { UsageError };

/** Checks the target is an absolute http(s) base URL and returns it without a trailing slash. */
export function parseTarget(target: string): string {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new UsageError(`--target must be an absolute http(s) URL such as http://127.0.0.1:8080/api, got "${target}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--target must use http or https, got "${url.protocol}"`);
  }
  if (url.search || url.hash) throw new UsageError('--target is a base URL: it takes no query string or fragment');
  return url.href.replace(/\/+$/, '');
}

/** The token of the `admin` example of the `login` operation's 200 response (`data.token`). */
export const defaultToken = (contract: Contract): string => contract.exampleToken('admin');

/** Statuses counted as success: the status of the response example named like the request example, else every 2xx. */
export function expectedStatuses(contract: Contract, operation: Operation, exampleName?: string): string[] {
  const documented = documentedStatuses(operation);
  const named = exampleName ? contract.responseExamples(operation).get(exampleName) : undefined;
  if (named) return [named.status];
  const success = documented.filter((status) => /^2(\d\d|XX)$/.test(status));
  return success.length > 0 ? success : documented.filter((status) => status === 'default');
}

const documentedStatuses = (operation: Operation): string[] =>
  Object.keys(isObject(operation.spec.responses) ? operation.spec.responses : {});

/** The operation's own `servers` (e.g. the cloud file store), which the proxy ignores. */
const ownServer = (operation: Operation): string | undefined => {
  const servers = operation.spec.servers ?? operation.pathItem.servers;
  const first = Array.isArray(servers) ? servers[0] : undefined;
  return isObject(first) && typeof first.url === 'string' ? first.url : undefined;
};

const MULTIPART_NOTE =
  "Sent straight to the server, not through Prism's proxy (which forwards multipart bodies as UTF-8 text, altering " +
  "the files' bytes); the answer is judged by the contract's response schemas.";

/** What an answer sent straight to the server is, by the contract's response schemas (as Prism would judge it). */
function classifyDirect(
  checker: ResponseChecker,
  operation: Operation,
  answer: DirectAnswer,
  expected: string[],
): Pick<OperationResult, 'outcome' | 'violations' | 'requestViolations' | 'reason'> {
  const violations = checker.check(operation, answer);
  if (violations.some((v) => v.location === 'response.status'))
    return { outcome: 'undocumented-status', violations, requestViolations: [] };
  if (violations.length > 0) return { outcome: 'response-violation', violations, requestViolations: [] };
  if (expected.includes(String(answer.status))) return { outcome: 'conforms', violations: [], requestViolations: [] };
  return {
    outcome: 'unexpected-status',
    violations: [],
    requestViolations: [],
    reason: `documented status ${answer.status} instead of ${expected.join(' or ')}; the success answer was not checked`,
  };
}

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

const selectOperations = (contract: Contract, only?: string[]): Operation[] => {
  if (!only || only.length === 0) return contract.operations;
  const unknown = only.filter((id) => !contract.operations.some((op) => op.operationId === id));
  if (unknown.length > 0)
    throw new UsageError(`--only names operations the contract does not have: ${unknown.join(', ')}`);
  return contract.operations.filter((op) => only.includes(op.operationId));
};

const checkOptions = (options: ConformanceOptions) => {
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) {
    throw new UsageError('--concurrency must be a whole number from 1 to 32');
  }
  if (options.token !== undefined && !/^[\x21-\x7e]+$/.test(options.token)) {
    throw new UsageError('--token must be a non-empty token without spaces');
  }
  const unknown = (options.checks ?? []).filter((kind) => !(REST_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0) throw new UsageError(`--checks knows ${REST_KINDS.join(', ')}; not ${unknown.join(', ')}`);
  if (options.checks?.length === 0) throw new UsageError('--checks needs at least one check');
  if (options.maxCases !== undefined && (!Number.isInteger(options.maxCases) || options.maxCases < 1))
    throw new UsageError('--max-cases must be a positive whole number');
  if (options.seed !== undefined && !Number.isSafeInteger(options.seed))
    throw new UsageError('--seed must be a whole number');
  return concurrency;
};

/**
 * Fails the run at once, saying why, when the target gives no answer at all (refused, unknown host, timeout): a
 * thousand cases each saying so would hide it. Any HTTP answer, even 404, is an answer.
 */
async function ensureAnswers(target: string, timeoutMs: number): Promise<void> {
  try {
    const response = await fetch(target, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    await response.body?.cancel();
  } catch (error) {
    throw new Error(`no answer from ${target}: ${noAnswer(error, timeoutMs)}`, { cause: error });
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

export async function runConformance(options: ConformanceOptions): Promise<Report> {
  const target = parseTarget(options.target);
  const concurrency = checkOptions(options);
  const contractFile = path.resolve(options.contractFile ?? CONTRACT_FILE);
  const contract = Contract.load(contractFile);
  const operations = selectOperations(contract, options.only);
  const token = options.token ?? defaultToken(contract);
  const log = options.log ?? (() => undefined);
  const kinds = options.checks ?? [...REST_KINDS];
  const allowWrites = options.allowWrites ?? false;
  const seed = options.seed ?? 1;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const startedAt = new Date();
  const started = performance.now();
  const deadline = AbortSignal.timeout(options.deadlineMs ?? 300_000);

  await ensureAnswers(target, timeoutMs);
  const kindMs: Partial<Record<CheckKind, number>> = {};
  const checks: CheckResult[] = [];
  const direct = kinds.filter((kind): kind is Exclude<RestKind, 'example'> => kind !== 'example');
  let context: CheckContext | undefined;
  const runDirect = async (which: Exclude<RestKind, 'example'>[]) => {
    for (const kind of which) {
      log(`Checking: ${kind} …`);
      const kindStarted = performance.now();
      checks.push(...(await DIRECT_CHECKS[kind](context!)));
      kindMs[kind] = Math.round(performance.now() - kindStarted);
    }
  };
  if (direct.length > 0) {
    const identities = options.identities ? await resolveIdentities(target, options.identities, timeoutMs) : undefined;
    context = checkContext({
      contract,
      target,
      token,
      ...(identities ? { identities } : {}),
      allowWrites,
      ...(options.only ? { only: options.only } : {}),
      timeoutMs,
      concurrency,
      deadline,
      seed,
      maxCases: options.maxCases ?? 20,
      ...(options.flowPanel !== undefined ? { flowPanel: options.flowPanel } : {}),
      ...(options.billOrder !== undefined ? { billOrder: options.billOrder } : {}),
      ...(options.signOutToken !== undefined ? { signOutToken: options.signOutToken } : {}),
      ...(options.expiredToken !== undefined ? { expiredToken: options.expiredToken } : {}),
      ...(options.reauthAccount ? { reauthAccount: options.reauthAccount } : {}),
      ...(options.staleToken !== undefined ? { staleToken: options.staleToken } : {}),
      ...(options.pinPanel !== undefined ? { pinPanel: options.pinPanel } : {}),
      ...(options.pinPassword !== undefined ? { pinPassword: options.pinPassword } : {}),
      ...(options.abuseAccount !== undefined ? { abuseAccount: options.abuseAccount } : {}),
      ...(options.abuseClient ? { abuseClient: true } : {}),
      ...(options.passwordAccount ? { passwordAccount: options.passwordAccount } : {}),
      ...(options.secondFactorAccount ? { secondFactorAccount: options.secondFactorAccount } : {}),
      log,
    });
    await runDirect(direct.filter((kind) => !AFTER_REPLAY.includes(kind)));
  }
  // The example replay runs last: its writes (with --allow-writes) leave the server changed; the other checks
  // refuse or clean up after themselves.
  let results: OperationResult[] = [];
  if (kinds.includes('example')) {
    const exampleStarted = performance.now();
    log(`Starting Prism's validating proxy for ${target} …`);
    const prism = await startProxy(contractFile, target);
    log(`Prism proxy on ${prism.url}; replaying ${operations.length} operations (${concurrency} at a time)`);
    try {
      const context: Context = {
        contract,
        proxyUrl: prism.url,
        token,
        timeoutMs,
        deadline,
        allowWrites,
        target,
        checker: new ResponseChecker(contract),
      };
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
      results = operations.map((operation) => replayed.get(operation)!);
    } finally {
      await prism.stop();
    }
    kindMs.example = Math.round(performance.now() - exampleStarted);
  }
  await runDirect(direct.filter((kind) => AFTER_REPLAY.includes(kind)));
  const strictProposals = options.strictProposals ?? false;
  const counts = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as Record<Outcome, number>;
  for (const result of results) counts[result.outcome] += 1;
  const deadlineReached = deadline.aborted || results.some((r) => /run deadline/.test(r.reason ?? ''));
  /** A failure counts unless it is a proposed call's and proposals do not count. */
  const countsAgainst = (proposed: boolean | undefined) => strictProposals || !proposed;
  return {
    target,
    contractFile: path.relative(ROOT, contractFile) || contractFile,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    counts,
    proposed: results.filter((r) => r.proposed).length,
    ok:
      !deadlineReached &&
      results.every((r) => r.outcome === 'conforms' || r.outcome === 'skipped' || !countsAgainst(r.proposed)) &&
      checks.every((c) => c.status !== 'failed' || !countsAgainst(c.proposed)),
    results,
    kinds,
    checks,
    strictProposals,
    allowWrites,
    seed,
    kindMs,
  };
}

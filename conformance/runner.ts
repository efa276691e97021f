/**
 * Contract conformance: replays every operation's contract examples against a real server through Prism's
 * validating proxy (`prism proxy --errors`) and reports which answers break the contract, and how; then the checks
 * that hold a backend to its duties, sent straight to the server: bad input refused (negative.ts), who may do what
 * (authz.ts), flows that keep state (flows.ts).
 */
import path from 'node:path';
import { CONTRACT_FILE, Contract, ROOT } from '../mocks/contract.ts';
import { runAbuse } from './abuse.ts';
import { runAuthz } from './authz.ts';
import { checkContext, type CheckContext, type CheckKind, type CheckResult } from './checks.ts';
import { noAnswer } from './direct.ts';
import { runFlows } from './flows.ts';
import { resolveIdentities } from './identities.ts';
import { runLanguages } from './languages.ts';
import { runNegative } from './negative.ts';
import { runPanelPasswords } from './panel-passwords.ts';
import { runReauth } from './reauth.ts';
import { runReplay } from './replay.ts';
import {
  REST_KINDS,
  checkOptions,
  defaultToken,
  parseTarget,
  selectOperations,
  type ConformanceOptions,
  type RestKind,
} from './run-options.ts';
import { runSecondFactor } from './second-factor.ts';
import { runSessions } from './sessions.ts';
import { OUTCOMES, type OperationResult, type Outcome, type Report } from './types.ts';

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
    results = await runReplay({
      contract,
      contractFile,
      target,
      token,
      timeoutMs,
      deadline,
      allowWrites,
      operations,
      concurrency,
      log,
    });
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

/** The readable conformance report printed by the CLI, and every case as one list for the JUnit and HTML reports. */
import { CHECK_KINDS, type CheckKind, type CheckResult } from './checks.ts';
import { counted, type CaseReport } from './junit.ts';
import type { OperationResult, Outcome, Report, Violation } from './types.ts';

const LABELS: Record<Outcome, [singular: string, plural: string]> = {
  conforms: ['conforms', 'conform'],
  'response-violation': ['response violation', 'response violations'],
  'undocumented-status': ['undocumented status', 'undocumented statuses'],
  'unexpected-status': ['unexpected (documented) status', 'unexpected (documented) statuses'],
  'request-violation': ['request violation (contract example)', 'request violations (contract examples)'],
  unreachable: ['unreachable', 'unreachable'],
  skipped: ['skipped', 'skipped'],
};

export function summaryLine(report: Report): string {
  const parts = (Object.keys(LABELS) as Outcome[])
    .filter((outcome) => outcome === 'conforms' || report.counts[outcome] > 0)
    .map((outcome) => {
      const count = report.counts[outcome];
      return `${count} ${LABELS[outcome][count === 1 ? 0 : 1]}`;
    });
  const proposed = report.proposed > 0 ? ` (${report.proposed} of them proposed, not in the specification)` : '';
  return `${report.results.length} operations${proposed}: ${parts.join(', ')}`;
}

const title = (result: OperationResult): string =>
  `${result.method} ${result.path} (${result.operationId})${result.proposed ? ' [proposed]' : ''}${
    result.server ? ` [own server ${result.server}]` : ''
  }`;

/** One word for an outcome in the list of proposed calls. */
const outcomeText = (result: OperationResult): string => LABELS[result.outcome][0];

const violationLines = (violations: Violation[]): string[] =>
  violations.map(
    (v) => `    - ${v.location || '(no location)'}: ${v.message}${v.severity !== 'Error' ? ` [${v.severity}]` : ''}`,
  );

const whatBroke = (result: OperationResult): string => {
  switch (result.outcome) {
    case 'response-violation':
      return result.prismError
        ? `the response breaks the contract (Prism answered ${result.prismError.status} instead of the server's response)`
        : `the response (status ${result.status}) breaks the contract`;
    case 'undocumented-status':
      return (result.status ?? 0) >= 500
        ? `the server failed (status ${result.status}) on the contract's own valid example (expected ${result.expectedStatus.join(' or ')})`
        : `status ${result.status ?? '?'} is not documented (expected ${result.expectedStatus.join(' or ')})`;
    case 'unexpected-status':
      return result.reason ?? `status ${result.status}`;
    case 'request-violation':
      return `the replayed contract example${result.request?.example ? ` "${result.request.example}"` : ''} breaks the contract (a contract bug)`;
    case 'unreachable':
      return `no answer: ${result.reason ?? 'unknown error'}`;
    default:
      return result.reason ?? result.outcome;
  }
};

const KIND_LABELS: Record<CheckKind, string> = {
  example: 'Contract examples (example)',
  negative: 'Bad input refused (negative)',
  authz: 'Who may do what (authz)',
  flow: 'Flows that keep state (flow)',
  session: 'Sessions the server ends (session)',
  pin: 'Panel passwords limited (pin)',
  abuse: 'Attempt limits, no account listing (abuse)',
  language: "Answers in the caller's language (language)",
  'second-factor': 'A second factor for those who manage others (second-factor)',
  live: 'Live feed (live)',
};

/** One line per kind of check: its cases and how they ended. */
export function checkLines(
  results: CheckResult[],
  strictProposals: boolean,
  kindMs: Partial<Record<CheckKind, number>> = {},
): string[] {
  return CHECK_KINDS.flatMap((kind) => {
    const of = results.filter((r) => r.kind === kind);
    if (of.length === 0) return [];
    const passed = of.filter((r) => r.status === 'passed').length;
    const failed = of.filter((r) => counted(r, strictProposals)).length;
    const proposals = of.filter((r) => r.status === 'failed' && !counted(r, strictProposals)).length;
    const skipped = of.filter((r) => r.status === 'skipped').length;
    const parts = [`${passed} passed`, `${failed} failed`];
    if (proposals) parts.push(`${proposals} failed proposals (not counted)`);
    if (skipped) parts.push(`${skipped} skipped`);
    const took = kindMs[kind] !== undefined ? ` (${(kindMs[kind] / 1000).toFixed(1)} s)` : '';
    return [`${KIND_LABELS[kind]}: ${of.length} cases${took}: ${parts.join(', ')}`];
  });
}

/** The failing cases, each with its rule and the request that showed it; then why cases were skipped. */
export function failingCaseLines(results: CheckResult[], strictProposals: boolean): string[] {
  const lines: string[] = [];
  const caseLine = (r: CheckResult) => {
    lines.push(`  [${r.kind}] ${r.name}${r.proposed ? ' [proposed]' : ''}: ${r.message ?? 'failed'}`);
    for (const detail of r.details ?? []) lines.push(`    - ${detail}`);
    const exchange = r.exchange;
    if (exchange) {
      const answer = exchange.response ? `answered ${exchange.response.status}` : 'no answer';
      lines.push(`    ${exchange.request.method} ${exchange.request.url} → ${answer}`);
    }
  };
  const failing = results.filter((r) => counted(r, strictProposals));
  if (failing.length > 0) lines.push('', 'Failing checks:');
  failing.forEach(caseLine);
  const proposals = results.filter((r) => r.status === 'failed' && !counted(r, strictProposals));
  if (proposals.length > 0) {
    lines.push('', 'Failing checks of proposed calls (not counted; --strict-proposals counts them):');
    proposals.forEach(caseLine);
  }
  const reasons = new Map<string, number>();
  for (const r of results.filter((c) => c.status === 'skipped')) {
    // A count at the end of a reason ("(14 invalid requests)") is the case's own: the reason is the same.
    const reason = `[${r.kind}] ${(r.message ?? 'skipped').replace(/\s*\(\d+ [^()]*\)$/, '')}`;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  if (reasons.size > 0) {
    lines.push('', 'Skipped checks:');
    for (const [reason, count] of reasons) lines.push(`  ${count} × ${reason}`);
  }
  return lines;
}

export function formatReport(report: Report): string {
  const lines = [
    `Conformance of ${report.target} to ${report.contractFile} (${(report.durationMs / 1000).toFixed(1)} s)`,
  ];
  if (report.kinds.includes('example')) lines.push(...exampleLines(report));
  if (report.checks.length > 0) {
    lines.push('', ...checkLines(report.checks, report.strictProposals, report.kindMs));
    lines.push(...failingCaseLines(report.checks, report.strictProposals));
  }
  if (!report.allowWrites) {
    lines.push(
      '',
      'Calls that change state were not sent (a command or a write): add --allow-writes for a test system.',
    );
  }
  lines.push('', report.ok ? 'Result: every check passed.' : 'Result: NOT conforming.');
  return lines.join('\n');
}

function exampleLines(report: Report): string[] {
  const lines = [summaryLine(report)];
  const failing = report.results.filter((r) => r.outcome !== 'conforms' && r.outcome !== 'skipped');
  if (failing.length > 0) lines.push('', 'Failing operations:');
  for (const result of failing) {
    lines.push(`  ${title(result)}: ${whatBroke(result)}`);
    lines.push(...violationLines(result.violations));
    if (result.requestViolations.length > 0) {
      if (result.outcome !== 'request-violation') lines.push('    request (contract example):');
      lines.push(...violationLines(result.requestViolations));
    }
    if (result.note) lines.push(`    note: ${result.note}`);
  }
  const skipped = report.results.filter((r) => r.outcome === 'skipped');
  if (skipped.length > 0) lines.push('', 'Skipped:', ...skipped.map((r) => `  ${title(r)}: ${r.reason ?? ''}`));
  const labelled = report.results.filter((r) => r.server && r.outcome === 'conforms');
  if (labelled.length > 0) {
    lines.push('', 'Replayed against the target although the contract gives them their own server:');
    lines.push(...labelled.map((r) => `  ${title(r)}: conforms`));
  }
  const proposals = report.results.filter((r) => r.proposed);
  if (proposals.length > 0) {
    lines.push(
      '',
      `Proposed calls (${proposals.length}): calls the specification does not name, which the console proposes to the ` +
        'backend (x-proposed, openapi/README.md "Proposed calls"); a server that has not built one yet fails it, which ' +
        'is reported but not counted unless --strict-proposals:',
    );
    lines.push(...proposals.map((r) => `  ${title(r)}: ${outcomeText(r)}`));
  }
  return lines;
}

/** The example replay as cases (one per operation), beside the other checks' cases. */
export function exampleCases(results: OperationResult[]): CheckResult[] {
  return results.map((r) => ({
    kind: 'example',
    area: r.area ?? 'other',
    name: `${r.operationId}: ${r.method} ${r.path}`,
    operationId: r.operationId,
    ...(r.proposed ? { proposed: true as const } : {}),
    status: r.outcome === 'conforms' ? 'passed' : r.outcome === 'skipped' ? 'skipped' : 'failed',
    ...(r.outcome !== 'conforms' ? { message: r.outcome === 'skipped' ? (r.reason ?? 'skipped') : whatBroke(r) } : {}),
    ...(r.outcome !== 'conforms' && r.outcome !== 'skipped'
      ? {
          details: [...violationLines(r.violations), ...violationLines(r.requestViolations)].map((line) =>
            line.trim().replace(/^- /, ''),
          ),
        }
      : {}),
    ...(r.request && r.outcome !== 'conforms' && r.outcome !== 'skipped'
      ? {
          exchange: {
            request: { method: r.method, url: r.request.url, headers: {} },
            ...(r.status !== undefined ? { response: { status: r.status, contentType: '', body: '' } } : {}),
          },
        }
      : {}),
    durationMs: r.durationMs,
  }));
}

/** Every case of a run, for the JUnit and HTML reports. */
export const caseReport = (report: Report): CaseReport => ({
  title: `Conformance of ${report.target} to ${report.contractFile}`,
  startedAt: report.startedAt,
  durationMs: report.durationMs,
  results: [...exampleCases(report.results), ...report.checks],
  strictProposals: report.strictProposals,
});

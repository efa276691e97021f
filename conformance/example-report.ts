/** The example replay in the report (kind `example`): its summary line and failing operations, and its cases. */
import type { CheckResult } from './checks.ts';
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

/** The example replay's part of the printed report: its summary, the failing, skipped and proposed operations. */
export function exampleLines(report: Report): string[] {
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

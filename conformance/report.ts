/** The readable conformance report printed by the CLI, and every case as one list for the JUnit and HTML reports. */
import { CHECK_KINDS, type CheckKind, type CheckResult } from './checks.ts';
import { exampleCases, exampleLines } from './example-report.ts';
import { counted, type CaseReport } from './junit.ts';
import type { Report } from './types.ts';

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

/** Every case of a run, for the JUnit and HTML reports. */
export const caseReport = (report: Report): CaseReport => ({
  title: `Conformance of ${report.target} to ${report.contractFile}`,
  startedAt: report.startedAt,
  durationMs: report.durationMs,
  results: [...exampleCases(report.results), ...report.checks],
  strictProposals: report.strictProposals,
});

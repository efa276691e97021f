/**
 * The JUnit XML report (`--junit report.xml`): one test suite per check kind and area, one test case per operation
 * and check. A failing proposed call is reported as skipped ("[proposed] …") unless proposals count.
 */
import type { CheckResult } from './checks.ts';

export interface CaseReport {
  /** e.g. "Conformance of http://127.0.0.1:8080/api to generated/openapi.json". */
  title: string;
  startedAt: string;
  durationMs: number;
  results: CheckResult[];
  /** Whether failures of proposed calls count as failures (`--strict-proposals`). */
  strictProposals: boolean;
}

/** Whether a result counts as failed: proposals only when they count. */
export const counted = (result: CheckResult, strictProposals: boolean): boolean =>
  result.status === 'failed' && (strictProposals || !result.proposed);

/** XML 1.0 text: the five entities escaped, characters XML cannot hold dropped. */
export const xmlText = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** The failure text of a case: its details, then the request and the answer. */
export function failureText(result: CheckResult): string {
  const lines = [...(result.details ?? [])];
  const exchange = result.exchange;
  if (exchange) {
    const { request, response } = exchange;
    lines.push('', `${request.method} ${request.url}`);
    for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
    if (request.body) lines.push('', request.body);
    lines.push('', response ? `→ ${response.status} ${response.contentType}` : '→ no answer');
    if (response?.body) lines.push(response.body);
  }
  return lines.join('\n');
}

const suiteName = (result: CheckResult) => `${result.kind}: ${result.area}`;

export function junitXml(report: CaseReport): string {
  const suites = new Map<string, CheckResult[]>();
  for (const result of report.results) {
    const name = suiteName(result);
    suites.set(name, [...(suites.get(name) ?? []), result]);
  }
  const failures = report.results.filter((r) => counted(r, report.strictProposals)).length;
  const skipped = report.results.filter(
    (r) => r.status === 'skipped' || (r.status === 'failed' && !counted(r, report.strictProposals)),
  ).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlText(report.title)}" tests="${report.results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(report.durationMs)}" timestamp="${xmlText(report.startedAt)}">`,
  ];
  for (const [name, results] of suites) {
    const suiteFailures = results.filter((r) => counted(r, report.strictProposals)).length;
    const suiteSkipped = results.filter((r) => r.status !== 'passed').length - suiteFailures;
    const time = results.reduce((sum, r) => sum + r.durationMs, 0);
    lines.push(
      `  <testsuite name="${xmlText(name)}" tests="${results.length}" failures="${suiteFailures}" errors="0" skipped="${suiteSkipped}" time="${seconds(time)}">`,
    );
    for (const result of results) {
      const classname = `conformance.${result.kind}.${result.area}`;
      const open = `    <testcase classname="${xmlText(classname)}" name="${xmlText(result.name)}" time="${seconds(result.durationMs)}"`;
      const message = result.message ?? '';
      if (result.status === 'passed') {
        lines.push(`${open}/>`);
      } else if (result.status === 'skipped') {
        lines.push(`${open}>`, `      <skipped message="${xmlText(message)}"/>`, '    </testcase>');
      } else if (!counted(result, report.strictProposals)) {
        lines.push(
          `${open}>`,
          `      <skipped message="${xmlText(`[proposed] not counted: ${message}`)}"/>`,
          `      <system-out>${xmlText(failureText(result))}</system-out>`,
          '    </testcase>',
        );
      } else {
        lines.push(
          `${open}>`,
          `      <failure message="${xmlText(message)}" type="${xmlText(result.kind)}">${xmlText(failureText(result))}</failure>`,
          '    </testcase>',
        );
      }
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

/**
 * The HTML report (`--html report.html`): one self-contained file (no script, no outside resource) a backend team
 * can attach to its pipeline. A summary by check kind, then the cases grouped by area; each failing case open, with
 * the rule it broke, and the failing request and answer.
 */
import { CHECK_KINDS, type CheckKind, type CheckResult } from './checks.ts';
import { counted, type CaseReport } from './junit.ts';

const html = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const KIND_TITLES: Record<CheckKind, string> = {
  example: 'Contract examples',
  negative: 'Bad input refused',
  authz: 'Who may do what',
  flow: 'Flows that keep state',
  session: 'Sessions the server ends',
  pin: 'Panel passwords limited',
  abuse: 'Attempt limits, no account listing',
  language: "Answers in the caller's language",
  'second-factor': 'A second factor for those who manage others',
  live: 'Live feed',
};

const STYLE = `
:root { color-scheme: light dark; --ok: #1b7f3b; --bad: #b3261e; --skip: #6b6b6b; --line: #8884; }
@media (prefers-color-scheme: dark) { :root { --ok: #7bd88f; --bad: #ff8a80; --skip: #a8a8a8; } }
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 70rem; padding: 0 1rem; }
h1 { font-size: 1.4rem; margin-bottom: .25rem; } h2 { font-size: 1.15rem; margin-top: 2rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
table { border-collapse: collapse; margin: 1rem 0; } th, td { padding: .3rem .8rem; border-bottom: 1px solid var(--line); text-align: right; }
th:first-child, td:first-child { text-align: left; }
.passed { color: var(--ok); } .failed { color: var(--bad); font-weight: 600; } .skipped { color: var(--skip); }
.verdict { font-size: 1.1rem; font-weight: 600; } .verdict.failed { color: var(--bad); } .verdict.passed { color: var(--ok); }
details { margin: .3rem 0; border-left: 3px solid var(--line); padding-left: .6rem; }
details.case-failed { border-color: var(--bad); } details.case-proposed { border-color: #b58900; }
summary { cursor: pointer; } .badge { font-size: .75rem; border: 1px solid currentColor; border-radius: .6rem; padding: 0 .4rem; margin-left: .4rem; }
pre { background: #8881; padding: .6rem; overflow-x: auto; white-space: pre-wrap; word-break: break-word; font-size: 12.5px; }
ul.cases { margin: .2rem 0; padding-left: 1.2rem; }
`;

const byKind = (results: CheckResult[], strict: boolean) =>
  CHECK_KINDS.map((kind) => {
    const of = results.filter((r) => r.kind === kind);
    return {
      kind,
      total: of.length,
      passed: of.filter((r) => r.status === 'passed').length,
      failed: of.filter((r) => counted(r, strict)).length,
      proposed: of.filter((r) => r.status === 'failed' && !counted(r, strict)).length,
      skipped: of.filter((r) => r.status === 'skipped').length,
    };
  }).filter((row) => row.total > 0);

function exchangeBlock(result: CheckResult): string {
  const exchange = result.exchange;
  if (!exchange) return '';
  const { request, response } = exchange;
  const head = [`${request.method} ${request.url}`, ...Object.entries(request.headers).map(([n, v]) => `${n}: ${v}`)];
  const sent = request.body ? `${head.join('\n')}\n\n${request.body}` : head.join('\n');
  const answer = response
    ? `${response.status} ${response.contentType}${response.body ? `\n\n${response.body}` : ''}`
    : 'no answer';
  return `<h4>Request</h4><pre>${html(sent)}</pre><h4>Answer</h4><pre>${html(answer)}</pre>`;
}

function failedCase(result: CheckResult, strict: boolean): string {
  const proposal = result.proposed ? '<span class="badge">proposed</span>' : '';
  const notCounted = !counted(result, strict) ? ' (a proposal: not counted)' : '';
  const details = result.details?.length
    ? `<ul>${result.details.map((line) => `<li>${html(line)}</li>`).join('')}</ul>`
    : '';
  return `<details open class="case-${counted(result, strict) ? 'failed' : 'proposed'}"><summary><span class="failed">✗</span> ${html(
    result.name,
  )}${proposal} — ${html(result.message ?? 'failed')}${notCounted}</summary>${details}${exchangeBlock(result)}</details>`;
}

function areaSection(area: string, results: CheckResult[], strict: boolean): string {
  const parts = [`<h2 id="area-${html(area)}">${html(area)}</h2>`];
  for (const kind of CHECK_KINDS) {
    const of = results.filter((r) => r.kind === kind);
    if (of.length === 0) continue;
    const failed = of.filter((r) => r.status === 'failed');
    const passed = of.filter((r) => r.status === 'passed');
    const skipped = of.filter((r) => r.status === 'skipped');
    parts.push(
      `<h3>${html(KIND_TITLES[kind])} <small>(${passed.length} passed, ${failed.length} failed, ${skipped.length} skipped)</small></h3>`,
    );
    parts.push(...failed.map((r) => failedCase(r, strict)));
    if (passed.length > 0) {
      parts.push(
        `<details><summary><span class="passed">✓</span> ${passed.length} passed</summary><ul class="cases">${passed
          .map((r) => `<li>${html(r.name)}${r.proposed ? '<span class="badge">proposed</span>' : ''}</li>`)
          .join('')}</ul></details>`,
      );
    }
    if (skipped.length > 0) {
      parts.push(
        `<details><summary><span class="skipped">–</span> ${skipped.length} skipped</summary><ul class="cases">${skipped
          .map((r) => `<li>${html(r.name)}: ${html(r.message ?? '')}</li>`)
          .join('')}</ul></details>`,
      );
    }
  }
  return parts.join('\n');
}

export function htmlReport(report: CaseReport): string {
  const strict = report.strictProposals;
  const failures = report.results.filter((r) => counted(r, strict)).length;
  const rows = byKind(report.results, strict)
    .map(
      (row) =>
        `<tr><td>${html(KIND_TITLES[row.kind])}</td><td>${row.total}</td><td class="passed">${row.passed}</td><td class="${
          row.failed ? 'failed' : ''
        }">${row.failed}</td><td>${row.proposed}</td><td class="skipped">${row.skipped}</td></tr>`,
    )
    .join('');
  const areas = [...new Set(report.results.map((r) => r.area))].sort();
  const sections = areas.map((area) =>
    areaSection(
      area,
      report.results.filter((r) => r.area === area),
      strict,
    ),
  );
  const verdict = failures === 0 ? 'Every check passed.' : `${failures} check${failures === 1 ? '' : 's'} failed.`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(report.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${html(report.title)}</h1>
<p>Started ${html(report.startedAt)}, took ${(report.durationMs / 1000).toFixed(1)} s.</p>
<p class="verdict ${failures === 0 ? 'passed' : 'failed'}">${html(verdict)}</p>
<table>
<thead><tr><th>Check</th><th>Cases</th><th>Passed</th><th>Failed</th><th>Failed proposals (not counted)</th><th>Skipped</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<p>Areas: ${areas
    .map((area) => {
      const failed = report.results.filter((r) => r.area === area && counted(r, strict)).length;
      const mark = failed ? ` <span class="failed">(${failed} failed)</span>` : '';
      return `<a href="#area-${html(area)}">${html(area)}</a>${mark}`;
    })
    .join(' · ')}</p>
${sections.join('\n')}
</body>
</html>
`;
}

/**
 * `npm run bench:conformance`: how long the REST part of `npm run conformance` takes against the project's own mock
 * stack, every check on (example replay, negative input, the authorization matrix, the flows, writes allowed), as a
 * backend team runs it against a test system. Target: under 2 minutes. Prints the time of each check, the case
 * counts and whether the honest mock passed every case, and writes them to build/bench-conformance.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  MOCK_PASSWORD_ACCOUNT,
  MOCK_SECOND_FACTOR_ACCOUNT,
  mockIdentities,
  startHonestMock,
} from '../conformance/honest-mock.ts';
import { REST_KINDS } from '../conformance/run-options.ts';
import { runConformance } from '../conformance/runner.ts';

const TARGET_MS = 120_000;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

console.log(`load at start: ${load()}`);
const mock = await startHonestMock();
try {
  const { admin, ...identities } = await mockIdentities(mock.target);
  const started = performance.now();
  const report = await runConformance({
    target: mock.target,
    token: admin,
    identities,
    allowWrites: true,
    passwordAccount: MOCK_PASSWORD_ACCOUNT,
    secondFactorAccount: MOCK_SECOND_FACTOR_ACCOUNT,
    checks: [...REST_KINDS],
    // A's panel 4 on the mock: the panel password limit check locks it for A (the mock's resets clear it).
    pinPanel: 864215040045678,
  });
  const totalMs = Math.round(performance.now() - started);
  const cases = {
    example: report.results.length,
    ...Object.fromEntries(
      REST_KINDS.filter((kind) => kind !== 'example').map((kind) => [
        kind,
        report.checks.filter((c) => c.kind === kind).length,
      ]),
    ),
  };
  const failed = [
    ...report.results.filter((r) => r.outcome !== 'conforms' && r.outcome !== 'skipped').map((r) => r.operationId),
    ...report.checks.filter((c) => c.status === 'failed').map((c) => `${c.kind} ${c.name}`),
  ];
  console.log(`cases: ${JSON.stringify(cases)}`);
  console.log(
    `time per check: ${Object.entries(report.kindMs)
      .map(([kind, ms]) => `${kind} ${(ms / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
  console.log(
    `REST conformance against the mock: ${(totalMs / 1000).toFixed(1)} s (target < ${TARGET_MS / 1000} s)${
      totalMs > TARGET_MS ? ` MISSES by ${((totalMs - TARGET_MS) / 1000).toFixed(1)} s` : ''
    }`,
  );
  console.log(
    `honest mock: ${failed.length === 0 ? 'every case passed' : `${failed.length} false alarms: ${failed.join('; ')}`}`,
  );
  console.log(`load at end: ${load()}`);
  mkdirSync('build', { recursive: true });
  writeFileSync(
    'build/bench-conformance.json',
    `${JSON.stringify({ totalMs, kindMs: report.kindMs, cases, falseAlarms: failed, load: load() }, null, 2)}\n`,
  );
  if (failed.length > 0 || !report.ok) process.exitCode = 1;
} finally {
  await mock.stop();
}

/**
 * `npm test`: every check, in phases, and where the time went. The static checks run side by side (each is one
 * process on one core); the console is built once, by the size bench, and that build is what the browser tests open
 * (E2E_DIST). At the end (also after a failure) it prints each phase's time and the slowest test files, and writes
 * them to build/test-times.json (`.ci/run` prints them with its own phases).
 *
 *   npm test                 everything
 *   npm test -- --from unit  from a phase on (static, size, unit, browser), e.g. after fixing a browser test
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { slowestBrowserFiles, slowestUnitFiles } from './test-reports.ts';
import { runPhase, seconds, type Phase } from './test-steps.ts';
import { browserTests, overBudget, readBudget, SLOW_TEST_SECONDS, unitSeconds, BUDGET_FILE } from './test-budget.ts';

const bin = (name: string) => path.resolve('node_modules/.bin', name);
const CONSOLE_BUILD = 'build/console';
const UNIT_RESULTS = 'build/unit-results.json';
const BROWSER_RESULTS = 'build/browser-results.json';
const TIMES = 'build/test-times.json';

const PHASES: Phase[] = [
  {
    name: 'static',
    parallel: 2,
    steps: [
      { name: 'type check', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
      { name: 'eslint', command: bin('eslint'), args: ['.'] },
      { name: 'prettier', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
      {
        name: 'contract lint',
        command: bin('spectral'),
        args: [
          'lint',
          '--fail-severity=error',
          '--ruleset',
          '.spectral.yaml',
          'generated/openapi.json',
          'asyncapi/asyncapi.yaml',
        ],
      },
      { name: 'codegen drift', command: bin('tsx'), args: ['codegen/check-drift.ts'] },
    ],
  },
  {
    name: 'size',
    parallel: 1,
    steps: [{ name: 'size budget (builds the console)', command: bin('tsx'), args: ['bench/size.ts'] }],
  },
  {
    name: 'unit',
    parallel: 1,
    steps: [
      {
        name: 'unit tests',
        command: bin('vitest'),
        args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${UNIT_RESULTS}`],
      },
    ],
  },
  {
    name: 'browser',
    parallel: 1,
    steps: [
      {
        name: 'browser tests',
        command: bin('playwright'),
        args: ['test', '--reporter=list,json'],
        env: { E2E_DIST: CONSOLE_BUILD, PLAYWRIGHT_JSON_OUTPUT_NAME: BROWSER_RESULTS },
      },
    ],
  },
];

const { values } = parseArgs({ options: { from: { type: 'string' } } });
const from = values.from ? PHASES.findIndex((phase) => phase.name === values.from) : 0;
if (from < 0) {
  console.error(`No phase "${values.from}": the phases are ${PHASES.map((phase) => phase.name).join(', ')}.`);
  process.exit(2);
}
if (values.from && from > PHASES.findIndex((phase) => phase.name === 'size') && !existsSync(CONSOLE_BUILD)) {
  console.error(`--from ${values.from} needs the console built by the size phase (${CONSOLE_BUILD}): run it first.`);
  process.exit(2);
}

const startedAt = Date.now();
const phases: { name: string; seconds: number; ok: boolean; steps: { name: string; seconds: number }[] }[] = [];
let failed: string | undefined;
for (const phase of PHASES.slice(from)) {
  console.log(`\n━━ ${phase.name}: ${phase.steps.map((step) => step.name).join(', ')}`);
  const phaseStarted = Date.now();
  const result = await runPhase(phase);
  phases.push({ name: phase.name, seconds: seconds(Date.now() - phaseStarted), ...result });
  if (!result.ok) {
    failed = phase.name;
    break;
  }
}

const times = {
  total: seconds(Date.now() - startedAt),
  failed,
  phases,
  slowestUnitFiles: slowestUnitFiles(UNIT_RESULTS, 10),
  slowestBrowserFiles: slowestBrowserFiles(BROWSER_RESULTS, 10),
};
mkdirSync('build', { recursive: true });
writeFileSync(TIMES, `${JSON.stringify(times, null, 2)}\n`);

console.log('\n━━ where the time went');
for (const phase of phases) {
  console.log(`${phase.name.padEnd(10)} ${String(phase.seconds).padStart(7)} s${phase.ok ? '' : '  FAILED'}`);
  if (phase.steps.length > 1) {
    for (const step of phase.steps) console.log(`  ${step.name.padEnd(16)} ${String(step.seconds).padStart(5)} s`);
  }
}
console.log(`${'total'.padEnd(10)} ${String(times.total).padStart(7)} s`);
for (const [title, files] of [
  ['slowest unit test files', times.slowestUnitFiles],
  ['slowest browser test files', times.slowestBrowserFiles],
] as const) {
  if (files.length === 0) continue;
  console.log(`\n${title}:`);
  for (const { file, seconds: s } of files) console.log(`  ${String(s).padStart(6)} s  ${file}`);
}

// The budget of test time (scripts/test-budget.ts), judged on the phases this run made in full.
const ran = new Set(phases.filter((phase) => phase.ok).map((phase) => phase.name));
const spent = {
  ...(ran.has('unit') && existsSync(UNIT_RESULTS)
    ? { unit: unitSeconds(JSON.parse(readFileSync(UNIT_RESULTS, 'utf8'))) }
    : {}),
  ...(ran.has('browser') && existsSync(BROWSER_RESULTS)
    ? {
        browser: browserTests(JSON.parse(readFileSync(BROWSER_RESULTS, 'utf8'))).reduce((s, t) => s + t.seconds, 0),
      }
    : {}),
};
const budget = readBudget();
console.log(`\ntest time (sum over workers) against ${BUDGET_FILE} (+10 % allowed):`);
for (const phase of ['unit', 'browser'] as const) {
  if (spent[phase] !== undefined)
    console.log(`  ${phase.padEnd(8)} ${String(Math.round(spent[phase])).padStart(6)} s of ${budget[phase]} s`);
}
if (ran.has('browser') && existsSync(BROWSER_RESULTS)) {
  const slow = browserTests(JSON.parse(readFileSync(BROWSER_RESULTS, 'utf8'))).filter(
    (t) => t.seconds > SLOW_TEST_SECONDS,
  );
  if (slow.length) {
    console.log(`browser tests over ${SLOW_TEST_SECONDS} s (each says why in its own comment):`);
    for (const { test, seconds: s } of slow.sort((a, b) => b.seconds - a.seconds))
      console.log(`  ${String(Math.round(s)).padStart(5)} s  ${test}`);
  }
}
const over = overBudget(spent, budget);
for (const line of over) console.error(line);
if (failed || over.length) {
  console.error(`\nnpm test failed ${failed ? `in the ${failed} phase` : 'its test-time budget'}.`);
  process.exit(1);
}

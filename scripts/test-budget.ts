/**
 * The test-time budget: the total time the tests of a clean run take (the sum over every worker, not wall time),
 * per phase, may grow at most `TOLERANCE` past `test-budget.json`. Wall time hides a slower suite behind more
 * workers; the sum does not. Raising a figure is a line in a commit that says why. A browser test over
 * `SLOW_TEST_SECONDS` is listed so its own comment can say why it needs that long.
 */
import { existsSync, readFileSync } from 'node:fs';

export const BUDGET_FILE = 'test-budget.json';
/** How far past the budget a run may go before it fails (noise of a shared machine). */
export const TOLERANCE = 0.1;
export const SLOW_TEST_SECONDS = 20;

export interface TestBudget {
  /** Seconds of test time per phase: the unit files' run times, the browser tests' run times. */
  unit: number;
  browser: number;
}

interface UnitReport {
  testResults: { startTime: number; endTime: number }[];
}
interface BrowserSuite {
  file: string;
  specs?: { title: string; line: number; tests: { results: { duration: number }[] }[] }[];
  suites?: BrowserSuite[];
}

/** Seconds of test time in a vitest JSON report. */
export const unitSeconds = (report: UnitReport): number =>
  report.testResults.reduce((sum, file) => sum + (file.endTime - file.startTime), 0) / 1000;

/** Every browser test with its seconds (all its runs, retries included) in a Playwright JSON report. */
export function browserTests(report: { suites: BrowserSuite[] }): { test: string; seconds: number }[] {
  const found: { test: string; seconds: number }[] = [];
  const walk = (suite: BrowserSuite, file: string) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.reduce((t, test) => t + test.results.reduce((r, result) => r + result.duration, 0), 0);
      found.push({ test: `${file}:${spec.line} ${spec.title}`, seconds: ms / 1000 });
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites) walk(suite, `tests/e2e/${suite.file}`);
  return found;
}

/** What breaks the budget (empty: within it), naming the phase, its time and its limit. */
export function overBudget(spent: Partial<TestBudget>, budget: TestBudget, tolerance = TOLERANCE): string[] {
  return (['unit', 'browser'] as const).flatMap((phase) => {
    const seconds = spent[phase];
    const limit = budget[phase] * (1 + tolerance);
    return seconds !== undefined && seconds > limit
      ? [
          `${phase}: ${Math.round(seconds)} s of test time, over the budget of ${budget[phase]} s by more than ` +
            `${tolerance * 100} % (limit ${Math.round(limit)} s). Make the new tests cheaper, or raise ${BUDGET_FILE} ` +
            'in a commit that says why.',
        ]
      : [];
  });
}

/** The budget file of the repository. */
export function readBudget(file = BUDGET_FILE): TestBudget {
  if (!existsSync(file)) throw new Error(`${file} is missing`);
  const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<TestBudget>;
  for (const phase of ['unit', 'browser'] as const) {
    if (typeof value[phase] !== 'number' || !(value[phase] > 0)) {
      throw new Error(`${file}: "${phase}" must be a positive number of seconds`);
    }
  }
  return value as TestBudget;
}

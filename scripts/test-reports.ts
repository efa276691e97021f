/**
 * The slowest test files of a run, read from the reports `npm test` has vitest and Playwright write.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { seconds } from './test-steps.ts';

/** The slowest files of a vitest JSON report (each file's own run time). */
export function slowestUnitFiles(reportFile: string, count: number): { file: string; seconds: number }[] {
  if (!existsSync(reportFile)) return [];
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    testResults: { name: string; startTime: number; endTime: number }[];
  };
  return report.testResults
    .map((file) => ({ file: path.relative(process.cwd(), file.name), seconds: seconds(file.endTime - file.startTime) }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

interface BrowserSuite {
  file: string;
  specs?: { tests: { results: { duration: number }[] }[] }[];
  suites?: BrowserSuite[];
}

/** The slowest files of a Playwright JSON report (the sum of their tests' run times, in the one worker that ran them). */
export function slowestBrowserFiles(reportFile: string, count: number): { file: string; seconds: number }[] {
  if (!existsSync(reportFile)) return [];
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { suites: BrowserSuite[] };
  const total = (suite: BrowserSuite): number =>
    (suite.specs ?? []).reduce(
      (sum, spec) =>
        sum + spec.tests.reduce((t, test) => t + test.results.reduce((r, result) => r + result.duration, 0), 0),
      0,
    ) + (suite.suites ?? []).reduce((sum, child) => sum + total(child), 0);
  return report.suites
    .map((suite) => ({ file: `tests/e2e/${suite.file}`, seconds: seconds(total(suite)) }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

/**
 * A firmware test's progress from its result rows (spec 2 §3, §4): each row is one stage, unanswered (result null),
 * passed (true) or failed (false). The share answered is rounded down, as the server's percentage is (2 of 3 is 66).
 */
import type { TestResult } from '@generated/api/types.gen.ts';

export type StageState = 'passed' | 'failed' | 'pending';

export const stageState = (row: Pick<TestResult, 'result'>): StageState =>
  row.result === true ? 'passed' : row.result === false ? 'failed' : 'pending';

export interface TestProgress {
  total: number;
  answered: number;
  passed: number;
  failed: number;
  /** Answered rows in percent, rounded down (0 without rows). */
  percent: number;
  finished: boolean;
}

export function testProgress(rows: readonly Pick<TestResult, 'result'>[]): TestProgress {
  const passed = rows.filter((row) => row.result === true).length;
  const failed = rows.filter((row) => row.result === false).length;
  const answered = passed + failed;
  return {
    total: rows.length,
    answered,
    passed,
    failed,
    percent: rows.length ? Math.floor((answered * 100) / rows.length) : 0,
    finished: rows.length > 0 && answered === rows.length,
  };
}

/** The stage to run now: the first unanswered row in stage order, with its position (1-based); none when done. */
export function nextStage<Row extends Pick<TestResult, 'result'>>(
  rows: readonly Row[],
): { row: Row; position: number } | undefined {
  const index = rows.findIndex((row) => row.result === null);
  return index < 0 ? undefined : { row: rows[index]!, position: index + 1 };
}

/** A percentage as the progress bar takes it: a whole number from 0 to 100. */
export const clampPercent = (value: number): number =>
  Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;

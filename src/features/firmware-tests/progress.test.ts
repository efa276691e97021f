import { describe, expect, it } from 'vitest';
import { clampPercent, nextStage, stageState, testProgress } from './progress.ts';

const rows = (...results: (boolean | null)[]) => results.map((result, index) => ({ id: index + 1, result }));

describe('a firmware test progress', () => {
  it('counts answered, passed and failed rows, rounding the share down as the server does', () => {
    expect(testProgress(rows(true, false, null))).toEqual({
      total: 3,
      answered: 2,
      passed: 1,
      failed: 1,
      percent: 66,
      finished: false,
    });
    expect(testProgress(rows(true, true, false)).finished).toBe(true);
    expect(testProgress(rows(true, true, false)).percent).toBe(100);
    expect(testProgress([])).toMatchObject({ total: 0, percent: 0, finished: false });
  });

  it('runs the first unanswered stage next, even after a later one was answered', () => {
    expect(nextStage(rows(true, null, null))).toEqual({ row: { id: 2, result: null }, position: 2 });
    expect(nextStage(rows(null, true))?.position).toBe(1);
    expect(nextStage(rows(true, false))).toBeUndefined();
  });

  it('names each stage state and keeps percentages in range', () => {
    expect(rows(true, false, null).map(stageState)).toEqual(['passed', 'failed', 'pending']);
    expect(clampPercent(66.6)).toBe(67);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});

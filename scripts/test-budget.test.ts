import { describe, expect, it } from 'vitest';
import { browserTests, overBudget, readBudget, unitSeconds } from './test-budget.ts';

describe('the test-time budget', () => {
  it('sums the test time of each phase', () => {
    expect(
      unitSeconds({
        testResults: [
          { startTime: 0, endTime: 1500 },
          { startTime: 10, endTime: 2510 },
        ],
      }),
    ).toBe(4);
    const tests = browserTests({
      suites: [
        {
          file: 'a.spec.ts',
          specs: [{ title: 'opens', line: 3, tests: [{ results: [{ duration: 2000 }, { duration: 1000 }] }] }],
          suites: [
            { file: 'a.spec.ts', specs: [{ title: 'nested', line: 9, tests: [{ results: [{ duration: 500 }] }] }] },
          ],
        },
      ],
    });
    expect(tests).toEqual([
      { test: 'tests/e2e/a.spec.ts:3 opens', seconds: 3 },
      { test: 'tests/e2e/a.spec.ts:9 nested', seconds: 0.5 },
    ]);
  });

  it('fails a phase past its budget by more than the tolerance, and only then', () => {
    const budget = { unit: 100, browser: 1000 };
    expect(overBudget({ unit: 110, browser: 1100 }, budget)).toEqual([]);
    const over = overBudget({ unit: 111, browser: 900 }, budget);
    expect(over).toHaveLength(1);
    expect(over[0]).toMatch(/^unit: 111 s of test time, over the budget of 100 s by more than 10 % \(limit 110 s\)/);
    // A phase that did not run is not judged.
    expect(overBudget({ browser: 2000 }, budget)).toHaveLength(1);
    expect(overBudget({}, budget)).toEqual([]);
  });

  it("reads the repository's budget", () => {
    const budget = readBudget();
    expect(budget.unit).toBeGreaterThan(0);
    expect(budget.browser).toBeGreaterThan(0);
  });
});

/** bench:phone's five figures, each across the runs with its goal (printed and judged by phone-figures.ts). */
import type { Figure } from '../phone-figures.ts';
import { GOALS, LIVE_TEXT } from './plan.ts';
import type { RunResult } from './run.ts';
import type { Scripts } from './resources.ts';

export function phoneFigures(results: RunResult[]): Figure[] {
  const timing = (name: string, value: (run: RunResult) => number, goal: number): Figure => ({
    name,
    values: results.map(value),
    unit: 'ms',
    goal,
  });
  const javaScript = (
    name: string,
    scripts: (run: RunResult) => Scripts,
    goal: number,
    goalFiles?: number,
  ): Figure => ({
    name,
    values: results.map((run) => scripts(run).encodedBytes),
    unit: 'kB',
    goal,
    files: results.map((run) => scripts(run).files),
    ...(goalFiles === undefined ? {} : { goalFiles }),
  });
  return [
    timing('/login usable (user, password, sign-in button), cold', (r) => r.loginColdMs, GOALS.loginColdMs),
    timing(`sign-in → the panel list showing panels and "${LIVE_TEXT}"`, (r) => r.signInToLiveMs, GOALS.signInToLiveMs),
    timing('/login usable, second visit', (r) => r.loginWarmMs, GOALS.loginWarmMs),
    javaScript('JS to /login usable (gzip, as fetched)', (r) => r.loginJs, GOALS.loginJsBytes, GOALS.loginJsFiles),
    javaScript('JS for the whole /Panels flow (gzip, as fetched)', (r) => r.flowJs, GOALS.flowJsBytes),
  ];
}

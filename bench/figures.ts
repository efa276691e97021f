/**
 * How every benchmark states its figures: rounding, nearest-rank quantiles, a list of timings summarised as p50 / p95
 * / max with how many were over a limit, the longest of a page's long tasks, the machine's load beside the figures,
 * and the JSON file they are written to.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const round = (value: number | undefined, digits = 1) =>
  value === undefined ? undefined : Math.round(value * 10 ** digits) / 10 ** digits;

/** The q-quantile (0..1) of sorted values (nearest rank). */
export const quantile = (sorted: number[], q: number): number | undefined =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : undefined;

export interface Summary {
  count: number;
  p50Ms?: number;
  p95Ms?: number;
  maxMs?: number;
  over?: number;
}

export function summarise(values: (number | undefined)[], limit?: number): Summary {
  const sorted = values.filter((value): value is number => value !== undefined).sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(quantile(sorted, 0.5)),
    p95Ms: round(quantile(sorted, 0.95)),
    maxMs: round(sorted.at(-1)),
    over: limit === undefined ? undefined : sorted.filter((value) => value > limit).length,
  };
}

export const figures = (summary: Summary) =>
  `p50 ${summary.p50Ms ?? '–'} / p95 ${summary.p95Ms ?? '–'} / max ${summary.maxMs ?? '–'} ms`;

/** The longest of the tasks a page's `longtask` observer noted, ms (0 when none). */
export const longestOf = (tasks: { duration: number }[]): number =>
  tasks.reduce((max, task) => Math.max(max, task.duration), 0);

/** The machine's load averages (1, 5, 15 min), as the benches print them beside their figures. */
export const machineLoad = (digits = 1): string =>
  os
    .loadavg()
    .map((value) => value.toFixed(digits))
    .join(' ');

/** The machine as a benchmark's JSON states it: cores, CPU model, the load averages now (and at start, when given). */
export const machineFacts = (loadAverageAtStart?: number[]) => ({
  cores: os.cpus().length,
  model: os.cpus()[0]?.model,
  ...(loadAverageAtStart ? { loadAverageAtStart } : {}),
  loadAverageAtEnd: os.loadavg(),
});

/** Writes a benchmark's figures as JSON (the folder made as needed). */
export function writeFigures(file: string, json: object): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}
